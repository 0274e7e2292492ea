import Foundation
import HealthArchive
import HealthModel

/// A folder of Parquet tables as an output of the pipeline (docs/convert.md, Parquet):
/// `records`, `workouts`, `route_points`, `ecg_samples`, `lab_results` and `summaries`, each a
/// `.parquet` file written as the items are read, in a folder made under a temporary name beside
/// the destination and moved into place whole (nothing is left on failure).
struct ParquetOutput: ExportWriter {
  /// The job's zone: the `time_zone` column, and where the summaries' periods begin.
  var timeZone: TimeZone
  /// What the `participant` column holds; nil for no such column.
  var participant: String?
  /// The summaries' weight and temperature units.
  var summaryUnits: UnitPreferences
  /// The moment of the job.
  var now: Timestamp
  var registry: MetricRegistry = .standard
  var options = ParquetWriter.Options()

  var outputForm: TemporaryOutput.Form? { .folder }

  /// What the tables need: every record and correlation, without metadata; workouts with their
  /// route points; ECGs; the lab results of the clinical records.
  static let itemFilter = ItemFilter(
    sampleTypes: nil, includesCorrelations: true, includesWorkouts: true, includesClinicalRecords: true,
    includesLabResults: true, includesRoutePoints: true, includesElectrocardiograms: true, metadataTypes: [])

  func write(_ items: HealthItems, to destination: OutputDestination) throws -> ParquetTables {
    let displayFolder = destination.path ?? "the folder"
    let spillBeside = destination.spillBeside
    return try destination.writeFile(form: .folder) { folder in
      func table(_ name: String, _ columns: [ParquetColumn]) throws -> ParquetTable {
        try ParquetTable(
          name: name, columns: columns, folder: folder, displayFolder: displayFolder, timeZone: timeZone,
          participant: participant, options: options)
      }
      let records = ParquetRecordsTable(
        table: try table("records", ParquetRecordsTable.columns), spillBeside: spillBeside)
      var workouts = ParquetWorkoutsTable(table: try table("workouts", ParquetWorkoutsTable.columns))
      var routePoints = ParquetRoutePointsTable(
        table: try table("route_points", ParquetRoutePointsTable.columns))
      var electrocardiograms = ParquetECGSamplesTable(
        table: try table("ecg_samples", ParquetECGSamplesTable.columns))
      let labResults = ParquetLabResultsTable(
        table: try table("lab_results", ParquetLabResultsTable.columns), registry: registry)
      let summaries = ParquetSummariesTable(
        table: try table("summaries", ParquetSummariesTable.columns), timeZone: timeZone, units: summaryUnits,
        now: now, spillBeside: spillBeside)
      try items.read { item, location in
        // The points of a workout's route files come right after it.
        if case .workout = item {} else if case .routePoints = item {} else { routePoints.end() }
        switch item {
        case .sample(let sample):
          try records.add(sample)
          try summaries.add(item, at: location)
        case .correlation(let correlation):
          try records.add(correlation)
          try summaries.add(item, at: location)
        case .workout(let workout):
          try routePoints.begin(workout, id: try workouts.add(workout))
        case .routePoints(let batch):
          try routePoints.add(batch)
        case .electrocardiogram(let recording):
          try electrocardiograms.add(recording)
        case .labResult(let result):
          try labResults.add(result)
        case .exportDate, .characteristics, .activitySummary, .clinicalRecord, .audiogram,
          .visionPrescription,
          .stateOfMind:
          break
        }
      }
      let rows = [
        ("records", try records.finish()), ("workouts", try workouts.table.finish()),
        ("route_points", try routePoints.table.finish()),
        ("ecg_samples", try electrocardiograms.table.finish()),
        ("lab_results", try labResults.table.finish()), ("summaries", try summaries.finish()),
      ]
      return ParquetTables(
        tables: rows.map { ParquetTables.Table(name: $0.0, rows: $0.1) },
        repeatedMembers: records.repeatedMembers,
        timeZone: timeZone, participant: participant, summariesLeftOut: summaries.diagnostics.summary)
    }
  }
}
