public import Foundation
public import HealthExport
public import HealthModel

extension ReportExport {
  /// What a report did, for the one-line summary on standard error.
  public struct Outcome: Sendable {
    /// The sections shown, by id (`overview`, `body`, `activity`, `heart`, `blood`, `sleep`,
    /// `workouts`, `labs`), in page order.
    public var sections: [String]
    /// Charts drawn.
    public var charts: Int
    /// The days the charts span.
    public var firstDay: CalendarDay
    /// The last day the report shows.
    public var lastDay: CalendarDay
    /// Readings left out by a rule (blood glucose under 20 mg/dL), by reason.
    public var dropped: [Diagnostics.Tally]
    /// Records skipped, and records read after a repair, by reason.
    public var skipped: [Diagnostics.Tally]
    /// Names given first in the source priority that no summarized record carries.
    public var unknownPrioritySources: [String]
    /// Where the page went; nil for standard output.
    public var outputPath: String?
    /// The zone its days are reckoned in: the one named, or the export's own.
    public var timeZone: TimeZone
    /// What the line says of the output before its zone, where the page was made into another
    /// form (`PDF, printed by /usr/bin/chromium`); nil for the page itself.
    package var outputNote: String? = nil

    /// One line: `Wrote a report of 2026-06-01 to 2026-06-30 (8 sections, 12 charts) to PATH; …`.
    public var line: String {
      var text =
        "Wrote a report of \(firstDay) to \(lastDay) (\(sections.count) \(sections.count == 1 ? "section" : "sections"), "
        + "\(charts) \(charts == 1 ? "chart" : "charts"))"
      text += outputPath.map { " to \($0)" } ?? " to standard output"
      text += OutcomeLine.zoneNote(timeZone, after: outputNote)
      return text + OutcomeLine.leftOut(dropped: dropped, skipped: skipped) + "."
    }
  }
}
