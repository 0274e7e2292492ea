import Foundation
import HealthArchive
import HealthModel

/// `summaries.parquet`: the rows the summary command makes (summaries.md) for every type over all
/// dates, per day, week and month, as the database's `summaries` holds them: the summarizer's own,
/// fed the records and correlations as they are read, one summarizer per period (the first works
/// out what the periods share, the others take it), in the job's zone and units.
final class ParquetSummariesTable {
  /// The table's own columns.
  static let columns = [
    ParquetColumn("period", .string),
    ParquetColumn("period_start", .date),
    ParquetColumn("type", .string),
    ParquetColumn("metric", .string),
    ParquetColumn("value", .double, isOptional: true),
    ParquetColumn("unit", .string, isOptional: true),
    ParquetColumn("minimum", .double, isOptional: true),
    ParquetColumn("maximum", .double, isOptional: true),
    ParquetColumn("count", .int64),
    ParquetColumn("sources", .string),
  ]

  /// The periods summarized, in the order their rows are written.
  static let periods: [SummaryPeriod] = [.day, .week, .month]
  /// Samples of cumulative types each summarizer keeps in memory before spilling: 768 KiB.
  static let intervalBudget = 32_768
  /// Discrete types' records each summarizer keeps in memory before spilling.
  static let discreteBudget = 8_192

  let table: ParquetTable
  private let timeZone: TimeZone
  /// One per period, the first given each sample for all; nil once finished.
  private var summarizers: [Summarizer]
  /// What the summaries leave out of the records (a record longer than 31 days), which the
  /// records table keeps.
  let diagnostics = Diagnostics()

  /// - Parameters:
  ///   - table: the table's file.
  ///   - timeZone: where periods begin and end.
  ///   - units: the weight and temperature units of the rows.
  ///   - now: the moment of the job.
  ///   - spillBeside: the output beside which samples and rows past their budgets are spilled.
  init(table: ParquetTable, timeZone: TimeZone, units: UnitPreferences, now: Timestamp, spillBeside: String?)
  {
    self.table = table
    self.timeZone = timeZone
    let reported = diagnostics
    summarizers = Self.periods.enumerated().map { index, period in
      Summarizer(
        selection: SummarySelection(period: period, range: .all, units: units, timeZone: .named(timeZone)),
        now: now, diagnostics: index == 0 ? reported : Diagnostics(), spillBeside: spillBeside,
        intervalBudget: ParquetSummariesTable.intervalBudget,
        discreteBudget: ParquetSummariesTable.discreteBudget)
    }
  }

  /// Takes an item of the input: records and correlations are summarized, the rest is not.
  /// - Throws: `OutputError` when a spill file cannot be written.
  func add(_ item: HealthItem, at location: SourceLocation) throws {
    guard let lead = summarizers.first else { return }
    switch item {
    case .sample(let sample):
      try lead.add(sample, at: location, alongside: Array(summarizers.dropFirst()))
    case .correlation:
      try lead.add(item, at: location)
    default:
      return
    }
  }

  /// Writes every period's rows, each summarizer released once its rows are written, and the rest
  /// of the table.
  /// - Returns: the table's rows.
  /// - Throws: `OutputError` when the table or a spill file cannot be written or read.
  func finish() throws -> Int {
    if let lead = summarizers.first {
      let followers = Array(summarizers.dropFirst())
      try lead.settle(timeZone: timeZone, alongside: followers)
      for follower in followers { follower.takeSampleTables(of: lead) }
    }
    while !summarizers.isEmpty {
      let rows = try summarizers.removeFirst().finishRows()
      try rows.forEachRow(write)
    }
    return try table.finish()
  }

  private func write(_ row: SummaryRow) throws {
    let writer = table.writer
    writer.append(row.period.period.rawValue)
    writer.append(day: row.period.localStart.secondsSince1970.floorDivided(by: 86_400))
    writer.append(row.type)
    writer.append(row.metric)
    writer.append(row.value.map(FixedDecimal.number))
    writer.append(row.unit.nonEmpty)
    writer.append(row.minimum.map(FixedDecimal.number))
    writer.append(row.maximum.map(FixedDecimal.number))
    writer.append(Int64(row.count))
    writer.append(row.sources.joined(separator: "; "))
    try table.endRow()
  }
}

extension Int64 {
  /// The quotient rounded toward the past (days before 1970 included).
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }
}
