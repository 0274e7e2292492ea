import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// The summaries of the `summaries` table: one summarizer per period (day, week, month), each
/// seeing every item as the database does, their rows together at the end.
///
/// What a summary leaves out (a sample in a unit it cannot convert) is the summary's concern,
/// not the database's: the record is in `records` whatever its summary does, so those
/// diagnostics are not reported with the database's.
struct DatabaseSummaries: ExportStage {
  private let summarizers: [Summarizer]

  /// - Parameters:
  ///   - periods: the periods summarized.
  ///   - timeZone: where periods begin and end.
  ///   - units: weight and temperature units, as for the CSV.
  ///   - now: the moment of the run.
  init(
    periods: [SummaryPeriod], timeZone: TimeZone, units: UnitPreferences, registry: MetricRegistry,
    now: Timestamp
  ) {
    summarizers = periods.map { period in
      Summarizer(
        selection: SummarySelection(
          period: period, range: .all, units: units, timeZone: timeZone, registry: registry),
        now: now, diagnostics: Diagnostics())
    }
  }

  var itemFilter: ItemFilter {
    summarizers.first?.itemFilter ?? ItemFilter(sampleTypes: [], includesCorrelations: false)
  }

  mutating func add(_ item: HealthItem, at location: SourceLocation) throws {
    switch item {
    case .sample, .correlation:
      for summarizer in summarizers { try summarizer.add(item, at: location) }
    default:
      return
    }
  }

  /// Every summarizer's rows, period by period.
  mutating func finish() throws -> [DatabaseSummaryRow] {
    try summarizers.flatMap { try $0.finish().rows.map(DatabaseSummaryRow.init) }
  }
}
