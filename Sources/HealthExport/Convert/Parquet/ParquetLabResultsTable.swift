import Foundation
import HealthArchive
import HealthModel

/// `lab_results.parquet`: every Observation with a LOINC code and a value quantity, as the
/// database's `lab_results` holds them: named by the registry, else by the record's `code.text`,
/// else by the code. A date that is an instant is `effective_date`; a day or a time given without
/// a zone, which is not one, is `effective_local` as the database writes it (`2017-03-18`,
/// `2017-03-18 10:00:00`).
struct ParquetLabResultsTable {
  /// The table's own columns.
  static let columns = [
    ParquetColumn("loinc", .string),
    ParquetColumn("name", .string),
    ParquetColumn("value", .double),
    ParquetColumn("unit", .string, isOptional: true),
    ParquetColumn("effective_date", .timestamp, isOptional: true),
    ParquetColumn("effective_local", .string, isOptional: true),
    ParquetColumn("source_name", .string, isOptional: true),
    ParquetColumn("reference_low", .double, isOptional: true),
    ParquetColumn("reference_high", .double, isOptional: true),
  ]

  let table: ParquetTable
  let registry: MetricRegistry

  /// Writes a lab result.
  /// - Throws: `OutputError` when the table cannot be written.
  func add(_ result: LabResult) throws {
    let writer = table.writer
    writer.append(result.loinc)
    writer.append(registry.lab(forCode: result.loinc)?.name ?? result.displayName ?? result.loinc)
    writer.append(result.value)
    writer.append(result.unit.nonEmpty)
    if result.isLocalTime {
      let isDay =
        result.dateText.map { $0.utf8.count == 10 } ?? (result.date.wholeSecondsSince1970 % 86_400 == 0)
      let civil = result.date.iso8601UTCText(designatesUTC: false)
      writer.append(Timestamp?.none)
      writer.append(
        isDay ? String(civil.prefix(10)) : civil.prefix(19).replacingOccurrences(of: "T", with: " "))
    } else {
      writer.append(result.date)
      writer.append(String?.none)
    }
    writer.append(result.sourceName.nonEmpty)
    writer.append(result.referenceRange?.low)
    writer.append(result.referenceRange?.high)
    try table.endRow()
  }
}
