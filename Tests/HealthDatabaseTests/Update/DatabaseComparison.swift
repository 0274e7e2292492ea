import Foundation
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// Two databases compared row for row, ids aside: every table's rows (but the history of
/// `imports` and `removed`, and when each was made), each column that refers to another row
/// replaced by that row's key, so that rows whose ids differ compare equal when they hold the
/// same reading with the same source, owner and correlation.
enum DatabaseComparison {
  /// What each column that refers to a row is replaced with, `t` the row.
  static let references: [String: String] = [
    "source_id":
      "(SELECT name || '|' || ifnull(version, '') || '|' || ifnull(device, '') FROM sources WHERE id = t.source_id)",
    "correlation_id": "(SELECT type || '|' || start_unix FROM correlations WHERE id = t.correlation_id)",
    "workout_id": "(SELECT activity_type || '|' || start_unix FROM workouts WHERE id = t.workout_id)",
    "record_id":
      "(SELECT type || '|' || start_unix || '|' || ifnull(value, '') FROM records WHERE id = t.record_id)",
    "clinical_record_id":
      "(SELECT type || '|' || ifnull(identifier, '') FROM clinical_records WHERE id = t.clinical_record_id)",
    "ecg_id": "(SELECT file FROM ecgs WHERE id = t.ecg_id)",
    "route_id":
      "(SELECT ifnull(file, '') || '|' || ifnull(start_unix, '') FROM workout_routes WHERE id = t.route_id)",
    "activity_id": "(SELECT uuid FROM workout_activities WHERE id = t.activity_id)",
    "audiogram_id": "(SELECT start_unix FROM audiograms WHERE id = t.audiogram_id)",
    "prescription_id":
      "(SELECT ifnull(date_issued_unix, '') FROM vision_prescriptions WHERE id = t.prescription_id)",
    "owner_id": """
    CASE t.owner_kind
      WHEN 'record' THEN (SELECT type || '|' || start_unix || '|' || ifnull(value, '') FROM records WHERE id = t.owner_id)
      WHEN 'correlation' THEN (SELECT type || '|' || start_unix FROM correlations WHERE id = t.owner_id)
      WHEN 'workout' THEN (SELECT activity_type || '|' || start_unix FROM workouts WHERE id = t.owner_id)
      WHEN 'workout_activity' THEN (SELECT uuid FROM workout_activities WHERE id = t.owner_id)
      WHEN 'workout_event' THEN (SELECT type || '|' || date_unix FROM workout_events WHERE id = t.owner_id)
      WHEN 'workout_route' THEN (SELECT ifnull(file, '') || '|' || ifnull(start_unix, '') FROM workout_routes WHERE id = t.owner_id)
      WHEN 'activity_summary' THEN (SELECT date FROM activity_summaries WHERE id = t.owner_id)
      WHEN 'ecg' THEN (SELECT file FROM ecgs WHERE id = t.owner_id)
      WHEN 'audiogram' THEN (SELECT start_unix FROM audiograms WHERE id = t.owner_id)
      WHEN 'vision_prescription' THEN (SELECT date_issued_unix FROM vision_prescriptions WHERE id = t.owner_id)
      WHEN 'state_of_mind' THEN (SELECT start_unix FROM state_of_mind WHERE id = t.owner_id)
      ELSE t.owner_id END
    """,
  ]

  /// Each table's rows as text, counted (a table may hold the same row twice).
  static func rows(of path: String, ignoring ignored: Set<String> = []) throws -> [String: [String: Int]] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    defer { try? connection.close() }
    var tables: [String: [String: Int]] = [:]
    for table in DatabaseSchema.tables.map(\.name)
    where !["imports", "removed"].contains(table) && !ignored.contains(table) {
      let columns = DatabaseSchema.columnNames(of: table).compactMap { column -> String? in
        if column == "id" || column == "import_id" || column == "created_unix" { return nil }
        return references[column] ?? "t.\(column)"
      }
      var counted: [String: Int] = [:]
      for row in try connection.rows("SELECT \(columns.joined(separator: ", ")) FROM \(table) AS t") {
        counted[row.map(\.description).joined(separator: "|"), default: 0] += 1
      }
      tables[table] = counted
    }
    return tables
  }

  /// Expects the two databases to hold the same rows, naming the tables that differ and a few of
  /// their rows.
  static func expectSameRows(
    _ left: String, _ right: String, ignoring ignored: Set<String> = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let (first, second) = (try rows(of: left, ignoring: ignored), try rows(of: right, ignoring: ignored))
    for table in first.keys.sorted() where first[table] != second[table] {
      let a = first[table] ?? [:]
      let b = second[table] ?? [:]
      let onlyLeft = a.filter { b[$0.key] != $0.value }.keys.sorted().prefix(3)
      let onlyRight = b.filter { a[$0.key] != $0.value }.keys.sorted().prefix(3)
      Issue.record(
        "\(table) differs: \(Array(onlyLeft)) against \(Array(onlyRight))", sourceLocation: sourceLocation)
    }
  }
}
