import HealthArchive
import HealthModel

/// The statistics of discrete types, one record per type, unit and period, added up as samples
/// are read; past a budget of records in memory, the half touched longest ago is spilled, packed,
/// as sorted runs beside the output (`SpilledRuns`, in the summary's spill file). So memory stays
/// within the budget however long the export.
///
/// Each period's sum is added up in input order, as when every record stays in memory: a sample
/// of a type and unit whose spilled periods span its period, and whose record is not in memory,
/// is kept as it is (a late value) and added to the spilled record, in order, at the end. Exports
/// group records by type and time, so a spilled record is seldom met again.
///
/// With nowhere to spill, every record stays in memory.
final class DiscreteStore {
  typealias Stats = Summarizer.DiscreteStats

  /// Records kept in memory before the half touched longest ago is spilled: about 4 MiB.
  static let defaultBudget = 32_768

  /// One type (its slot) in one unit.
  struct SlotUnit: Hashable {
    var slot: Int
    var unit: Int
  }

  /// One record of a list, spilled.
  struct PackedStats: BitwiseCopyable {
    var periodStart: Double
    var sum: Double
    var minimum: Double
    var maximum: Double
    var count: Int
    /// The input position of the record's first sample.
    var firstSeen: Int
    var sources: UInt32

    static func precedes(_ a: Self, _ b: Self) -> Bool { a.periodStart < b.periodStart }
  }

  /// A sample added after its list spilled records of periods around its own.
  struct LateValue: BitwiseCopyable {
    var periodStart: Double
    var value: Double
    var sequence: Int
    var source: UInt32

    static func precedes(_ a: Self, _ b: Self) -> Bool {
      a.periodStart != b.periodStart ? a.periodStart < b.periodStart : a.sequence < b.sequence
    }
  }

  /// One period's statistics of a list, with the input position of its first sample.
  struct Record {
    var periodStart: Double
    var stats: Stats
    var firstSeen: Int
  }

  private struct Key: Hashable {
    var list: Int
    var periodStart: Double
  }

  private let budget: Int
  private let canSpill: Bool
  // The state touched at every sample, by the one thread that reads the input and never from two
  // places at once: the dynamic exclusivity checks are left out.
  /// The records in memory.
  @exclusivity(unchecked) private var keys: [Key] = []
  @exclusivity(unchecked) private var stats: [Stats] = []
  @exclusivity(unchecked) private var firstSeen: [Int] = []
  @exclusivity(unchecked) private var lastTouched: [Int] = []
  @exclusivity(unchecked) private var numberByKey: [Key: Int] = [:]
  /// The record each list added to last, checked first: a type's samples come in runs of one
  /// period, however the types interleave. -1 for none.
  @exclusivity(unchecked) private var lastRecordByList: [Int] = []
  @exclusivity(unchecked) private var lastSlotUnit: SlotUnit?
  @exclusivity(unchecked) private var lastList = 0
  /// Samples added so far: each one's input position.
  @exclusivity(unchecked) private var sequence = 0

  /// The lists, one per slot and unit, in the order first met.
  private(set) var lists: [SlotUnit] = []
  private var listBySlotUnit: [SlotUnit: Int] = [:]
  /// Samples of each list, and the input position of its first.
  @exclusivity(unchecked) private(set) var sampleCounts: [Int] = []
  private(set) var listFirstSeen: [Int] = []
  /// The first and last period start spilled, by list.
  @exclusivity(unchecked) private var spilledRange: [ClosedRange<Double>?] = []
  private let spilled: SpilledRuns<PackedStats>
  private let late: SpilledRuns<LateValue>
  private var sourceSets = KeyedStore<SourceNameSet, SourceNameSet>()

  /// - Parameters:
  ///   - place: where records past `budget` are spilled; nil keeps every record in memory.
  ///   - budget: the records kept in memory before spilling.
  init(spillTo place: SpillPlace?, budget: Int = defaultBudget) {
    canSpill = place != nil
    self.budget = max(budget, 2)
    spilled = SpilledRuns(spillTo: place, budget: self.budget, precedes: PackedStats.precedes)
    late = SpilledRuns(spillTo: place, budget: self.budget, precedes: LateValue.precedes)
  }

  /// Whether a record has left memory.
  var hasSpilled: Bool { spilledRange.contains { $0 != nil } }
  /// Samples kept as late values.
  private(set) var lateValues = 0

