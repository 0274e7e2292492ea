import HealthArchive
import HealthModel

/// The counts of counted categories (stand hours, the other category types), one record per type
/// and period, added up as samples are read. At most a budget of records is kept as they are
/// added; past it, every one is packed (24 bytes) into sorted lists, one per type, which spill as
/// runs beside the output past the same budget (`SpilledRuns`, in the summary's spill file). A
/// period met again after its record was packed starts a record of its own; the records of one
/// period are added up at the end. Counts and sets of sources add up in any order, so the summary
/// is the same as one counted wholly in memory, and memory stays within the budget however many
/// periods there are.
///
/// With nowhere to spill, the packed records stay in memory.
final class CountedStore {
  typealias Stats = Summarizer.CountStats

  /// Records kept as they are added before they are packed: about 3 MiB, and as many packed.
  static let defaultBudget = 32_768

  /// One period's count of a type, packed.
  struct PackedCount: BitwiseCopyable {
    var periodStart: Double
    var count: Int
    /// The number of its set of sources.
    var sources: UInt32

    static func precedes(_ a: Self, _ b: Self) -> Bool { a.periodStart < b.periodStart }
  }

  /// One period's count of a type.
  struct Record: Equatable {
    var periodStart: Double
    var stats: Stats
  }

  private struct Key: Hashable {
    var slot: Int
    var periodStart: Double
  }

  private let budget: Int
  // The state touched at every sample, by the one thread that reads the input and never from two
  // places at once: the dynamic exclusivity checks are left out.
  /// The records as they are added, before they are packed.
  @exclusivity(unchecked) private var recent = KeyedStore<Key, Stats>()
  /// The packed records, one list per slot.
  private let packed: SpilledRuns<PackedCount>
  private var sourceSets = KeyedStore<SourceNameSet, SourceNameSet>()
  /// The slots met, in the order first met.
  private(set) var slots: [Int] = []
  private var hasList: [Bool] = []

  /// - Parameters:
  ///   - place: where packed records past `budget` are spilled; nil keeps them in memory.
  ///   - budget: the records kept as they are added before they are packed, and the packed ones
  ///     kept in memory before they are spilled.
  init(spillTo place: SpillPlace?, budget: Int = defaultBudget) {
    self.budget = max(budget, 1)
    packed = SpilledRuns(spillTo: place, budget: self.budget, precedes: PackedCount.precedes)
  }

  /// Whether records were packed before the end, past the budget.
  private(set) var hasPacked = false

  /// Adds one sample of a slot to its period: to the count when `counts`, else only the period.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func add(slot: Int, periodStart: Double, source: Int, counts: Bool) throws {
    let index = recent.number(of: Key(slot: slot, periodStart: periodStart)) { Stats() }
    if counts {
      recent.values[index].count += 1
      recent.values[index].sources.insert(source)
    }
    if recent.values.count > budget {
      hasPacked = true
      try pack()
    }
  }

  /// Hands `body` the records of each slot, by slot in the order first met, then by period; the
  /// store keeps none of them. Call once, after the last sample.
  /// - Throws: what `body` throws; `OutputError` when the spill file cannot be written or read.
  func takeRecords(_ body: (_ slot: Int, Record) throws -> Void) throws {
    try pack()
    for slot in slots {
      var merge = RunMerge(
        lists: [packed.take(list: slot)], spill: packed.spill, precedes: PackedCount.precedes)
      var current: Record?
      while let next = try merge.next() {
        let row = next.row
        if var same = current, same.periodStart == row.periodStart {
          same.stats.count += row.count
          same.stats.sources.formUnion(sourceSets.values[Int(row.sources)])
          current = same
          continue
        }
        if let current { try body(slot, current) }
        current = Record(
          periodStart: row.periodStart,
          stats: Stats(count: row.count, sources: sourceSets.values[Int(row.sources)]))
      }
      if let current { try body(slot, current) }
    }
  }

  // MARK: - Private

  /// Packs every record kept as added into the lists.
  private func pack() throws {
    guard !recent.values.isEmpty else { return }
    for (key, stats) in zip(recent.keys, recent.values) {
      while hasList.count <= key.slot {
        hasList.append(false)
        _ = packed.addList()
      }
      if !hasList[key.slot] {
        hasList[key.slot] = true
        slots.append(key.slot)
      }
      let sources = sourceSets.number(of: stats.sources) { stats.sources }
      try packed.append(
        PackedCount(periodStart: key.periodStart, count: stats.count, sources: UInt32(sources)),
        toList: key.slot)
    }
    recent = KeyedStore()
  }
}
