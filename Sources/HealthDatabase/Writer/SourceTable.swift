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

  /// The sources, by key, with their ids.
  private(set) var ids: [Key: Int64] = [:]
  /// The sources in id order.
  private(set) var keys: [Key] = []
  private var lastKey: Key?
  private var lastID: Int64 = 0

  /// The id of the source, and whether it is new.
  mutating func id(name: String, version: String?, device: String?) -> (id: Int64, isNew: Bool) {
    let key = Key(name: name, version: version, device: device)
    if let lastKey, lastKey == key { return (lastID, false) }
    lastKey = key
    if let id = ids[key] {
      lastID = id
      return (id, false)
    }
    keys.append(key)
    lastID = Int64(keys.count)
    ids[key] = lastID
    return (lastID, true)
  }

  /// The `model:` part of HealthKit's device description (`Watch`, `iPhone`), if any.
  static func deviceModel(_ device: String?) -> String? {
    device.flatMap(HealthKitDevice.model(in:))
  }

  /// Each source's priority, 1 the highest, in the order of summaries.md over every type
  /// (`SourcePriority`): names whose records came from an Apple Watch, then from an iPhone, then
  /// the rest, each group by name in byte order. The rows of one name share its priority. (The
  /// summaries rank each type's sources by that type's records alone.)
  func priorities() -> [Int64: Int] {
    var order = SourcePriority()
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
