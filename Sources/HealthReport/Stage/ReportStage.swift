package import Foundation
package import HealthArchive
import HealthExport
package import HealthModel

/// The report's stage: one pass over the input feeds the stages whose numbers the report shows,
/// so that each number is the one the CSV or the summary gives for the same input.
///
/// - Readings (weight, blood glucose, blood pressure, body fat, BMI, labs of every LOINC code)
///   go to the record CSV's row collector, converted and written as the CSV writes them.
/// - Steps, distance, flights, heart rates and sleep go to a summarizer of days: counted once,
///   sleep by the night (from noon to noon, named by the morning it ends on), as the summary
///   counts them.
/// - Workouts and the overview's counts are added up here, a few numbers per week and type.
///
/// Memory is that of its stages: the selected readings, and the cumulative samples of steps,
/// distances and sleep in the range.
package final class ReportStage: ExportStage {
  private let selection: ReportSelection
  private let now: Timestamp
  /// The days shown; until the zone is known (the export's own), the overview and the workouts
  /// keep what the zone decides.
  private var range: RangeFilter
  private let readings: RowCollector
  private let days: Summarizer
  private var overview: OverviewTally
  private var workouts: WorkoutTally
  /// The same readings and days over the range and as many days before it
  /// (`GlanceComparison`), for "At a glance"'s change; their skipped records are told by the
  /// stages above, once.
  private let before: (readings: RowCollector, days: Summarizer)?

  /// - Parameters:
  ///   - selection: the range, units and formats; its range must not be `lastRecords`.
  ///   - now: the moment "last N days" counts back from.
  ///   - diagnostics: where skipped records are reported.
  package init(selection: ReportSelection, now: Timestamp, diagnostics: Diagnostics) {
    self.selection = selection
    self.now = now
    let registry = MetricRegistry.standard
    func readings(over range: DateRange, diagnostics: Diagnostics) -> RowCollector {
      RowCollector(
        selection: ExportSelection(
          baseMetrics: registry.baseMetrics.filter { ReportSeries.readingMetrics.contains($0.optionName) },
          vitals: registry.vitals.filter { ReportSeries.readingVitals.contains($0.optionName) },
          labs: registry.labs, range: range, units: selection.units, dateFormat: selection.dateFormat,
          timeZone: selection.timeZone),
        now: now, diagnostics: diagnostics, keepsEveryLab: true)
    }
    func days(over range: DateRange, diagnostics: Diagnostics) -> Summarizer {
      let summary = SummarySelection(
        period: .day, range: range, sourcePriority: selection.sourcePriority, units: selection.units,
        dateFormat: selection.dateFormat, timeZone: selection.timeZone, types: Set(ReportSeries.dailyTypes))
      return Summarizer(selection: summary, now: now, diagnostics: diagnostics)
    }
    self.readings = readings(over: selection.range, diagnostics: diagnostics)
    self.days = days(over: selection.range, diagnostics: diagnostics)
    before = GlanceComparison.widened(selection.range).map { widened in
      (readings(over: widened, diagnostics: Diagnostics()), days(over: widened, diagnostics: Diagnostics()))
    }
    range = RangeFilter(range: selection.range, now: now, timeZone: selection.timeZone)
    overview = OverviewTally(range: range)
    workouts = WorkoutTally(range: range)
  }

  /// Every sample (the overview counts them all), correlations, workouts, clinical records and
  /// their lab results; metadata only where the readings read it (a glucose reading's meal time).
  package var itemFilter: ItemFilter {
    ItemFilter(
      sampleTypes: nil, includesCorrelations: true, includesWorkouts: true, includesClinicalRecords: true,
      includesLabResults: true, metadataTypes: readings.metadataTypes)
  }

  /// Takes one item of the input.
  /// - Throws: `StrictModeError` in strict mode.
  package func add(_ item: HealthItem, at location: SourceLocation) throws {
    overview.add(item)
    try readings.add(item, at: location)
    try days.add(item, at: location)
    if let before {
      try before.readings.add(item, at: location)
      try before.days.add(item, at: location)
    }
    switch item {
    case .workout(let workout):
      workouts.add(workout)
    default:
      return
    }
  }

  /// What the report draws.
  /// - Parameter timeZone: where its days are reckoned, now that the input is read.
  /// - Returns: what the page shows.
  /// - Throws: `StrictModeError` in strict mode.
  package func finish(timeZone: TimeZone) throws -> ReportData {
    range.settle(timeZone: timeZone)
    let dayResult = try days.finish(timeZone: timeZone)
    let isSleep = { (row: SummaryRow) in row.type == HealthKitIdentifier.sleepAnalysis }
    let bounds = range.bounds
    var previous: ReportData.Previous?
    if let before, let start = bounds.start {
      let widened = try before.days.finish(timeZone: timeZone).rows
      let firstDay = DateRange.day(of: start, in: timeZone)
      let isBefore = { (row: SummaryRow) in ReportData.dayNumber(of: row.period) < firstDay.dayNumber }
      previous = ReportData.Previous(
        readings: try before.readings.finish(timeZone: timeZone), start: start,
        days: widened.filter { !isSleep($0) && isBefore($0) },
        nights: widened.filter { isSleep($0) && isBefore($0) })
    }
    return ReportData(
      selection: selection, now: now, timeZone: timeZone,
      firstDay: bounds.start.map { DateRange.day(of: $0, in: timeZone) },
      lastDay: bounds.end.map {
        DateRange.day(of: Timestamp(millisecondsSince1970: $0.millisecondsSince1970 - 1), in: timeZone)
      },
      overview: overview.finish(range: range), readings: try readings.finish(timeZone: timeZone),
      days: dayResult.rows.filter { !isSleep($0) },
      nights: dayResult.rows.filter(isSleep), workouts: workouts.finish(range: range),
      unknownPrioritySources: dayResult.unknownPrioritySources,
      readingSpans: (readings.outsideSpans + days.readingSpans).filter { $0.count > 0 }, previous: previous)
  }
}
