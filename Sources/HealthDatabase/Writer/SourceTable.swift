import HealthExport
import HealthModel

/// The `sources` table: one row for each app and device (name, version and device text) that
/// wrote something, numbered as first seen, with the priority of summaries.md.
struct SourceTable {
  struct Key: Hashable {
    var name: String
    var version: String?
    var device: String?
  }

  /// The sources numbered as first seen: a source's id is its number plus 1.
  private var store = KeyedStore<Key, Void>()

  /// The sources in id order.
  var keys: [Key] { store.keys }

  /// The id of the source, and whether it is new.
  mutating func id(name: String, version: String?, device: String?) -> (id: Int64, isNew: Bool) {
    let known = store.keys.count
    let number = store.number(of: Key(name: name, version: version, device: device)) {}
    return (Int64(number + 1), number == known)
  }

  /// The `model:` part of HealthKit's device description (`Watch`, `iPhone`), if any.
  static func deviceModel(_ device: String?) -> String? {
    device.flatMap(HealthKitDevice.model(in:))
  }

  /// Each source's priority, 1 the highest, in the order of summaries.md over every type
  /// (`SummarySources`): names whose records came from an Apple Watch, then from an iPhone, then
  /// the rest, each group by name in byte order. The rows of one name share its priority. (The
  /// summaries rank each type's sources by that type's records alone.)
  func priorities() -> [Int64: Int] {
    var order = SummarySources()
    let numbers = keys.map { key in
      let number = order.number(of: key.name)
      order.note(device: key.device, source: number, ranking: 0)
      return number
    }
    let ranks = order.ranks(priority: [], ranking: 0)
    var result: [Int64: Int] = [:]
    for (index, number) in numbers.enumerated() { result[Int64(index + 1)] = ranks[number] + 1 }
    return result
  }
}
