import HealthModel

/// One sample of a cumulative series: its interval in milliseconds since 1970, `[start, end)`,
/// and its value in the series' unit.
struct TimedValue: Hashable {
  var start: Double
  var end: Double
  var value: Double

  /// The order a source's samples are swept in: by start, then by end.
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    a.start != b.start ? a.start < b.start : a.end < b.end
  }
}

/// The source-priority sweep of one cumulative series (summaries.md), fed one source at a time
/// from the highest priority down.
///
/// It keeps the union of the intervals of the sources already swept, as sorted disjoint
/// intervals. A sample of the next source counts only in the parts of its interval outside that
/// union, prorated by time: a part of length `d` of a sample of length `L` and value `v` adds
/// `v × d / L` to the period it lies in (the whole `v` when the part is the whole sample). A
/// zero-length sample adds its value to the period of its instant unless the union holds the
/// instant. Samples of one source never hide each other: the union grows only after the whole
/// source is swept.
///
/// - Complexity: O(n log n) for the samples of a source (they are sorted), plus O(n + u) to
///   walk and merge them against the union of `u` intervals.
struct CumulativeSweep {
  private var coveredStarts: [Double] = []
  private var coveredEnds: [Double] = []
  /// The totals, one per period that a sample touched.
  let totals: CumulativeTotals
  /// The instants counted: `[lowerBound, upperBound)`, whole periods.
  private let bounds: Range<Double>

  /// The share of the sample being swept in the period it is in, before it is added.
  private var pendingSpan: SummaryPeriodSpan?
  private var pendingShare = 0.0
  /// The source being swept.
  private var source = 0
  /// The first interval of the union that ends after the current sample starts; samples come by
  /// start, so it only moves forward.
  private var first = 0
  /// The union of the intervals of the source being swept, when a later source comes.
  private var sourceStarts: [Double] = []
  private var sourceEnds: [Double] = []
  private var coversSource = true

  /// - Parameters:
  ///   - bounds: the instants counted (milliseconds since 1970), whole periods; parts of samples
  ///     outside them count nowhere.
  ///   - place: where totals past `totalBudget` are spilled; nil keeps them in memory.
  ///   - totalBudget: the totals kept in memory before spilling.
  init(
    bounds: Range<Double>, spillTo place: SpillPlace? = nil, totalBudget: Int = CumulativeTotals.defaultBudget
  ) {
    self.bounds = bounds
    totals = CumulativeTotals(spillTo: place, budget: totalBudget)
  }

  /// Sweeps the samples of one source, which must come after every source of higher priority;
  /// they are sorted in place by start.
  /// - Throws: `OutputError` when totals cannot be spilled.
  mutating func add(_ samples: inout [TimedValue], source: Int, calendar: inout PeriodCalendar) throws {
    samples.sort(by: TimedValue.precedes)
    beginSource(source)
    for sample in samples { try add(sample, calendar: &calendar) }
    endSource()
  }

  /// Begins the samples of one source, which must come after every source of higher priority.
  /// - Parameters:
  ///   - source: the source's number.
  ///   - hidesLater: whether a later source comes, which this one's intervals hide.
  mutating func beginSource(_ source: Int, hidesLater: Bool = true) {
    self.source = source
    first = 0
    coversSource = hidesLater
    sourceStarts = []
    sourceEnds = []
  }

  /// Sweeps the next sample of the source begun, in `TimedValue.precedes` order.
  /// - Throws: `OutputError` when totals cannot be spilled.
  mutating func add(_ sample: TimedValue, calendar: inout PeriodCalendar) throws {
    while first < coveredEnds.count && coveredEnds[first] <= sample.start { first += 1 }
    if sample.end == sample.start {
      let isHidden = first < coveredStarts.count && coveredStarts[first] <= sample.start
      if !isHidden && bounds.contains(sample.start) {
        try credit(sample.value, to: calendar.span(containing: sample.start))
      }
    } else {
      var cursor = sample.start
      var index = first
      while cursor < sample.end {
        if index < coveredStarts.count && coveredStarts[index] <= cursor {
          cursor = max(cursor, coveredEnds[index])
          index += 1
          continue
        }
        let pieceEnd = index < coveredStarts.count ? min(sample.end, coveredStarts[index]) : sample.end
        try creditPiece(cursor..<pieceEnd, of: sample, calendar: &calendar)
        cursor = pieceEnd
      }
      if coversSource { Self.extend(&sourceStarts, &sourceEnds, sample.start, sample.end) }
    }
    try flushPending()
  }

  /// Ends the source begun: its intervals join the union that hides later sources.
  mutating func endSource() {
    guard coversSource, !sourceStarts.isEmpty else { return }
    var starts: [Double] = []
    var ends: [Double] = []
    starts.reserveCapacity(coveredStarts.count + sourceStarts.count)
    ends.reserveCapacity(coveredEnds.count + sourceEnds.count)
    var old = 0
    var new = 0
    while old < coveredStarts.count || new < sourceStarts.count {
      if new == sourceStarts.count || (old < coveredStarts.count && coveredStarts[old] <= sourceStarts[new]) {
        Self.extend(&starts, &ends, coveredStarts[old], coveredEnds[old])
        old += 1
      } else {
        Self.extend(&starts, &ends, sourceStarts[new], sourceEnds[new])
        new += 1
      }
    }
    coveredStarts = starts
    coveredEnds = ends
    sourceStarts = []
    sourceEnds = []
  }

  // MARK: - Private

  /// Adds the share of `sample` in `piece` (uncovered) to the periods the piece spans.
  private mutating func creditPiece(
    _ piece: Range<Double>, of sample: TimedValue, calendar: inout PeriodCalendar
  ) throws {
    var start = max(piece.lowerBound, bounds.lowerBound)
    let end = min(piece.upperBound, bounds.upperBound)
    while start < end {
      let span = calendar.span(containing: start)
      let partEnd = min(end, span.end.millisecondsSince1970)
      let share =
        start == sample.start && partEnd == sample.end
        ? sample.value : sample.value * (partEnd - start) / (sample.end - sample.start)
      try credit(share, to: span)
      start = partEnd
    }
  }

  /// Adds a share of the current sample to a period; shares in one period are added up before
  /// the sample is counted there.
  private mutating func credit(_ share: Double, to span: SummaryPeriodSpan) throws {
    if let pendingSpan, pendingSpan.start == span.start {
      pendingShare += share
      return
    }
    try flushPending()
    pendingSpan = span
    pendingShare = share
  }

  /// Adds the pending share to its period's total, counting the sample there when it gave more
  /// than zero.
  private mutating func flushPending() throws {
    guard let span = pendingSpan else { return }
    try totals.credit(pendingShare, toPeriodStarting: span.start.millisecondsSince1970, source: source)
    pendingSpan = nil
    pendingShare = 0
  }

  /// Adds `[start, end)`, which starts at or after the last interval's start, to the sorted
  /// disjoint intervals `starts`/`ends`.
  private static func extend(_ starts: inout [Double], _ ends: inout [Double], _ start: Double, _ end: Double)
  {
    if let last = ends.last, start <= last {
      if end > last { ends[ends.count - 1] = end }
    } else {
      starts.append(start)
      ends.append(end)
    }
  }
}
