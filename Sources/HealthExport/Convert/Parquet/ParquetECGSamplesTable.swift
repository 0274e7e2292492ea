import Foundation
import HealthArchive
import HealthModel

/// `ecg_samples.parquet`: every voltage of every recording of `electrocardiograms/`, in
/// microvolts as the database's `ecg_samples` holds them (a recording in mV or V converted), each
/// with its recording's id (from 1, in input order), file, date, classification and sample rate,
/// so that one table answers a study's questions.
struct ParquetECGSamplesTable {
  /// The table's own columns.
  static let columns = [
    ParquetColumn("ecg_id", .int64),
    ParquetColumn("file", .string),
    ParquetColumn("recorded_date", .timestamp, isOptional: true),
    ParquetColumn("classification", .string, isOptional: true),
    ParquetColumn("sample_rate_hz", .double, isOptional: true),
    ParquetColumn("n", .int32),
    ParquetColumn("microvolts", .double),
  ]

  let table: ParquetTable
  private var lastID: Int64 = 0

  init(table: ParquetTable) {
    self.table = table
  }

  /// Writes a recording's samples.
  /// - Throws: `OutputError` when the table cannot be written.
  mutating func add(_ recording: Electrocardiogram) throws {
    lastID += 1
    let writer = table.writer
    let scale: Double =
      switch recording.unit {
      case "mV": 1000
      case "V": 1_000_000
      default: 1
      }
    for (n, value) in recording.samples.enumerated() {
      writer.append(lastID)
      writer.append(recording.fileName)
      writer.append(recording.recordedDate)
      writer.append(recording.classification)
      writer.append(recording.sampleRate)
      writer.append(Int64(n))
      writer.append(value * scale)
      try table.endRow()
    }
  }
}
