import HealthModel

/// One sample of a cumulative series: its interval in milliseconds since 1970, `[start, end)`,
/// and its value in the series' unit.
struct TimedValue: Hashable {
  var start: Double
  var end: Double
  var value: Double
}

/// What a cumulative series adds up to in one period.
struct CumulativeTotal {
  var span: SummaryPeriodSpan
  var value = 0.0
  /// The samples that contributed more than zero.
  var count = 0
  /// Their sources.
  var sources = SourceSet()
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
  /// The totals by period start, one per period that a sample touched, in the order first
  /// touched.
  private var totalsByStart = KeyedStore<Double, CumulativeTotal>()
  /// The instants counted: `[lowerBound, upperBound)`, whole periods.
  private let bounds: Range<Double>

  /// The share of the sample being swept in the period it is in, before it is added.
  private var pendingSpan: SummaryPeriodSpan?
  private var pendingShare = 0.0
  /// The source being swept.
  private var source = 0

  /// - Parameter bounds: the instants counted (milliseconds since 1970), whole periods; parts of
  ///   samples outside them count nowhere.
  init(bounds: Range<Double>) {
    self.bounds = bounds
  }

  /// The totals, one per period that a sample touched, in the order first touched.
  var totals: [CumulativeTotal] { totalsByStart.values }

  /// Sweeps the samples of one source, which must come after every source of higher priority;
  /// they are sorted in place by start.
  mutating func add(_ samples: inout [TimedValue], source: Int, calendar: inout PeriodCalendar) {
    self.source = source
    samples.sort { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
    // The first interval of the union that ends after the current sample starts; samples come
    // by start, so it only moves forward.
    var first = 0
    for sample in samples {
      while first < coveredEnds.count && coveredEnds[first] <= sample.start { first += 1 }
      if sample.end == sample.start {
        let isHidden = first < coveredStarts.count && coveredStarts[first] <= sample.start
        if !isHidden && bounds.contains(sample.start) {
          credit(sample.value, to: calendar.span(containing: sample.start))
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
          creditPiece(cursor..<pieceEnd, of: sample, calendar: &calendar)
          cursor = pieceEnd
        }
      }
      flushPending()
    }
    cover(samples)
  }

  // MARK: - Private

  /// Adds the share of `sample` in `piece` (uncovered) to the periods the piece spans.
  private mutating func creditPiece(
    _ piece: Range<Double>, of sample: TimedValue, calendar: inout PeriodCalendar
  ) {
    var start = max(piece.lowerBound, bounds.lowerBound)
    let end = min(piece.upperBound, bounds.upperBound)
    while start < end {
      let span = calendar.span(containing: start)
      let partEnd = min(end, span.end.millisecondsSince1970)
      let share =
        start == sample.start && partEnd == sample.end
        ? sample.value : sample.value * (partEnd - start) / (sample.end - sample.start)
      credit(share, to: span)
      start = partEnd
    }
  }

  /// Adds a share of the current sample to a period; shares in one period are added up before
  /// the sample is counted there.
  private mutating func credit(_ share: Double, to span: SummaryPeriodSpan) {
    if let pendingSpan, pendingSpan.start == span.start {
      pendingShare += share
      return
    }
    flushPending()
    pendingSpan = span
    pendingShare = share
  }

  /// Adds the pending share to its period's total, counting the sample there when it gave more
  /// than zero.
  private mutating func flushPending() {
    guard let span = pendingSpan else { return }
    let index = totalsByStart.number(of: span.start.millisecondsSince1970) { CumulativeTotal(span: span) }
    totalsByStart.values[index].value += pendingShare
    if pendingShare > 0 {
      totalsByStart.values[index].count += 1
      totalsByStart.values[index].sources.insert(source)
    }
    pendingSpan = nil
    pendingShare = 0
  }

  /// Adds the intervals of `samples` (sorted by start) to the union.
  private mutating func cover(_ samples: [TimedValue]) {
    var starts: [Double] = []
    var ends: [Double] = []
    starts.reserveCapacity(coveredStarts.count + samples.count)
    ends.reserveCapacity(coveredEnds.count + samples.count)
    func append(_ start: Double, _ end: Double) {
      if let last = ends.last, start <= last {
        if end > last { ends[ends.count - 1] = end }
      } else {
        starts.append(start)
        ends.append(end)
      }
    }
    var old = 0
    for sample in samples where sample.end > sample.start {
      while old < coveredStarts.count && coveredStarts[old] <= sample.start {
        append(coveredStarts[old], coveredEnds[old])
        old += 1
      }
      append(sample.start, sample.end)
    }
    while old < coveredStarts.count {
      append(coveredStarts[old], coveredEnds[old])
      old += 1
    }
    coveredStarts = starts
    coveredEnds = ends
  }
}
