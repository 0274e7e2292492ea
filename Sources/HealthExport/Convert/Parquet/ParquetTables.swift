public import Foundation
public import HealthModel

/// What `convert --format parquet` wrote: each table of the folder with its rows, and what was
/// left out on the way.
public struct ParquetTables: Sendable {
  /// One table: `records` for `records.parquet`.
  public struct Table: Hashable, Sendable {
    /// The table's name, its file's without `.parquet`.
    public var name: String
    /// Its rows.
    public var rows: Int
  }

  /// The tables, in the order they are listed (docs/convert.md).
  public var tables: [Table]
  /// Top-level copies of correlation members written only inside them (`correlation_id`).
  public var repeatedMembers: Int
  /// The zone of the `time_zone` column and of the summaries' periods.
  public var timeZone: TimeZone
  /// What the `participant` column holds; nil where there is no such column.
  public var participant: String?
  /// Records the summaries leave out (one longer than 31 days), though `records` holds them.
  public var summariesLeftOut: [Diagnostics.Tally]

  /// The rows of the table named `name`; nil for a table the folder does not have.
  public func rows(of name: String) -> Int? {
    tables.first { $0.name == name }?.rows
  }

  /// The middle of the closing line: `68253 records, 34 workouts, … (time zone …, participant
  /// P1; 60 top-level copies of correlation members stored only inside them)`.
  var description: String {
    let nouns = [
      "records": ("record", "records"), "workouts": ("workout", "workouts"),
      "route_points": ("route point", "route points"), "ecg_samples": ("ECG sample", "ECG samples"),
      "lab_results": ("lab result", "lab results"), "summaries": ("summary row", "summary rows"),
    ]
    var text = tables.map { table in
      let (one, many) = nouns[table.name] ?? (table.name, table.name)
      return "\(table.rows) \(table.rows == 1 ? one : many)"
    }.joined(separator: ", ")
    text += " (time zone \(timeZone.displayName)"
    if let participant { text += ", participant \(participant)" }
    if repeatedMembers > 0 {
      text +=
        "; \(repeatedMembers) top-level \(repeatedMembers == 1 ? "copy" : "copies") of correlation members stored only inside them"
    }
    return text + ")"
  }
}
