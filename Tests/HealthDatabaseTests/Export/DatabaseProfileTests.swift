import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The database of an archive and the database of that archive's JSON profile hold the same
/// rows wherever the profile carries the data (it keeps no route points, ECGs, FHIR texts,
/// workout activities or date texts; the archive's dates are written in a zone without daylight
/// saving time, so that the profile's instants show as the archive wrote them).
@Suite struct DatabaseProfileTests {
  /// Each table as the profile carries it: rows in a stable order, ids replaced by what they
  /// point at.
  static let comparisons: [(name: String, sql: String)] = [
    (
      "records",
      """
      SELECT r.type, s.name, s.version, s.device, r.unit, r.value, r.value_text, r.creation_date, r.start_date,
        r.end_date, r.creation_unix, r.start_unix, r.end_unix, r.correlation_id IS NOT NULL
      FROM records r JOIN sources s ON s.id = r.source_id ORDER BY 1, 12, 13, 2, 6, 7
      """
    ),
    (
      "record metadata",
      """
      SELECT r.type, r.start_unix, r.end_unix, r.value, m.key, m.value FROM metadata m
      JOIN records r ON m.owner_kind = 'record' AND m.owner_id = r.id ORDER BY 1, 2, 3, 4, 5, 6
      """
    ),
    (
      "correlations",
      """
      SELECT c.type, s.name, c.creation_date, c.start_date, c.end_date, c.start_unix, c.end_unix,
        (SELECT group_concat(type || '=' || value, ',') FROM (SELECT type, value FROM records
          WHERE correlation_id = c.id ORDER BY type))
      FROM correlations c JOIN sources s ON s.id = c.source_id ORDER BY 6, 1, 2
      """
    ),
    (
      "workouts",
      """
      SELECT w.activity_type, s.name, w.duration_s, w.total_distance, w.total_distance_unit, w.total_energy_kcal,
        w.creation_date, w.start_date, w.end_date, w.start_unix, w.end_unix
      FROM workouts w JOIN sources s ON s.id = w.source_id ORDER BY 10, 1
      """
    ),
    (
      "workout events",
      """
      SELECT w.start_unix, e.type, e.date, e.date_unix, e.duration_s FROM workout_events e
      JOIN workouts w ON w.id = e.workout_id WHERE e.activity_id IS NULL ORDER BY 1, 4, 2
      """
    ),
    (
      "workout statistics",
      """
      SELECT w.start_unix, t.type, t.start_unix, t.end_unix, t.average, t.minimum, t.maximum, t.sum, t.unit
      FROM workout_statistics t JOIN workouts w ON w.id = t.workout_id WHERE t.activity_id IS NULL
      ORDER BY 1, 2
      """
    ),
    (
      "workout routes",
      """
      SELECT w.start_unix, r.source_name, r.start_date, r.end_date, r.file FROM workout_routes r
      JOIN workouts w ON w.id = r.workout_id ORDER BY 1, 5
      """
    ),
    ("activity summaries", "SELECT * FROM activity_summaries ORDER BY date"),
    ("me", "SELECT * FROM me"),
    ("sources", "SELECT name, version, device, device_model, priority FROM sources ORDER BY 1, 2, 3"),
    ("types", "SELECT * FROM types ORDER BY type"),
    (
      "clinical records",
      """
      SELECT type, identifier, source_name, source_url, fhir_version, received_date, received_unix, resource_path
      FROM clinical_records ORDER BY received_unix, identifier
      """
    ),
    (
      "lab results",
      "SELECT loinc, name, value, unit, effective_unix, source_name FROM lab_results ORDER BY 5, 1, 3"
    ),
    ("export date", "SELECT export_date, export_unix, time_zone FROM export_info"),
  ]

  @Test func givesTheSameRowsFromAnArchiveAndFromItsProfile() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    let export = try SampleExport(
      configuration: SampleConfiguration(days: 21, timeZoneIdentifier: "Asia/Tokyo"))
    try SampleExportWriter.write(export, to: archive, format: .zip, overwrites: false)
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let profile = folder.file("profile.json")
    _ = try ProfileExport(
      options: ProfileWriter.Options(
        profileName: "test", creationDate: Timestamp(secondsSince1970: 1_768_910_400), timeZone: .named(tokyo)
      )
    ).run(
      source: try HealthInput.open(path: archive, timeZone: tokyo),
      destination: .file(path: profile, overwrites: false), diagnostics: Diagnostics())
    let fromArchive = try ExportedDatabase(input: archive, timeZone: "Asia/Tokyo")
    let fromProfile = try ExportedDatabase(input: profile, timeZone: "Asia/Tokyo")
    for comparison in Self.comparisons {
      let expected = try fromArchive.lines(comparison.sql)
      let actual = try fromProfile.lines(comparison.sql)
      #expect(!expected.isEmpty, "\(comparison.name): the archive gives no rows to compare")
      #expect(
        actual == expected,
        "\(comparison.name): \(Golden.difference(expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n")).prefix(3000))"
      )
    }
  }
}
