public import Foundation
public import HealthModel

/// Why an export selected no rows: the range it used, what the input holds of each selected
/// series, and the problems that removed readings; what `ExportError.noData` says.
public struct NoDataReport: Hashable, Sendable {
  /// The readings of one selected series that the range left out: all of its readings, since
  /// nothing was selected.
  public struct Span: Hashable, Sendable {
    /// The series' name (`Weight`, `Blood Pressure Systolic`, `Labs`).
    public var name: String
    /// How many readings the input holds.
    public var count: Int
    /// The first and last start dates, local calendar days; nil when there are none.
    public var first: CalendarDay?
    /// The last day with data, in the selection's time zone; nil when there is none.
    public var last: CalendarDay?
    /// Lab results the input holds whose LOINC codes were not chosen (the span of `Labs`).
    public var otherCodes = 0

    /// A span, each argument the property of the same name.
    public init(name: String, count: Int, first: CalendarDay?, last: CalendarDay?, otherCodes: Int = 0) {
      self.name = name
      self.count = count
      self.first = first
      self.last = last
      self.otherCodes = otherCodes
    }

    /// Spans of several series as one, `Every type`: for a job that reads every type the input
    /// holds (the summary without types named); none where no series has a reading.
    static func together(_ spans: [Span]) -> [Span] {
      let count = spans.reduce(0) { $0 + $1.count }
      guard count > 0 else { return [] }
      return [
        Span(
          name: "Every type", count: count, first: spans.compactMap(\.first).min(),
          last: spans.compactMap(\.last).max())
      ]
    }
  }

  /// The range used.
  public var range: DateRange
  /// The first and last day the range kept, where it has them.
  public var firstDay: CalendarDay?
  /// The last day with data, in the selection's time zone; nil when there is none.
  public var lastDay: CalendarDay?
  /// The zone days were reckoned in.
  public var timeZoneIdentifier: String
  /// Each selected series, in block order.
  public var spans: [Span]
  /// Records skipped or unusable, by reason (a missing clinical-record file, a unit that cannot
  /// be converted).
  public var skipped: [Diagnostics.Tally]
  /// Readings left out by a rule (blood glucose under 20 mg/dL).
  public var dropped: [Diagnostics.Tally]

  /// The report of a range used at `now`.
  /// - Parameters:
  ///   - range: the range used.
  ///   - now: the moment it counted from.
  ///   - timeZone: where its days begin and end.
  ///   - spans: the selected series, each with what the range left out of it; empty when the
  ///     job does not keep series apart (the summaries).
  ///   - skipped: the run's diagnostics.
  ///   - dropped: readings a rule left out.
  public init(
    range: DateRange, now: Timestamp, timeZone: TimeZone, spans: [Span], skipped: [Diagnostics.Tally],
    dropped: [Diagnostics.Tally] = []
  ) {
    let bounds = range.bounds(now: now, timeZone: timeZone)
    self.range = range
    firstDay = bounds.start.map { DateRange.day(of: $0, in: timeZone) }
    lastDay = bounds.end.map {
      DateRange.day(of: Timestamp(millisecondsSince1970: $0.millisecondsSince1970 - 1), in: timeZone)
    }
    timeZoneIdentifier = timeZone.displayName
    self.spans = spans
    self.skipped = skipped
    self.dropped = dropped
  }

  /// The lines after "No data found…", each a sentence.
  public var lines: [String] {
    var lines = ["The range: \(rangeText) (\(timeZoneIdentifier))."]
    for span in spans {
      guard span.count > 0, let first = span.first, let last = span.last else {
        lines.append(
          span.otherCodes > 0
            ? "\(span.name): none with the codes chosen; the input holds \(span.otherCodes) lab \(span.otherCodes == 1 ? "result" : "results") of other codes."
            : "\(span.name): none in the input.")
        continue
      }
      var line = "\(span.name): \(span.count) \(span.count == 1 ? "reading" : "readings"), \(first) … \(last)"
      if let window = windowText { line += "; none \(window)" }
      lines.append(line + ".")
    }
    for tally in skipped {
      lines.append(
        "Skipped \(tally.count) × \(tally.reason)" + (tally.firstLocation.map { " (first at \($0))" } ?? "")
          + ".")
    }
    for tally in dropped { lines.append("Left out \(tally.count) \(tally.reason).") }
    lines.append(suggestion)
    return lines
  }

  /// What to try: where the data ends before the range (an export made months ago, read today),
  /// its own last days, as many as the range has; where it begins after the range, its first day;
  /// else every date, or from the first reading.
  private var suggestion: String {
    let firsts = spans.compactMap(\.first)
    let lasts = spans.compactMap(\.last)
    guard let first = firsts.min(), let last = lasts.max() else {
      if spans.isEmpty { return range == .all ? "The input holds no data." : "Try --all for every date." }
      return "The input holds none of the selected metrics: 'health-exporter inspect' shows what it holds."
    }
    if let firstDay, last < firstDay {
      let days = rangeDays ?? 30
      return
        "The data ends on \(last): try --from \(last.adding(days: -(days - 1))) --to \(last) for its last \(days) \(days == 1 ? "day" : "days"), or --all."
    }
    if let lastDay, first > lastDay {
      return "The data begins on \(first): try --from \(first), or --all."
    }
    return "Try --all for every date, or --from \(first) to start at the first reading."
  }

  /// How many days the range spans, where it has both ends.
  private var rangeDays: Int? {
    guard let firstDay, let lastDay else { return nil }
    return Int(lastDay.dayNumber - firstDay.dayNumber) + 1
  }

  /// `the last 30 days, 2026-11-02 to 2026-12-01`.
  private var rangeText: String {
    switch range {
    case .lastDays(let days):
      "the last \(days) \(days == 1 ? "day" : "days")" + (windowText.map { ", \($0.dropFirst(5))" } ?? "")
    case .lastRecords(let count): "the last \(count) \(count == 1 ? "record" : "records") of each metric"
    case .all: "all dates"
    case .custom: windowText.map { String($0) } ?? "all dates"
    }
  }

  /// `from 2026-11-02 to 2026-12-01`, `from 2026-11-02 on`, `up to 2026-12-01`.
  private var windowText: String? {
    switch (firstDay, lastDay) {
    case (let first?, let last?): "from \(first) to \(last)"
    case (let first?, nil): "from \(first) on"
    case (nil, let last?): "up to \(last)"
    case (nil, nil): nil
    }
  }
}
