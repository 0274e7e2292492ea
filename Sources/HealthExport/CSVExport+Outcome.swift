public import Foundation
public import HealthModel

extension CSVExport {
  /// What an export did, for the one-line summary on standard error.
  public struct Outcome: Sendable {
    /// Rows written in one block.
    public struct BlockCount: Hashable, Sendable {
      /// The block's name, as its header row names it.
      public var name: String
      /// How many rows the block has.
      public var rows: Int
    }

    /// Rows written per block, in block order (blocks with no rows included).
    public var blocks: [BlockCount]
    /// Readings left out by a rule (glucose under 20 mg/dL), by reason.
    public var dropped: [Diagnostics.Tally]
    /// Records skipped because they could not give a row, and records read after a repair, by
    /// reason.
    public var skipped: [Diagnostics.Tally]
    /// Where the CSV went; nil for standard output.
    public var outputPath: String?
    /// The zone its days and local dates are in: the one named, or the export's own.
    public var timeZone: TimeZone

    /// Rows written in all.
    public var totalRows: Int { blocks.reduce(0) { $0 + $1.rows } }

    /// One line: `Wrote 9 rows (Weight 1, Steps 1, …) to PATH (time zone Europe/Berlin); skipped 2
    /// records: …`.
    public var line: String {
      let perBlock = blocks.filter { $0.rows > 0 }.map { "\($0.name) \($0.rows)" }.joined(separator: ", ")
      var text = "Wrote \(totalRows) \(totalRows == 1 ? "row" : "rows") (\(perBlock))"
      text += outputPath.map { " to \($0)" } ?? " to standard output"
      text += OutcomeLine.zoneNote(timeZone)
      return text + OutcomeLine.leftOut(dropped: dropped, skipped: skipped) + "."
    }
  }
}
