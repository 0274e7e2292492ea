import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// A database read back as an input gives what the export it was built from gave: a database
/// built from it holds the same rows, every kind of element included.
@Suite struct DatabaseSourceTests {
  private func build(_ source: some HealthInputSource, at path: String) throws {
    _ = try DatabaseExport(
      toolVersion: "test", timeZone: .named(UpdateFixture.timeZone), now: UpdateFixture.now
    )
    .run(source: source, destination: .file(path: path, overwrites: false), diagnostics: Diagnostics())
  }

  @Test func aDatabaseOfTheCraftedExportGivesItsRowsBack() throws {
    let folder = try TestDirectory()
    try CraftedExport.fixture.writeFolder(at: folder.file("export"))
    let first = folder.file("first.sqlite")
    try build(try HealthInput.open(path: folder.file("export"), timeZone: UpdateFixture.timeZone), at: first)
    let again = folder.file("again.sqlite")
    let source = try DatabaseSource(path: first)
    #expect(source.shape == .database && source.timeZone.identifier == "America/New_York")
    try build(source, at: again)
    try DatabaseComparison.expectSameRows(first, again, ignoring: ["export_info"])
    let connection = try SQLiteConnection(path: again, mode: .readOnly)
    defer { try? connection.close() }
    // Every kind of element came back.
    for table in [
      "audiograms", "vision_prescriptions", "state_of_mind", "ecgs", "route_points", "lab_results",
    ] {
      #expect(try connection.value("SELECT count(*) > 0 FROM \(table)") == .integer(1), "\(table)")
    }
    #expect(
      try connection.rows("SELECT input_name, input_shape FROM export_info").first == [
        .text("first.sqlite"), .text("health database"),
      ])
  }

  @Test func aGeneratedArchivesDatabaseGivesItsRowsBack() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    try SampleExportWriter.write(
      try SampleExport(configuration: SampleConfiguration(days: 14)), to: archive, format: .zip,
      overwrites: false)
    let first = folder.file("first.sqlite")
    try build(try HealthInput.open(path: archive, timeZone: UpdateFixture.timeZone), at: first)
    let again = folder.file("again.sqlite")
    try build(try DatabaseSource(path: first), at: again)
    try DatabaseComparison.expectSameRows(first, again, ignoring: ["export_info"])
  }

  @Test func aFileThatIsNotADatabaseOfVersion2IsRefused() throws {
    let folder = try TestDirectory()
    let path = folder.file("old.sqlite")
    try build(try HealthInput.open(path: exampleInput, timeZone: UpdateFixture.timeZone), at: path)
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    try connection.execute("PRAGMA user_version = 1")
    try connection.close()
    #expect(throws: DatabaseInputError.olderSchema(path: path, version: 1)) {
      _ = try DatabaseSource(path: path)
    }
    #expect(
      DatabaseInputError.olderSchema(path: "health.sqlite", version: 1).description
        == "health.sqlite has schema version 1, made by an older health-exporter, and cannot be read; make it again from the newest export: health-exporter database EXPORT -o health.sqlite --force"
    )
  }

  private var exampleInput: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/export.xml")
      .path
  }
}
