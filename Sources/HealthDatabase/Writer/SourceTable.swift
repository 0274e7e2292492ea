import Foundation

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
    guard let device, let range = device.range(of: "model:") else { return nil }
    let rest = device[range.upperBound...]
    let model = rest.prefix { $0 != "," && $0 != ">" }.trimmingCharacters(in: .whitespaces)
    return model.isEmpty ? nil : model
  }

  /// Each source's priority, 1 the highest, as summaries.md orders them: sources on an Apple Watch,
  /// then on an iPhone, then the rest, each group by name in byte order. Sources of one name in
  /// one group share a priority.
  func priorities() -> [Int64: Int] {
    func group(_ key: Key) -> Int {
      switch Self.deviceModel(key.device) {
      case "Watch": 0
      case "iPhone": 1
      default: 2
      }
    }
    let ranked = Set(keys.map { RankKey(group: group($0), name: Array($0.name.utf8)) }).sorted()
    var rankOf: [RankKey: Int] = [:]
    for (index, key) in ranked.enumerated() { rankOf[key] = index + 1 }
    var result: [Int64: Int] = [:]
    for (index, key) in keys.enumerated() {
      result[Int64(index + 1)] = rankOf[RankKey(group: group(key), name: Array(key.name.utf8))]
    }
    return result
  }

  private struct RankKey: Hashable, Comparable {
    var group: Int
    var name: [UInt8]

    static func < (lhs: RankKey, rhs: RankKey) -> Bool {
      lhs.group != rhs.group ? lhs.group < rhs.group : lhs.name.lexicographicallyPrecedes(rhs.name)
    }
  }
}
