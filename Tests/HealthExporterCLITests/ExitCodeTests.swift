import HealthTestSupport
import SystemShim
import Testing

/// Each exit code of the command line, from a run that earns it.
@Suite struct ExitCodeTests {
  let now = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  @Test func succeedsWithZero() {
    let run = ToolRun(["export", exampleExport, "--all", "-o", "-", "-q"], environment: now)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(
      run.standardOutput.split(separator: "\n").dropFirst(4)
        == [
          "2026-01-09 10:30:00,Weight,,185.50,lbs,Withings,",
          "2026-01-09 11:00:00,Steps,,5432,steps,Apple Watch,",
        ])
  }

  @Test func printsTheSummaryOnStandardError() throws {
    let folder = try TestDirectory()
    let run = ToolRun(["export", exampleExport, "--all", "-o", folder.path], environment: now)
    #expect(run.status == 0)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "Wrote 2 rows (Weight 1, Steps 1) to \(folder.path)/HealthExporter_2026-01-20_070000.csv (time zone America/New_York).\n"
    )
    #expect(SystemCall.permissions(of: folder.file("HealthExporter_2026-01-20_070000.csv")) == 0o600)
  }

  @Test func failsWithOneWhenNothingMatches() throws {
    let folder = try TestDirectory()
    // The example's records are from January; the last 30 days before 2026-11-30 hold none.
    let run = ToolRun(
      ["export", exampleExport, "-o", folder.path],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-11-30T12:00:00Z"])
    #expect(run.status == 1)
    #expect(
      run.standardError == """
        Error: No data found for the selected metrics and date range.
          The range: the last 30 days, 2026-11-01 to 2026-11-30 (America/New_York).
          Weight: 1 reading, 2026-01-09 … 2026-01-09; none from 2026-11-01 to 2026-11-30.
          Steps: 1 reading, 2026-01-09 … 2026-01-09; none from 2026-11-01 to 2026-11-30.
          The data ends on 2026-01-09: try --from 2025-12-11 --to 2026-01-09 for its last 30 days, or --all.

        """)
    #expect(try folder.contents() == [])
  }

  @Test func failsWith65OnMalformedXML() throws {
    let folder = try TestDirectory()
    let input = try folder.write(
      "<HealthData>\n <Record type=\"a\" value=1/>\n</HealthData>\n", to: "export.xml")
    let run = ToolRun(["export", input, "--all", "-o", "-"], environment: now)
    #expect(run.status == 65)
    #expect(
      run.standardError
        == "Error: \(input), line 2, column 25: the value of attribute 'value' is not in quotes\n")
    #expect(run.standardOutput == "")
  }

  @Test func failsWith65OnASkippedRecordWhenStrict() throws {
    let folder = try TestDirectory()
    let input = try folder.write(
      ExportXML.document(
        ExportXML.record("BodyMass", value: "heavy", unit: "kg", start: "2026-01-09 10:30:00 -0500")),
      to: "export.xml")
    let run = ToolRun(["export", input, "--all", "-o", "-", "--strict"], environment: now)
    #expect(run.status == 65)
    #expect(
      run.standardError
        == "Error: \(input), line 11, column 2: value is not a number (--strict makes every malformed record an error)\n"
    )
    let lenient = ToolRun(["export", input, "--all", "-o", "-"], environment: now)
    #expect(lenient.status == 1)
  }

  @Test func failsWith66WhenTheInputIsMissing() {
    let run = ToolRun(["export", "/nonexistent/export.xml", "--all"], environment: now)
    #expect(run.status == 66)
    #expect(
      run.standardError
        == "Error: No such file or folder: /nonexistent/export.xml. Check the path, or pass the export.zip, its unpacked folder or export.xml.\n"
    )
  }

  @Test func failsWith73WhenTheOutputExists() throws {
    let folder = try TestDirectory()
    let existing = try folder.write("mine\n", to: "out.csv")
    let run = ToolRun(["export", exampleExport, "--all", "-o", existing], environment: now)
    #expect(run.status == 73)
    #expect(
      run.standardError
        == "Error: \(existing) already exists. Pass --force to overwrite it, or choose another path with --output.\n"
    )
    #expect(try folder.read("out.csv") == "mine\n")
    let forced = ToolRun(
      ["export", exampleExport, "--all", "-o", existing, "--force", "-q"], environment: now)
    #expect(forced.status == 0)
    #expect(try folder.read("out.csv").hasPrefix("### HealthExporterCSV"))
  }

  @Test func failsWith73WhenTheFolderIsMissing() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["export", exampleExport, "--all", "-o", folder.file("nope/out.csv")], environment: now)
    #expect(run.status == 73)
  }

  @Test func failsWith74WhenWritingFails() {
    let run = ToolRun(
      ["export", exampleExport, "--all", "-o", "-"], environment: now,
      failingOutput: SystemError(operation: "write", path: "standard output", code: 28))
    #expect(run.status == 74)
    #expect(run.standardError == "Error: cannot write standard output: No space left on device\n")
  }

  @Test func usesTheTimeZoneOptionOverTZ() {
    let run = ToolRun(
      [
        "export", exampleExport, "--all", "-o", "-", "-q", "--time-zone", "Europe/Paris", "--metrics",
        "weight",
      ],
      environment: now)
    #expect(run.standardOutput.hasSuffix("2026-01-09 16:30:00,Weight,,185.50,lbs,Withings,\n"))
    let utc = ToolRun(
      ["export", exampleExport, "--all", "-o", "-", "-q", "--metrics", "weight"],
      environment: ["TZ": ":UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"])
    #expect(utc.standardOutput.hasSuffix("2026-01-09 15:30:00,Weight,,185.50,lbs,Withings,\n"))
  }

  @Test func countsLastDaysFromHealthExporterNow() {
    let run = ToolRun(
      ["export", exampleExport, "--last-days", "11", "-o", "-", "-q", "--metrics", "weight,steps,glucose"],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-19T12:00:00-05:00"])
    // The 11 days from 2026-01-09 to 2026-01-19 include the 9th.
    #expect(run.status == 0)
    #expect(run.standardOutput.split(separator: "\n").count == 8)
    let shorter = ToolRun(
      ["export", exampleExport, "--last-days", "10", "-o", "-", "-q"],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-19T12:00:00-05:00"])
    #expect(shorter.status == 1)
  }

  @Test func takesALabCodeOutsideTheRegistry() {
    let run = ToolRun(
      ["export", exampleExport, "--all", "-o", "-", "-q", "--labs", "lipid,1234-5"], environment: now)
    #expect(run.status == 0)
    #expect(run.standardError == "")
  }
}
