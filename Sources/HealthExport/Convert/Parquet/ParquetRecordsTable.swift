import Foundation
import HealthArchive
import HealthModel

/// `records.parquet`: every `Record`, top level and inside correlations, each reading once, as the
/// database's `records` holds them (docs/database.md): a top-level record identical to a
/// correlation's member (type, source name, version and device, start and end to the second, unit
/// and value) is the member's copy, which Apple's export writes twice, and is not written again.
///
/// Apple writes the copies before their correlations, so the top-level records of the types
/// correlations hold (blood pressure and nutrition) wait in a `SampleLog` until the input is read,
/// then are written, the copies left out, after the others. Memory holds the members' keys.
final class ParquetRecordsTable {
  /// The table's own columns.
  static let columns = [
    ParquetColumn("type", .string),
    ParquetColumn("value", .double, isOptional: true),
    ParquetColumn("value_text", .string, isOptional: true),
    ParquetColumn("unit", .string, isOptional: true),
    ParquetColumn("source_name", .string, isOptional: true),
    ParquetColumn("source_version", .string, isOptional: true),
    ParquetColumn("device", .string, isOptional: true),
    ParquetColumn("creation_date", .timestamp, isOptional: true),
    ParquetColumn("start_date", .timestamp),
    ParquetColumn("end_date", .timestamp),
    ParquetColumn("correlation_id", .int64, isOptional: true),
  ]

  let table: ParquetTable
  /// The top-level records of the types correlations hold, until the input is read.
  private let waiting: SampleLog
  /// The correlations met, and so the id of the last.
  private var correlations: Int64 = 0
  /// The keys of the members met, and their types.
  private var memberKeys: Set<StoredRecordKey> = []
  private var memberTypes: Set<String> = []
  /// Top-level copies of members left out.
  private(set) var repeatedMembers = 0
  private var lastType = ""
  private var lastTypeWaits = false

  /// - Parameters:
  ///   - table: the table's file.
  ///   - spillBeside: the output beside which the waiting records past 4 MiB are spilled; nil
  ///     keeps them in memory.
  init(table: ParquetTable, spillBeside: String?) {
    self.table = table
    waiting = SampleLog(spillBeside: spillBeside)
  }

  /// Whether samples of `type` may be members of Apple's correlations (blood pressure, nutrition).
  static func mayBeMember(_ type: String) -> Bool {
    type == HealthKitIdentifier.bloodPressureSystolic || type == HealthKitIdentifier.bloodPressureDiastolic
      || type.hasPrefix(HealthKitIdentifier.quantityTypePrefix + AggregationStyle.dietaryPrefix)
  }

  /// Takes a top-level record.
  /// - Throws: `OutputError` when the table or the spill file cannot be written.
  func add(_ sample: Sample) throws {
    if sample.type != lastType {
      lastType = sample.type
      lastTypeWaits = Self.mayBeMember(sample.type)
    }
    if lastTypeWaits {
      try waiting.append(sample)
    } else if memberTypes.contains(sample.type), memberKeys.contains(StoredRecordKey(sample)) {
      repeatedMembers += 1
    } else {
      try write(sample, correlationID: nil)
    }
  }

  /// Takes a correlation: its members, with its id (from 1, in input order, as the database
  /// numbers them).
  /// - Throws: `OutputError` when the table cannot be written.
  func add(_ correlation: Correlation) throws {
    correlations += 1
    for member in correlation.objects {
      memberKeys.insert(StoredRecordKey(member))
      memberTypes.insert(member.type)
      try write(member, correlationID: correlations)
    }
  }

  /// Writes the records that waited, but the members' copies, and the rest of the table.
  /// - Returns: the table's rows.
  /// - Throws: `OutputError` when the table or the spill file cannot be written or read.
  func finish() throws -> Int {
    try waiting.drain { sample in
      if memberKeys.contains(StoredRecordKey(sample)) {
        repeatedMembers += 1
      } else {
        try write(sample, correlationID: nil)
      }
    }
    memberKeys = []
    return try table.finish()
  }

  private func write(_ sample: Sample, correlationID: Int64?) throws {
    let writer = table.writer
    let value = StoredRecordValue(sample.value)
    writer.append(sample.type)
    writer.append(value.number)
    writer.append(value.text)
    writer.append(value.unit)
    writer.append(sample.sourceName.nonEmpty)
    writer.append(sample.sourceVersion?.nonEmpty)
    writer.append(sample.device?.nonEmpty)
    writer.append(sample.creationDate)
    writer.append(sample.startDate)
    writer.append(sample.endDate)
    writer.append(correlationID)
    try table.endRow()
  }
}

/// A record's value as the database's `records` keeps it: a quantity's number and unit; a
/// category's value as a number where it reads as one, else as text; none where missing or empty.
struct StoredRecordValue: Hashable {
  var number: Double?
  var text: String?
  var unit: String?

  init(_ value: SampleValue) {
    switch value {
    case .quantity(let quantity, let unit):
      number = quantity
      self.unit = unit.nonEmpty
    case .category(let text):
      number = ValueParsing.decimal(text)
      self.text = number == nil ? text.nonEmpty : nil
    case .none:
      break
    }
  }
}

/// What makes a top-level record the copy of a correlation's member, as the database compares
/// them: type, source (name, version, device), start and end in whole seconds, unit and value (a
/// number that is not one, NaN, compares as none, as SQLite stores it).
struct StoredRecordKey: Hashable {
  var type: String
  var sourceName: String?
  var sourceVersion: String?
  var device: String?
  var start: Int64
  var end: Int64
  var value: StoredRecordValue

  init(_ sample: Sample) {
    type = sample.type
    sourceName = sample.sourceName.nonEmpty
    sourceVersion = sample.sourceVersion?.nonEmpty
    device = sample.device?.nonEmpty
    start = sample.startDate.wholeSecondsSince1970
    end = sample.endDate.wholeSecondsSince1970
    value = StoredRecordValue(sample.value)
    if value.number?.isNaN == true { value.number = nil }
  }
}

extension String {
  /// The text, or nil where it is empty: a table keeps no empty strings for missing values.
  var nonEmpty: String? { isEmpty ? nil : self }
}
