import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// Runs the database export of an input into a fresh folder, as the command does.
struct ExportedDatabase {
  let folder: TestDirectory
  /// The input, as named.
  let source: String
  let path: String
  let summary: DatabaseExport.Outcome
  let diagnostics: Diagnostics
  let connection: SQLiteConnection

  init(input: String, timeZone: String = "America/New_York") throws {
    try self.init(
      source: try HealthInput.open(path: input, timeZone: TimeZone(identifier: timeZone)!), timeZone: timeZone
    )
  }

  init(source: some HealthInputSource, timeZone: String = "America/New_York") throws {
    self.source = source.name
    folder = try TestDirectory()
    path = folder.file("health.sqlite")
    diagnostics = Diagnostics(keepsEach: true)
    let export = DatabaseExport(
      toolVersion: "test", timeZone: .named(TimeZone(identifier: timeZone)!),
      now: Timestamp(secondsSince1970: 1_768_910_400))
    summary = try export.run(
      source: source, destination: .file(path: path, overwrites: false), diagnostics: diagnostics)
    connection = try SQLiteConnection(path: path, mode: .readOnly)
  }

  /// The rows of `sql`, as the sqlite3 shell prints them in list mode.
  func lines(_ sql: String) throws -> [String] {
    try connection.rows(sql).map { $0.map(\.description).joined(separator: "|") }
  }

  /// The single integer `sql` returns.
  func count(_ sql: String) throws -> Int {
    guard case .integer(let value) = try connection.value(sql) else { return -1 }
    return Int(value)
  }

  /// Records by type.
  func recordsByType() throws -> [String: Int] {
    var result: [String: Int] = [:]
    for row in try connection.rows("SELECT type, count(*) FROM records GROUP BY type") {
      if case .text(let type) = row[0], case .integer(let count) = row[1] { result[type] = Int(count) }
    }
    return result
  }

  /// Expects every table's count to be what an independent count of the input finds.
  func expectCounts(
    _ census: ExportCensus, skippedRecords: Int = 0, sourceLocation: Testing.SourceLocation = #_sourceLocation
  )
    throws
  {
    let records = try recordsByType()
    if skippedRecords == 0 {
      #expect(records == census.distinctRecords, sourceLocation: sourceLocation)
    }
    #expect(
      records.values.reduce(0, +) + skippedRecords == census.distinctRecords.values.reduce(0, +),
      sourceLocation: sourceLocation)
    let expected: [(String, Int)] = [
      ("SELECT count(*) FROM correlations", census.elements["Correlation"] ?? 0),
      ("SELECT count(*) FROM records WHERE correlation_id IS NOT NULL", census.correlationMembers),
      ("SELECT count(*) FROM workouts", census.elements["Workout"] ?? 0),
      ("SELECT count(*) FROM workout_events", census.workoutEvents),
      ("SELECT count(*) FROM workout_statistics", census.workoutStatistics),
      ("SELECT count(*) FROM workout_activities", census.workoutActivities),
      ("SELECT count(*) FROM route_points", census.routePoints + census.inlineLocations),
      ("SELECT count(*) FROM activity_summaries", census.elements["ActivitySummary"] ?? 0),
      ("SELECT count(*) FROM clinical_records", census.elements["ClinicalRecord"] ?? 0),
      ("SELECT count(*) FROM lab_results", census.labObservations),
      ("SELECT count(*) FROM ecgs", census.electrocardiograms),
      ("SELECT count(*) FROM ecg_samples", census.electrocardiogramSamples),
      ("SELECT count(*) FROM heart_rate_beats", census.heartbeats),
      ("SELECT count(*) FROM audiograms", census.elements["Audiogram"] ?? 0),
      ("SELECT count(*) FROM vision_prescriptions", census.elements["VisionPrescription"] ?? 0),
      ("SELECT count(*) FROM me", census.elements["Me"] ?? 0),
      (
        "SELECT coalesce(sum(records), 0) FROM types WHERE type IN (SELECT type FROM records)",
        records.values.reduce(0, +)
      ),
    ]
    for (sql, count) in expected {
      #expect(try self.count(sql) == count, "\(sql)", sourceLocation: sourceLocation)
    }
  }
}
