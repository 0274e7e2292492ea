import Foundation
import HealthArchive
import HealthModel

/// One table of a Parquet folder: its file, `NAME.parquet`, written as its rows come, each row
/// ending with the columns every table has: `time_zone` (the IANA name of the job's zone), then
/// `participant` when one is given.
final class ParquetTable {
  /// The table's name, and its file's without `.parquet`.
  let name: String
  /// Where each row's values are appended, in the order of the table's columns.
  let writer: ParquetWriter
  private let timeZone: String
  private let participant: String?

  /// The table's columns: `columns`, then `time_zone`, then `participant` when there is one.
  static func schema(_ columns: [ParquetColumn], hasParticipant: Bool) -> ParquetSchema {
    var all = columns + [ParquetColumn("time_zone", .string)]
    if hasParticipant { all.append(ParquetColumn("participant", .string)) }
    return ParquetSchema(all)
  }

  /// Makes `NAME.parquet` in `folder`.
  /// - Parameters:
  ///   - name: the table's name.
  ///   - columns: its own columns, before those every table has.
  ///   - folder: the folder being made.
  ///   - displayFolder: how messages name the folder.
  ///   - timeZone: the job's zone.
  ///   - participant: what the `participant` column holds; nil for no such column.
  ///   - options: how the file is written.
  /// - Throws: `OutputError` when the file cannot be made.
  init(
    name: String, columns: [ParquetColumn], folder: String, displayFolder: String, timeZone: TimeZone,
    participant: String?, options: ParquetWriter.Options
  ) throws {
    self.name = name
    self.timeZone = timeZone.identifier
    self.participant = participant
    writer = try ParquetWriter(
      path: "\(folder)/\(name).parquet", displayPath: "\(displayFolder)/\(name).parquet",
      schema: Self.schema(columns, hasParticipant: participant != nil), options: options)
  }

  /// Ends the row whose own values were appended.
  /// - Throws: `OutputError` when the file cannot be written.
  func endRow() throws {
    writer.append(timeZone)
    if let participant { writer.append(participant) }
    try writer.endRow()
  }

  /// Writes the rest of the table and closes its file.
  /// - Returns: its rows.
  /// - Throws: `OutputError` when the file cannot be written.
  func finish() throws -> Int {
    try writer.finish()
  }
}
