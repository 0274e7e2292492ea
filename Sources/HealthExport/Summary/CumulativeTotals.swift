import HealthArchive
import HealthModel

/// What a cumulative series adds up to in one period.
struct CumulativeTotal: Equatable {
  /// The period's first instant, in milliseconds since 1970.
  var periodStart: Double
  var value = 0.0
  /// The samples that contributed more than zero.
  var count = 0
  /// Their sources.
  var sources = SourceNameSet()

  /// Adds one sample's share, counting the sample when it gave more than zero.
  mutating func add(_ share: Double, source: Int) {
    value += share
    if share > 0 {
      count += 1
      sources.insert(source)
    }
  }
}

/// The totals of one cumulative series as the sweep credits them, one per period, each added up
/// in the order the shares come. At most a budget of totals is kept in memory; past it, every one
/// is packed (32 bytes) and spilled as a sorted run beside the output (`SpilledRuns`, in the
/// summary's spill file). A share for a period within the spilled ones, whose total is not in
/// memory, is kept as it is (a late share, spilled too) and added to its period's total at the
/// end, in the order it came: so every total is added up in the same order as in memory, and the
/// summary is the same bytes, while memory stays within the budget however many periods there
/// are (an hourly series of many years).
///
/// With nowhere to spill, every total stays in memory.
final class CumulativeTotals {
  /// Totals kept in memory before they are spilled: about 2 MiB.
  static let defaultBudget = 32_768

  /// One period's total, spilled.
  struct PackedTotal: BitwiseCopyable {
    var periodStart: Double
    var value: Double
    var count: Int
    /// The number of its set of sources.
    var sources: UInt32

    static func precedes(_ a: Self, _ b: Self) -> Bool { a.periodStart < b.periodStart }
  }

  /// A share credited after the totals of periods around its own were spilled.
  struct LateShare: BitwiseCopyable {
    var periodStart: Double
    var share: Double
    var sequence: Int
    var source: UInt32

    static func precedes(_ a: Self, _ b: Self) -> Bool {
      a.periodStart != b.periodStart ? a.periodStart < b.periodStart : a.sequence < b.sequence
    }
  }

  private let budget: Int
  private let canSpill: Bool
  /// The totals in memory, in the order first credited.
  private var inMemory = KeyedStore<Double, CumulativeTotal>()
  private let spilled: SpilledRuns<PackedTotal>
  private let late: SpilledRuns<LateShare>
  /// The first and last period start spilled.
  private var spilledRange: ClosedRange<Double>?
  /// Shares credited so far: each one's position.
  private var sequence = 0
  private var sourceSets = KeyedStore<SourceNameSet, SourceNameSet>()

  /// - Parameters:
  ///   - place: where totals past `budget` are spilled; nil keeps every total in memory.
  ///   - budget: the totals kept in memory before spilling.
  init(spillTo place: SpillPlace?, budget: Int = defaultBudget) {
    canSpill = place != nil
    self.budget = max(budget, 1)
    spilled = SpilledRuns(listCount: 1, spillTo: place, budget: self.budget, precedes: PackedTotal.precedes)
    late = SpilledRuns(listCount: 1, spillTo: place, budget: self.budget, precedes: LateShare.precedes)
  }

  /// Whether a total has left memory.
  var hasSpilled: Bool { spilledRange != nil }

  /// Adds one sample's share in a period to the period's total.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func credit(_ share: Double, toPeriodStarting start: Double, source: Int) throws {
    sequence += 1
    // A total in memory is never within the spilled ones: every total is spilled at once.
    if let range = spilledRange, range.contains(start) {
      try late.append(
        LateShare(periodStart: start, share: share, sequence: sequence, source: UInt32(source)), toList: 0)
      return
    }
    let index = inMemory.number(of: start) { CumulativeTotal(periodStart: start) }
    inMemory.values[index].add(share, source: source)
    if canSpill && inMemory.values.count > budget { try spillAll() }
  }

  /// Hands `body` the totals: in the order first credited when none was spilled, else by period;
  /// the store keeps none of them. Call once, after the last share.
  /// - Throws: what `body` throws; `OutputError` when the spill file cannot be written or read.
  func takeTotals(_ body: (CumulativeTotal) throws -> Void) throws {
    guard hasSpilled else {
      for total in inMemory.values { try body(total) }
      inMemory = KeyedStore()
      return
    }
    try spillAll()
    var totals = RunMerge(
      lists: [spilled.take(list: 0)], spill: spilled.spill, precedes: PackedTotal.precedes)
    var shares = RunMerge(lists: [late.take(list: 0)], spill: late.spill, precedes: LateShare.precedes)
    var nextTotal = try totals.next()?.row
    var nextShare = try shares.next()?.row
    while true {
      // The next period: a spilled total (spilled once at most), else one that only late shares
      // have.
      var total: CumulativeTotal
      if let packed = nextTotal, nextShare.map({ packed.periodStart <= $0.periodStart }) ?? true {
        total = CumulativeTotal(
          periodStart: packed.periodStart, value: packed.value, count: packed.count,
          sources: sourceSets.values[Int(packed.sources)])
        nextTotal = try totals.next()?.row
      } else if let share = nextShare {
        total = CumulativeTotal(periodStart: share.periodStart)
      } else {
        break
      }
      while let share = nextShare, share.periodStart == total.periodStart {
        total.add(share.share, source: Int(share.source))
        nextShare = try shares.next()?.row
      }
      try body(total)
    }
  }

  // MARK: - Private

  /// Spills every total in memory.
  private func spillAll() throws {
    for total in inMemory.values {
      let sources = sourceSets.number(of: total.sources) { total.sources }
      try spilled.append(
        PackedTotal(
          periodStart: total.periodStart, value: total.value, count: total.count, sources: UInt32(sources)),
        toList: 0)
      let range = spilledRange
      spilledRange =
        min(
          range?.lowerBound ?? total.periodStart, total.periodStart)...max(
          range?.upperBound ?? total.periodStart, total.periodStart)
    }
    inMemory = KeyedStore()
  }
}
