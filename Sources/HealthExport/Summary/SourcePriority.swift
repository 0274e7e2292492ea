import HealthModel

/// The priority of a summary's source names (the apps and devices that wrote its samples),
/// numbered in the order first met, with what decides it: the names the user put first, then
/// Apple Watches, then iPhones, then every other source.
///
/// A source's class is decided per ranking (a summarized type: each type ranks its sources on
/// its own), over every sample of it noted, whatever the range: a Watch source when any carries
/// a device whose `model:` is `Watch`, else an iPhone source when any carries `model:iPhone`.
/// So a day's total does not depend on the days, or the types, asked for.
package struct SourcePriority {
  package init() {}

  /// Where a source stands before its name is compared.
  private enum Group: Int, Comparable {
    case watch, iPhone, other

    static func < (lhs: Group, rhs: Group) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The names, numbered as first met.
  private var table = KeyedStore<String, String>()
  /// The names, by number.
  package var names: [String] { table.values }
  /// Each ranking's groups, by source number (sources it has not noted are `other`).
  private var groups: [[Group]] = []
  /// The groups of the device descriptions met, without their addresses
  /// (`HealthKitDevice.withoutAddress`), forgotten once there are `deviceLimit`: memory does
  /// not grow with the addresses, nearly one per record.
  private var groupByDevice: [Substring: Group] = [:]
  private static let deviceLimit = 4096
  private var lastName: String?
  private var lastNumber = 0
  private var lastDevice: String?
  private var lastDeviceGroup = Group.other
  /// Names met recently, with their lengths in bytes, checked before the table.
  private var recent = RecentValues<(name: String, length: Int, number: Int)>(capacity: 8)

  /// The number of `name`, which is counted when first met.
  ///
  /// The last name is checked first, then a few met recently (the samples of a few sources
  /// interleave), each by its length before its bytes, then the table.
  package mutating func number(of name: String) -> Int {
    if name == lastName { return lastNumber }
    let number = recentNumber(of: name) ?? tableNumber(of: name)
    lastName = name
    lastNumber = number
    return number
  }

  /// Notes the device of a sample of `ranking` from source `number`, which sharpens the source's
  /// class in that ranking.
  @inline(__always)
  package mutating func note(device: String?, source number: Int, ranking: Int) {
    guard let device else { return }
    if ranking < groups.count, number < groups[ranking].count, groups[ranking][number] == .watch { return }
    let group = self.group(ofDevice: device)
    guard group != .other else { return }
    while groups.count <= ranking { groups.append([]) }
    if groups[ranking].count <= number {
      groups[ranking].append(contentsOf: repeatElement(.other, count: number + 1 - groups[ranking].count))
    }
    if group < groups[ranking][number] { groups[ranking][number] = group }
  }

  /// The priority of each source by number in `ranking`, 0 the highest: the names of `priority`
  /// in that order, then Watch sources, then iPhone sources, then the others, each group by name
  /// in byte order.
  package func ranks(priority: [String], ranking: Int) -> [Int] {
    var positionByName: [String: Int] = [:]
    for (position, name) in priority.enumerated() where positionByName[name] == nil {
      positionByName[name] = position
    }
    let rankingGroups = ranking < groups.count ? groups[ranking] : []
    func group(_ number: Int) -> Group { number < rankingGroups.count ? rankingGroups[number] : .other }
    let order = names.indices.sorted { lhs, rhs in
      switch (positionByName[names[lhs]], positionByName[names[rhs]]) {
      case (let left?, let right?): return left < right
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil):
        if group(lhs) != group(rhs) { return group(lhs) < group(rhs) }
        return names[lhs].utf8.lexicographicallyPrecedes(names[rhs].utf8)
      }
    }
    var ranks = [Int](repeating: 0, count: names.count)
    for (rank, number) in order.enumerated() { ranks[number] = rank }
    return ranks
  }

  /// The names of `priority` that no sample read carries.
  package func unknownNames(in priority: [String]) -> [String] {
    var seen: Set<String> = []
    return priority.filter { table.number(of: $0) == nil && seen.insert($0).inserted }
  }

  /// The number of a name among the few met most recently.
  private func recentNumber(of name: String) -> Int? {
    let length = name.utf8.count
    for entry in recent.elements where entry.length == length && entry.name == name { return entry.number }
    return nil
  }

  /// The number of a name from the table, counted when first met; kept among the recent ones in
  /// place of the one kept longest.
  private mutating func tableNumber(of name: String) -> Int {
    let number = table.number(of: name) { name }
    recent.add((name: name, length: name.utf8.count, number: number))
    return number
  }

  private mutating func group(ofDevice device: String) -> Group {
    if device == lastDevice { return lastDeviceGroup }
    let group: Group
    let description = HealthKitDevice.withoutAddress(device)
    if let known = groupByDevice[description] {
      group = known
    } else {
      switch HealthKitDevice.model(in: device) {
      case "Watch": group = .watch
      case "iPhone": group = .iPhone
      default: group = .other
      }
      if groupByDevice.count == Self.deviceLimit { groupByDevice.removeAll(keepingCapacity: true) }
      groupByDevice[description] = group
    }
    lastDevice = device
    lastDeviceGroup = group
    return group
  }
}

/// A set of source names by number, without allocating for the first 64.
struct SourceNameSet: Hashable {
  private var mask: UInt64 = 0
  private var more: Set<Int> = []

  mutating func insert(_ number: Int) {
    if number < 64 { mask |= 1 << UInt64(number) } else { more.insert(number) }
  }

  mutating func formUnion(_ other: SourceNameSet) {
    mask |= other.mask
    more.formUnion(other.more)
  }

  var isEmpty: Bool { mask == 0 && more.isEmpty }

  /// The numbers in the set.
  var numbers: [Int] {
    var result: [Int] = []
    var rest = mask
    while rest != 0 {
      let bit = rest.trailingZeroBitCount
      result.append(bit)
      rest &= rest - 1
    }
    return result + more.sorted()
  }
}
