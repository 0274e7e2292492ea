import Foundation
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The schema as sqlite.md defines it: every table with at least its columns, the indexes, the
/// version; checked through SQLite's own catalog and the sqlite3 shell.
@Suite struct DatabaseSchemaTests {
  /// sqlite.md's tables and the columns every implementation has, as the contract lists them.
  static let contract: [String: [String]] = [
    "export_info": [
      "schema_version", "tool_version", "input_name", "export_date", "locale", "created_unix", "time_zone",
      "weight_unit", "temperature_unit", "deidentified",
    ],
    "imports": ["id", "imported_unix", "input_name", "export_date", "added", "removed", "unchanged"],
    "removed": ["import_id", "table_name", "row_json"],
    "me": [
      "date_of_birth", "biological_sex", "blood_type", "fitzpatrick_skin_type",
      "cardio_fitness_medications_use",
    ],
    "types": ["type", "short_name", "kind", "aggregation", "csv_name", "records"],
    "sources": ["id", "name", "version", "device", "device_model", "priority"],
    "records": [
      "id", "type", "source_id", "unit", "value", "value_text", "creation_date", "start_date", "end_date",
      "start_unix", "end_unix", "correlation_id", "import_id",
    ],
    "metadata": ["owner_kind", "owner_id", "key", "value"],
    "correlations": [
      "id", "type", "source_id", "creation_date", "start_date", "end_date", "start_unix", "end_unix",
      "import_id",
    ],
    "workouts": [
      "id", "activity_type", "source_id", "duration_s", "total_distance", "total_distance_unit",
      "total_energy_kcal",
      "creation_date", "start_date", "end_date", "start_unix", "end_unix", "import_id",
    ],
    "workout_events": ["workout_id", "type", "date", "date_unix", "duration_s"],
    "workout_statistics": [
      "workout_id", "type", "start_unix", "end_unix", "average", "minimum", "maximum", "sum", "unit",
    ],
    "workout_activities": ["workout_id", "uuid", "start_unix", "end_unix", "duration_s"],
    "route_points": [
      "workout_id", "time_date", "time_unix", "latitude", "longitude", "elevation_m", "speed_mps",
      "course_deg",
      "horizontal_accuracy_m", "vertical_accuracy_m",
    ],
    "activity_summaries": [
      "date", "active_energy_burned", "active_energy_burned_goal", "active_energy_burned_unit", "move_time",
      "move_time_goal", "exercise_time", "exercise_time_goal", "stand_hours", "stand_hours_goal",
    ],
    "ecgs": [
      "id", "file", "recorded_date", "recorded_unix", "classification", "symptoms", "software_version",
      "device",
      "sample_rate_hz", "lead",
    ],
    "ecg_samples": ["ecg_id", "n", "microvolts"],
    "clinical_records": [
      "id", "type", "identifier", "source_name", "source_url", "fhir_version", "received_date",
      "resource_type",
      "resource_path", "resource_json", "import_id",
    ],
    "lab_results": [
      "clinical_record_id", "loinc", "name", "value", "unit", "effective_date", "effective_unix",
      "source_name",
    ],
    "summaries": [
      "period", "period_start", "type", "metric", "value", "unit", "minimum", "maximum", "count", "sources",
    ],
    "audiograms": [], "audiogram_points": [], "vision_prescriptions": [], "vision_prescription_values": [],
    "state_of_mind": [], "workout_routes": [], "heart_rate_beats": [],
  ]

  static let contractIndexes: [(table: String, columns: [String])] = [
    ("records", ["type", "start_unix"]), ("records", ["start_unix"]),
    ("metadata", ["owner_kind", "owner_id"]),
    ("route_points", ["workout_id", "time_unix"]), ("ecg_samples", ["ecg_id"]),
  ]

  @Test func hasEveryTableWithTheContractsColumns() throws {
    let database = try TestDatabase(items: [])
    let tables = try database.lines("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    #expect(tables == Self.contract.keys.sorted())
    for (table, columns) in Self.contract {
      let actual = try database.lines("SELECT name FROM pragma_table_info('\(table)')")
      #expect(Set(columns).subtracting(actual).isEmpty, "\(table) lacks \(Set(columns).subtracting(actual))")
      #expect(actual == DatabaseSchema.columnNames(of: table))
    }
  }

  @Test func hasTheContractsIndexesAndVersion() throws {
    let database = try TestDatabase(items: [])
    var indexes: [String: [String]] = [:]
    for row in try database.lines(
      "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    {
      let parts = row.split(separator: "|").map(String.init)
      indexes[parts[0]] =
        [parts[1]] + (try database.lines("SELECT name FROM pragma_index_info('\(parts[0])')"))
    }
    for index in Self.contractIndexes {
      #expect(
        indexes.values.contains([index.table] + index.columns), "no index on \(index.table) \(index.columns)")
    }
    #expect(try database.connection.value("PRAGMA user_version") == .integer(2))
  }

  /// Schema version 2's views, each answering its question over a database of known rows.
  @Test func hasTheViewsForEverydayQuestions() throws {
    let database = try TestDatabase(xml: DatabaseWriterTests.xml, timeZone: "America/Chicago")
    let views = try database.lines("SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name")
    #expect(views == ["blood_pressure", "daily_steps", "latest_labs", "nightly_sleep", "readings"])
    try database.expect(
      "SELECT * FROM blood_pressure", ["1|2026-01-09 06:15:00 -0600|1767960900|Omron|120.0|80.0|mmHg"])
    // Summaries round steps to whole ones; the night of the 9th is named by the day it ends.
    try database.expect(
      "SELECT * FROM daily_steps", ["2026-01-09|5432.0|1|Jane’s Watch", "2026-07-09|49.0|1|Jane’s iPhone"])
    try database.expect("SELECT * FROM nightly_sleep", ["2026-01-09|90.0||90.0|||"])
    try database.expect(
      "SELECT * FROM readings WHERE id IN (2, 3) ORDER BY id",
      [
        "2|HKQuantityTypeIdentifierStepCount|StepCount|48.74499999999999||count|Jane’s iPhone|iPhone|2026-07-09 09:00:00 -0500|2026-07-09 10:00:00 -0500|2026-07-09|1783605600|1783609200|",
        "3|HKCategoryTypeIdentifierSleepAnalysis|SleepAnalysis||HKCategoryValueSleepAnalysisAsleepCore||Jane’s Watch|Watch|2026-01-09 00:00:00 -0600|2026-01-09 01:30:00 -0600|2026-01-09|1767938400|1767943800|",
      ])
  }

  @Test(.enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed (apt-get install sqlite3)"))
  func passesTheShellsIntegrityCheck() throws {
    let database = try TestDatabase(xml: DatabaseWriterTests.xml)
    let check = try SQLiteShell.run("PRAGMA integrity_check; PRAGMA foreign_key_check;", on: database.path)
    #expect(check.status == 0)
    #expect(check.standardOutput == "ok\n")
    #expect(check.standardError == "")
    let version = try SQLiteShell.run("PRAGMA user_version; SELECT count(*) FROM records;", on: database.path)
    #expect(version.standardOutput == "2\n7\n")
  }
}
