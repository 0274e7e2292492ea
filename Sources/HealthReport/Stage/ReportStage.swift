package import Foundation
package import HealthArchive
import HealthExport
package import HealthModel

/// The report's stage: one pass over the input feeds the stages whose numbers the report shows,
/// so that each number is the one the CSV or the summary gives for the same input.
///
/// - Readings (weight, blood glucose, blood pressure, body fat, BMI, labs of every LOINC code)
///   go to the record CSV's row collector, converted and written as the CSV writes them.
/// - Steps, distance, flights and heart rates go to a summarizer of days: counted once.
/// - Sleep goes to a second summarizer, of nights: each sample is handed on twelve hours later,
///   so that its days, from midnight to midnight, are nights from noon to noon named by the
///   morning they end on.
/// - Workouts and the overview's counts are added up here, a few numbers per week and type.
///
/// Memory is that of its stages: the selected readings, and the cumulative samples of steps,
/// distances and sleep in the range.
package final class ReportStage: ExportStage {
  /// How far sleep samples are moved for the summarizer of nights.
  static let nightShift = 12.0 * 3_600_000

  private let selection: ReportSelection
  private let now: Timestamp
  /// The days shown; until the zone is known (the export's own), the overview and the workouts
  /// keep what the zone decides.
  private var range: RangeFilter
  private let readings: RowCollector
  private let days: Summarizer
  private let nights: Summarizer
  private var overview: OverviewTally
  private var workouts: WorkoutTally

  /// - Parameters:
  ///   - selection: the range, units and formats; its range must not be `lastRecords`.
  ///   - now: the moment "last N days" counts back from.
  ///   - diagnostics: where skipped records are reported.
  package init(selection: ReportSelection, now: Timestamp, diagnostics: Diagnostics) {
    self.selection = selection
    self.now = now
    let registry = MetricRegistry.standard
    readings = RowCollector(
      selection: ExportSelection(
        baseMetrics: registry.baseMetrics.filter { ReportSeries.readingMetrics.contains($0.optionName) },
        vitals: registry.vitals.filter { ReportSeries.readingVitals.contains($0.optionName) },
        labs: registry.labs, range: selection.range, units: selection.units, dateFormat: selection.dateFormat,
        timeZone: selection.timeZone),
      now: now, diagnostics: diagnostics, keepsEveryLab: true)
    func summary(of types: [String]) -> SummarySelection {
      SummarySelection(
        period: .day, range: selection.range, sourcePriority: selection.sourcePriority,
        units: selection.units,
        dateFormat: selection.dateFormat, timeZone: selection.timeZone, types: Set(types))
    }
    days = Summarizer(selection: summary(of: ReportSeries.dailyTypes), now: now, diagnostics: diagnostics)
    nights = Summarizer(
      selection: summary(of: [HealthKitIdentifier.sleepAnalysis]), now: now, diagnostics: diagnostics)
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
    switch item {
    case .sample(let sample) where sample.type == HealthKitIdentifier.sleepAnalysis:
      try nights.add(.sample(Self.night(of: sample)), at: location)
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
    let nightResult = try nights.finish(timeZone: timeZone)
    let unknown = Set(nightResult.unknownPrioritySources)
    let bounds = range.bounds
    return ReportData(
      selection: selection, now: now, timeZone: timeZone,
      firstDay: bounds.start.map { DateRange.day(of: $0, in: timeZone) },
      lastDay: bounds.end.map {
        DateRange.day(of: Timestamp(millisecondsSince1970: $0.millisecondsSince1970 - 1), in: timeZone)
      },
      overview: overview.finish(range: range), readings: try readings.finish(timeZone: timeZone),
      days: dayResult.rows,
      nights: nightResult.rows.map(Self.realNight(of:)), workouts: workouts.finish(range: range),
      unknownPrioritySources: dayResult.unknownPrioritySources.filter(unknown.contains))
  }

  // MARK: - Private

  /// A sleep sample twelve hours later.
  private static func night(of sample: Sample) -> Sample {
    var shifted = sample
    shifted.startDate = Timestamp(millisecondsSince1970: sample.startDate.millisecondsSince1970 + nightShift)
    shifted.endDate = Timestamp(millisecondsSince1970: sample.endDate.millisecondsSince1970 + nightShift)
    return shifted
  }

  /// A night's row with its real instants: from the noon before to the noon of the morning it is
  /// named by (an hour off on the days the clocks change).
  private static func realNight(of row: SummaryRow) -> SummaryRow {
    var night = row
    night.period.start = Timestamp(millisecondsSince1970: row.period.start.millisecondsSince1970 - nightShift)
    night.period.end = Timestamp(millisecondsSince1970: row.period.end.millisecondsSince1970 - nightShift)
    return night
  }
}
