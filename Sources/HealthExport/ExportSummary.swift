public import Foundation
public import HealthModel

/// What an export did, for the one-line summary on standard error.
public struct ExportSummary: Sendable {
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
    text += Self.zoneNote(timeZone)
    return text + Self.leftOut(dropped: dropped, skipped: skipped) + "."
  }

  /// ` (time zone Europe/Berlin)`: the zone a line's days and local dates are in.
  package static func zoneNote(_ timeZone: TimeZone) -> String {
    " (time zone \(timeZone.displayName))"
  }

  /// What a run left out, as its line ends: `; left out 1 Blood Glucose under 20 mg/dL;
  /// skipped 2 records: …; read after repair 1 record: …`, or nothing.
  package static func leftOut(dropped: [Diagnostics.Tally], skipped: [Diagnostics.Tally]) -> String {
    var text = ""
    if !dropped.isEmpty {
      text += "; left out " + dropped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
    }
    let skippedTallies = skipped.filter { $0.kind != .repaired }
    let repairedTallies = skipped.filter { $0.kind == .repaired }
    if !skippedTallies.isEmpty {
      text += "; " + describe(skippedTallies, verb: "skipped")
    }
    if !repairedTallies.isEmpty {
      text += "; " + describe(repairedTallies, verb: "read after repair")
    }
    return text
  }

  /// `skipped 3 records: 2 × reason (first at …), 1 × reason (…)`.
  package static func describe(_ tallies: [Diagnostics.Tally], verb: String) -> String {
    let total = tallies.reduce(0) { $0 + $1.count }
    var text = "\(verb) \(total) \(total == 1 ? "record" : "records"): "
    text += tallies.map { tally in
      var part = "\(tally.count) × \(tally.reason)"
      if let location = tally.firstLocation { part += " (first at \(location))" }
      return part
    }.joined(separator: ", ")
    return text
  }
}
