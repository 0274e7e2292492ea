public import Foundation
public import HealthModel

extension SummaryExport {
  /// What a summary did, for the one-line report on standard error.
  public struct Outcome: Sendable {
    /// Rows written.
    public var rows: Int
    /// Periods with at least one row.
    public var periods: Int
    /// Distinct metrics written.
    public var metrics: Int
    /// Readings left out by a rule (blood glucose under 20 mg/dL), by reason.
    public var dropped: [Diagnostics.Tally]
    /// Samples skipped (a unit that cannot be converted, a malformed record), and records read
    /// after a repair, by reason.
    public var skipped: [Diagnostics.Tally]
    /// Names given first in the source priority that no summarized sample carries.
    public var unknownPrioritySources: [String]
    /// The types `--types` named that the input holds no record of, without their prefix.
    public var absentTypes: [String]
    /// Where the CSV went; nil for standard output.
    public var outputPath: String?
    /// The zone its periods are reckoned in: the one named, or the export's own.
    public var timeZone: TimeZone

    init(
      rows: Int, periods: Int, metrics: Int, dropped: [Diagnostics.Tally], skipped: [Diagnostics.Tally],
      unknownPrioritySources: [String], absentTypes: [String], outputPath: String?, timeZone: TimeZone
    ) {
      self.timeZone = timeZone
      self.rows = rows
      self.periods = periods
      self.metrics = metrics
      self.dropped = dropped
      self.skipped = skipped
      self.unknownPrioritySources = unknownPrioritySources
      self.absentTypes = absentTypes
      self.outputPath = outputPath
    }

    /// One line: `Wrote 212 summary rows (31 periods, 18 metrics) to PATH (time zone Europe/Berlin);
    /// skipped 2 records: …`.
    public var line: String {
      var text =
        "Wrote \(rows) summary \(rows == 1 ? "row" : "rows") (\(periods) \(periods == 1 ? "period" : "periods"), "
        + "\(metrics) \(metrics == 1 ? "metric" : "metrics"))"
      text += outputPath.map { " to \($0)" } ?? " to standard output"
      text += OutcomeLine.zoneNote(timeZone)
      return text + OutcomeLine.leftOut(dropped: dropped, skipped: skipped) + "."
    }
  }
}
