import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// What `--update` refuses, each time with the file as it was, byte for byte, and nothing beside
/// it; and an export made in summer updating a database built from one made in winter.
@Suite struct DatabaseUpdateRefusalTests {
  let fixture = UpdateFixture.shared

  /// Expects updating the database at `path` with `input` to throw `refusal` and leave the folder
  /// as it was, byte for byte.
  private func expectRefused(
    _ path: String, with input: String, in folder: TestDirectory, _ refusal: UpdateRefusal,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let before = try folder.contents().sorted()
    let bytes = FileManager.default.contents(atPath: path)
    #expect(throws: refusal, sourceLocation: sourceLocation) {
      _ = try UpdateFixture.update(path, with: input)
    }
    #expect(FileManager.default.contents(atPath: path) == bytes, sourceLocation: sourceLocation)
    #expect(try folder.contents().sorted() == before, sourceLocation: sourceLocation)
  }

  private func execute(_ sql: String, on path: String) throws {
    let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
    try connection.execute(sql)
    try connection.close()
  }

  @Test func anOlderExportIsRefusedUnlessAllowed() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.newerPath, at: kept)
    try expectRefused(
      kept, with: fixture.olderPath, in: folder,
      .olderExport(kept: "2026-06-30 23:59:59 -0400", export: "2026-06-16 23:59:59 -0400"))
    #expect(
      UpdateRefusal.olderExport(kept: "2026-06-30 23:59:59 -0400", export: "2026-06-16 23:59:59 -0400")
        .description
        == "the export (made 2026-06-16 23:59:59 -0400) is older than the newest one the database holds (made 2026-06-30 23:59:59 -0400); --allow-older updates it anyway"
    )
    // Allowed, the older export takes back what it lacks, and gives back the five deleted.
    let outcome = try UpdateFixture.update(kept, with: fixture.olderPath, allowsOlder: true)
    #expect(outcome.removed == fixture.cutByType.values.reduce(0, +) && outcome.added == 5)
  }

  @Test func anotherPersonsExportIsRefusedUnlessAllowed() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.olderPath, at: kept)
    let text = try String(contentsOfFile: fixture.newerPath, encoding: .utf8)
    let birth = try #require(text.range(of: "HKCharacteristicTypeIdentifierDateOfBirth=\"")).upperBound
    let date = String(text[birth...].prefix(10))
    let other = try folder.write(
      text.replacingCharacters(in: birth..<text.index(birth, offsetBy: 10), with: "1950-01-01"),
      to: "other.xml")
    try expectRefused(
      kept, with: other, in: folder, .otherPerson(field: "date of birth", kept: date, export: "1950-01-01"))
    let outcome = try UpdateFixture.update(kept, with: other, allowsOtherPerson: true)
    #expect(outcome.importID == 2)
  }

  @Test func aDatabaseThatCannotBeUpdatedIsLeftAsItWas() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.olderPath, at: kept)
    try execute("PRAGMA user_version = 1", on: kept)
    try expectRefused(kept, with: fixture.newerPath, in: folder, .olderSchema(path: kept, version: 1))
    #expect(
      UpdateRefusal.olderSchema(path: "health.sqlite", version: 1).description
        == "health.sqlite has schema version 1, made before updates were possible, and cannot be updated; make it again from the newest export: health-exporter database EXPORT -o health.sqlite --force"
    )
    try execute("PRAGMA user_version = 2; UPDATE export_info SET deidentified = 1", on: kept)
    try expectRefused(kept, with: fixture.newerPath, in: folder, .deidentified(path: kept))
    let text = try folder.write("not a database", to: "notes.sqlite")
    try expectRefused(
      text, with: fixture.newerPath, in: folder,
      .notOurs(path: text, reason: "SQLite cannot read it: file is not a database"))
    let other = folder.file("other.sqlite")
    try execute("CREATE TABLE t (x)", on: other)
    try expectRefused(
      other, with: fixture.newerPath, in: folder,
      .notOurs(path: other, reason: "it has no export_info, records and summaries tables"))
    let missing = folder.file("missing.sqlite")
    try expectRefused(missing, with: fixture.newerPath, in: folder, .missing(path: missing))
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  /// An export made in winter (dates written with -0500) and one made in summer, whose dates
  /// are all written with -0400, winter's too: compared on instants, the winter's readings are
  /// the same, and their text in the database is on the zone's clocks.
  @Test func anExportMadeInSummerUpdatesADatabaseBuiltFromOneMadeInWinter() throws {
    let folder = try TestDirectory()
    let winter = folder.file("winter.zip")
    let summer = folder.file("summer.zip")
    try SampleExportWriter.write(
      try SampleExport(
        configuration: SampleConfiguration(days: 14, end: CivilDateTime(year: 2026, month: 2, day: 14))),
      to: winter, format: .zip, overwrites: false)
    try SampleExportWriter.write(
      try SampleExport(
        configuration: SampleConfiguration(days: 75, end: CivilDateTime(year: 2026, month: 4, day: 30))),
      to: summer, format: .zip, overwrites: false)
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(winter, at: kept)
    let outcome = try UpdateFixture.update(kept, with: summer)
    #expect(outcome.added > 0)
    let fresh = folder.file("fresh.sqlite")
    try UpdateFixture.build(summer, at: fresh)
    try DatabaseComparison.expectSameRows(kept, fresh)
    let connection = try SQLiteConnection(path: kept, mode: .readOnly)
    defer { try? connection.close() }
    // Route points, ECG samples and lab results came with their owners.
    for table in ["route_points", "ecg_samples", "lab_results", "heart_rate_beats"] {
      #expect(try connection.value("SELECT count(*) > 0 FROM \(table)") == .integer(1), "\(table)")
    }
    #expect(
      try connection.value(
        "SELECT count(*) FROM records WHERE start_date LIKE '2026-02-%' AND start_date NOT LIKE '% -0500'")
        == .integer(0))
  }
}
