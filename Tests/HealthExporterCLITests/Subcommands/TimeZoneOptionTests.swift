import Foundation
import HealthTestSupport
import Testing

/// Where local dates are reckoned: `--time-zone`, else the saved setting, else `TZ`, else the
/// export's own zone (the one its samples' `HKTimeZone` names), else the machine's.
@Suite struct TimeZoneOptionTests {
  let home: TestDirectory
  let folder: TestDirectory
  /// A generated export of a person in Tokyo: neither the tests' `TZ` nor the machine's zone.
  let export: String
  let now = "2026-06-30T12:00:00Z"

  init() throws {
    home = try TestDirectory()
    folder = try TestDirectory()
    export = folder.file("tokyo.zip")
    let run = ToolRun(
      ["generate", "-o", export, "--time-zone", "Asia/Tokyo", "--days", "3", "--end", "2026-06-30", "-q"])
    try #require(run.status == 0, "\(run.standardError)")
  }

  /// The export's weights, with the line saying the zone.
  private func weights(_ extra: [String], environment: [String: String]) throws -> (csv: String, line: String)
  {
    var environment = environment
    environment["HOME"] = home.path
    environment["HEALTH_EXPORTER_NOW"] = now
    let run = ToolRun(
      ["export", export, "--all", "--metrics", "weight", "-o", "-"] + extra, environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    return (run.standardOutput, run.standardError)
  }

  @Test func withoutTZTheExportsOwnZone() throws {
    let own = try weights([], environment: [:])
    #expect(own.line.hasSuffix(" to standard output (time zone Asia/Tokyo).\n"))
    #expect(own.csv == (try weights(["--time-zone", "Asia/Tokyo"], environment: [:]).csv))
    let newYork = try weights(["--time-zone", "America/New_York"], environment: [:])
    #expect(newYork.csv != own.csv)
  }

  @Test func tzNamesTheZoneUnlessTheFlagOrTheSettingSaysExport() throws {
    let environment = ["TZ": "America/New_York"]
    #expect(try weights([], environment: environment).line.contains("(time zone America/New_York)"))
    #expect(
      try weights(["--time-zone", "export"], environment: environment).line.contains("(time zone Asia/Tokyo)")
    )
    let set = ToolRun(["settings", "set", "time-zone", "export"], environment: ["HOME": home.path])
    #expect(set.status == 0, "\(set.standardError)")
    #expect(try weights([], environment: environment).line.contains("(time zone Asia/Tokyo)"))
    #expect(try weights(["--time-zone", "UTC"], environment: environment).line.contains("(time zone UTC)"))
    #expect(
      ToolRun(["settings", "set", "time-zone", "Europe/Paris"], environment: ["HOME": home.path]).status == 0)
    #expect(try weights([], environment: [:]).line.contains("(time zone Europe/Paris)"))
  }

  /// An export whose samples name no zone is read in the machine's; `inspect` says so.
  @Test func anExportThatNamesNoZoneIsReadInTheMachinesZone() throws {
    let input = try folder.write(
      ExportXML.document(
        ExportXML.record(
          "BodyMass", value: "80", unit: "kg", source: "Scale", start: "2026-01-09 10:30:00 +0900")),
      to: "export.xml")
    let run = ToolRun(["inspect", input], environment: ["HOME": home.path])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.contains(" (the machine's: no sample names a zone)\n"), "\(run.standardOutput)")
    let tokyo = ToolRun(["inspect", export], environment: ["HOME": home.path])
    #expect(tokyo.standardOutput.contains("\nTime zone       Asia/Tokyo (the export's own, named by "))
  }

  /// The generator makes a person in a zone: it takes a zone's name, not the export's.
  @Test func generateRefusesExport() {
    let run = ToolRun(["generate", "-o", "-", "--time-zone", "export"])
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "Error: invalid value 'export' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC"
      ), "\(run.standardError)")
  }
}