  /// Adds one sample of a slot, in a unit, to its period.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func add(_ value: Double, slot: Int, unit: Int, periodStart: Double, source: Int) throws {
    sequence += 1
    let slotUnit = SlotUnit(slot: slot, unit: unit)
    let list: Int
    if slotUnit == lastSlotUnit {
      list = lastList
    } else {
      list = number(of: slotUnit)
      lastSlotUnit = slotUnit
      lastList = list
    }
    sampleCounts[list] += 1
    let key = Key(list: list, periodStart: periodStart)
    let index: Int
    let last = lastRecordByList[list]
    if last >= 0 && keys[last] == key {
      index = last
    } else if let known = numberByKey[key] {
      index = known
    } else if let range = spilledRange[list], range.contains(periodStart) {
      try late.append(
        LateValue(periodStart: periodStart, value: value, sequence: sequence, source: UInt32(source)),
        toList: list)
      lateValues += 1
      return
    } else {
      index = keys.count
      keys.append(key)
      stats.append(Stats())
      firstSeen.append(sequence)
      lastTouched.append(sequence)
      numberByKey[key] = index
    }
    lastRecordByList[list] = index
    stats[index].add(value, source: source)
    lastTouched[index] = sequence
    if keys.count > budget && canSpill { try spillOldest() }
  }

  /// Hands `body` the records of a list, by period, what was spilled and what came late added
  /// in; the store keeps none of them. Call once for each list, after the last sample.
  /// - Throws: what `body` throws; `OutputError.writeFailed` when the spill file cannot be read.
  func takeRecords(ofList list: Int, _ body: (Record) throws -> Void) throws {
    var inMemory: [Record] = []
    for (index, key) in keys.enumerated() where key.list == list {
      inMemory.append(Record(periodStart: key.periodStart, stats: stats[index], firstSeen: firstSeen[index]))
    }
    inMemory.sort { $0.periodStart < $1.periodStart }
    guard spilledRange[list] != nil else {
      for record in inMemory { try body(record) }
      return
    }
    var spilledMerge = RunMerge(
      lists: [spilled.take(list: list)], spill: spilled.spill, precedes: PackedStats.precedes)
    var lateMerge = RunMerge(lists: [late.take(list: list)], spill: late.spill, precedes: LateValue.precedes)
    var nextSpilled = try spilledMerge.next()?.row
    var nextLate = try lateMerge.next()?.row
    var memoryIndex = 0
    while true {
      // The next record: the earlier of the spilled one and the one in memory (never the same
      // period), else a period that only late values have.
      var record: Record
      let memoryStart = memoryIndex < inMemory.count ? inMemory[memoryIndex].periodStart : nil
      if let packed = nextSpilled, memoryStart.map({ packed.periodStart < $0 }) ?? true,
        nextLate.map({ packed.periodStart <= $0.periodStart }) ?? true
      {
        record = Record(
          periodStart: packed.periodStart,
          stats: Stats(
            sum: packed.sum, minimum: packed.minimum, maximum: packed.maximum, count: packed.count,
            sources: sourceSets.values[Int(packed.sources)]),
          firstSeen: packed.firstSeen)
        nextSpilled = try spilledMerge.next()?.row
      } else if let memoryStart, nextLate.map({ memoryStart <= $0.periodStart }) ?? true {
        record = inMemory[memoryIndex]
        memoryIndex += 1
      } else if let value = nextLate {
        record = Record(periodStart: value.periodStart, stats: Stats(), firstSeen: value.sequence)
      } else {
        break
      }
      while let value = nextLate, value.periodStart == record.periodStart {
        record.stats.add(value.value, source: Int(value.source))
        nextLate = try lateMerge.next()?.row
      }
      try body(record)
    }
  }

  // MARK: - Private

  private func number(of slotUnit: SlotUnit) -> Int {
    if let known = listBySlotUnit[slotUnit] { return known }
    let list = lists.count
    lists.append(slotUnit)
    listBySlotUnit[slotUnit] = list
    sampleCounts.append(0)
    listFirstSeen.append(sequence)
    spilledRange.append(nil)
    lastRecordByList.append(-1)
    _ = spilled.addList()
    _ = late.addList()
    return list
  }

  /// Spills the half of the records touched longest ago and keeps the rest.
  private func spillOldest() throws {
    let order = keys.indices.sorted { lastTouched[$0] < lastTouched[$1] }
    let spilledCount = keys.count / 2
    var kept = [Bool](repeating: true, count: keys.count)
    for index in order.prefix(spilledCount) {
      kept[index] = false
      let key = keys[index]
      let record = stats[index]
      let sources = sourceSets.number(of: record.sources) { record.sources }
      try spilled.append(
        PackedStats(
          periodStart: key.periodStart, sum: record.sum, minimum: record.minimum, maximum: record.maximum,
          count: record.count, firstSeen: firstSeen[index], sources: UInt32(sources)),
        toList: key.list)
      let range = spilledRange[key.list]
      spilledRange[key.list] =
        min(
          range?.lowerBound ?? key.periodStart, key.periodStart)...max(
          range?.upperBound ?? key.periodStart, key.periodStart)
    }
    var newKeys: [Key] = []
    var newStats: [Stats] = []
    var newFirstSeen: [Int] = []
    var newLastTouched: [Int] = []
    numberByKey = [:]
    for index in keys.indices where kept[index] {
      numberByKey[keys[index]] = newKeys.count
      newKeys.append(keys[index])
      newStats.append(stats[index])
      newFirstSeen.append(firstSeen[index])
      newLastTouched.append(lastTouched[index])
    }
    keys = newKeys
    stats = newStats
    firstSeen = newFirstSeen
    lastTouched = newLastTouched
    for list in lastRecordByList.indices { lastRecordByList[list] = -1 }
  }
}
