import Foundation
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExporterCLI

/// `health-exporter report`: the page it writes, its messages, its usage errors and exit codes.
@Suite struct ReportCommandTests {
  let now = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  static let reportUsage =
    "Usage: health-exporter report [<input>] [<options>]\n  See 'health-exporter report --help' for more information.\n"

  @Test func writesANamedPageInAFolderWithOwnerOnlyPermissions() throws {
    let folder = try TestDirectory()
    let run = ToolRun(["report", exampleExport, "--all", "-o", folder.path], environment: now)
    let file = folder.file("HealthExporter_Report_2026-01-20_070000.html")
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "Wrote a report of 2026-01-09 to 2026-01-15 (8 sections, 7 charts) to \(file) (time zone America/New_York).\n"
    )
    #expect(SystemCall.permissions(of: file) == 0o600)
    let html = try String(contentsOfFile: file, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>\n"))
    for id in ["glance", "body", "activity", "blood", "respiration", "sleep", "workouts", "overview"] {
      #expect(html.contains("<section id=\"\(id)\">"), "\(id)")
    }
    // The example's weight, as its CSV writes it.
    #expect(html.contains("<td>2026-01-09 10:30:00</td><td>185.50</td>"))
  }

  @Test func writesThePageToStandardOutput() {
    let run = ToolRun(["report", exampleExport, "--all", "-o", "-", "-q"], environment: now)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.standardOutput.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(run.standardOutput.hasSuffix("</html>\n"))
  }

  @Test func reportsOnTheBuiltInSample() throws {
    let folder = try TestDirectory()
    let file = folder.file("sample.html")
    let run = ToolRun(["report", "--sample", "-o", file], environment: now)
    #expect(run.status == 0)
    // The last 30 days of the sample, which ends now: every section.
    #expect(run.standardError.hasPrefix("Wrote a report of 2025-12-22 to 2026-01-20 (10 sections, "))
    let html = try String(contentsOfFile: file, encoding: .utf8)
    for id in ["glance", "body", "activity", "heart", "blood", "sleep", "workouts", "labs", "overview"] {
      #expect(html.contains("<section id=\"\(id)\">"), "\(id)")
    }
    // At a glance counts the days with a reading as the CSV of the same range has them.
    let csv = ToolRun(
      ["export", "--sample", "--metrics", "weight,glucose", "--vitals", "blood-pressure", "-o", "-", "-q"],
      environment: now)
    func days(of metric: String) -> Int {
      Set(
        csv.standardOutput.split(separator: "\n").filter { $0.contains(",\(metric),") }.map { $0.prefix(10) }
      ).count
    }
    let glance = ReportTables.parse(html)["glance"] ?? []
    func coverage(_ name: String) -> String? { glance.first { $0[0].hasPrefix(name) }?.last }
    #expect(coverage("Weight") == "\(days(of: "Weight")) of 30 days")
    #expect(coverage("Blood Glucose") == "\(days(of: "Blood Glucose")) of 30 days")
    #expect(coverage("Blood pressure") == "\(days(of: "Blood Pressure Systolic")) of 30 days")
    #expect(days(of: "Weight") > 10)
  }

  @Test func failsWithOneWhenNoSectionHasData() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "-o", folder.path],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-11-30T12:00:00Z"])
    #expect(run.status == 1)
    #expect(
      run.standardError == """
        Error: No data found for the selected metrics and date range.
          The range: the last 30 days, 2026-11-01 to 2026-11-30 (America/New_York).
          Weight: 1 reading, 2026-01-09 … 2026-01-09; none from 2026-11-01 to 2026-11-30.
          Blood Glucose: 2 readings, 2026-01-09 … 2026-01-09; none from 2026-11-01 to 2026-11-30.
          Blood Pressure Systolic: 1 reading, 2026-01-15 … 2026-01-15; none from 2026-11-01 to 2026-11-30.
          Blood Pressure Diastolic: 1 reading, 2026-01-15 … 2026-01-15; none from 2026-11-01 to 2026-11-30.
          Oxygen Saturation: 1 reading, 2026-01-15 … 2026-01-15; none from 2026-11-01 to 2026-11-30.
          Sleep: 1 reading, 2026-01-09 … 2026-01-09; none from 2026-11-01 to 2026-11-30.
          Steps: 1 reading, 2026-01-09 … 2026-01-09; none from 2026-11-01 to 2026-11-30.
          The data ends on 2026-01-15: try --from 2025-12-17 --to 2026-01-15 for its last 30 days, or --all.

        """)
    #expect(try folder.contents() == [])
  }

  @Test func failsWith73RatherThanReplaceAFileWithoutForce() throws {
    let folder = try TestDirectory()
    let output = try folder.write("keep me\n", to: "report.html")
    let refused = ToolRun(["report", exampleExport, "--all", "-o", output], environment: now)
    #expect(refused.status == 73)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me\n")
    let forced = ToolRun(["report", exampleExport, "--all", "-o", output, "--force", "-q"], environment: now)
    #expect(forced.status == 0)
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
  }

  @Test func neverWritesOverItsInput() throws {
    let folder = try TestDirectory()
    let input = try folder.write(try String(contentsOfFile: exampleExport, encoding: .utf8), to: "export.xml")
    let run = ToolRun(["report", input, "--all", "-o", input, "--force"], environment: now)
    #expect(run.status == 73)
    #expect(try String(contentsOfFile: input, encoding: .utf8).hasPrefix("<?xml"))
  }

  @Test func takesTheSavedRangeButNotARangeOfRecords() throws {
    let config = try TestDirectory()
    var environment = now
    environment["XDG_CONFIG_HOME"] = config.path
    #expect(ToolRun(["settings", "set", "range", "last-records", "3"], environment: environment).status == 0)
    // The saved range of records does not apply: the default, the last 30 days, does.
    let run = ToolRun(["report", exampleExport, "-o", "-"], environment: environment)
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "Wrote a report of 2025-12-22 to 2026-01-20 (8 sections, 7 charts) to standard output (time zone America/New_York).\n"
    )
    #expect(
      ToolRun(
        ["settings", "set", "range", "from", "2026-01-09", "to", "2026-01-10"], environment: environment
      ).status == 0)
    let saved = ToolRun(["report", exampleExport, "-o", "-"], environment: environment)
    #expect(saved.standardError.hasPrefix("Wrote a report of 2026-01-09 to 2026-01-10 ("))
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    UsageCase(
      arguments: ["report"],
      message:
        "missing <input>: give the export.zip, its unpacked folder or export.xml to report on, or --sample"),
    UsageCase(
      arguments: ["report", "in.xml", "--sample"],
      message: "give either <input> ('in.xml') or --sample, not both"),
    UsageCase(
      arguments: ["report", "in.xml", "--last-records", "5"], message: "unknown option '--last-records'"),
    UsageCase(
      arguments: ["report", "in.xml", "--all", "--from", "2026-01-01"],
      message: "'--all' and '--from' cannot be used together"),
    UsageCase(
      arguments: ["report", "in.xml", "--weight-unit", "stone"],
      message: "invalid value 'stone' for '--weight-unit <lbs|kg>': expected one of lbs, kg"),
    UsageCase(
      arguments: ["report", "in.xml", "--source-priority", ",Phone"],
      message:
        "invalid value ',Phone' for '--source-priority <names>': item 1 is empty; expected source names separated by commas"
    ),
  ])
  func usageErrorsExitWith64(_ example: UsageCase) {
    let run = ToolRun(example.arguments, environment: now)
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "Error: \(example.message)\n" + Self.reportUsage)
  }

  // MARK: --pdf

  /// The environment of a run with `--pdf`: the fake browser named, temporary folders in
  /// `temporary`, and a `PATH` with no browser on it.
  func pdfEnvironment(_ browser: FakeBrowser?, temporary: TestDirectory) -> [String: String] {
    var environment = now
    environment["TMPDIR"] = temporary.path
    environment["PATH"] = temporary.path
    if let browser { environment["HEALTH_EXPORTER_BROWSER"] = browser.path }
    return environment
  }

  @Test func printsThePageToAPDFWithTheBrowserTheEnvironmentNames() throws {
    let browser = try FakeBrowser(.printsPDF)
    let temporary = try TestDirectory()
    let folder = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", folder.path],
      environment: pdfEnvironment(browser, temporary: temporary))
    let file = folder.file("HealthExporter_Report_2026-01-20_070000.pdf")
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "Wrote a report of 2026-01-09 to 2026-01-15 (8 sections, 7 charts) to \(file) (PDF, printed by \(browser.path); time zone America/New_York).\n"
    )
    #expect(try folder.contents() == ["HealthExporter_Report_2026-01-20_070000.pdf"])
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file))) == FakeBrowser.pdf)
    #expect(SystemCall.permissions(of: file) == 0o600)
    let temporaryFolder = try #require(try browser.temporaryFolder())
    #expect(FakeBrowser.isTemporaryFolder(temporaryFolder, in: temporary.path))
    #expect(
      try browser.recordedArguments() == FakeBrowser.expectedArguments(temporaryFolder: temporaryFolder))
    // The page printed is the page `report` writes.
    let page = ToolRun(["report", exampleExport, "--all", "-o", "-", "-q"], environment: now)
    #expect(page.status == 0)
    #expect(try browser.folder.read("page.html") == page.standardOutput)
    #expect(SystemCall.kind(of: temporaryFolder) == .missing)
    #expect(try temporary.contents() == [])
  }

  @Test func findsTheBrowserOnThePathOfTheToolsEnvironment() throws {
    let browser = try FakeBrowser(named: "chromium-browser", .printsPDF)
    let temporary = try TestDirectory()
    let folder = try TestDirectory()
    var environment = pdfEnvironment(nil, temporary: temporary)
    environment["PATH"] = "\(temporary.path):\(browser.folder.path)"
    let output = folder.file("report.pdf")
    let run = ToolRun(["report", exampleExport, "--all", "--pdf", "-o", output], environment: environment)
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "Wrote a report of 2026-01-09 to 2026-01-15 (8 sections, 7 charts) to \(output) (PDF, printed by \(browser.path); time zone America/New_York).\n"
    )
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == FakeBrowser.pdf)
    #expect(try temporary.contents() == [])
  }

  @Test func writesThePDFToStandardOutput() throws {
    let browser = try FakeBrowser(.printsPDF)
    let temporary = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", "-"],
      environment: pdfEnvironment(browser, temporary: temporary))
    #expect(run.status == 0)
    #expect(Array(run.standardOutput.utf8) == FakeBrowser.pdf)
    #expect(
      run.standardError
        == "Wrote a report of 2026-01-09 to 2026-01-15 (8 sections, 7 charts) to standard output (PDF, printed by \(browser.path); time zone America/New_York).\n"
    )
    #expect(try temporary.contents() == [])
  }

  @Test func refusesToReplaceAPDFWithoutForceBeforeRunningTheBrowser() throws {
    let browser = try FakeBrowser(.printsPDF)
    let temporary = try TestDirectory()
    let folder = try TestDirectory()
    let output = try folder.write("keep me\n", to: "report.pdf")
    let environment = pdfEnvironment(browser, temporary: temporary)
    let refused = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", output], environment: environment)
    #expect(refused.status == 73)
    #expect(
      refused.standardError
        == "Error: \(output) already exists. Pass --force to overwrite it, or choose another path with --output.\n"
    )
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me\n")
    #expect(try browser.recordedArguments() == [])
    let forced = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", output, "--force", "-q"], environment: environment)
    #expect(forced.status == 0)
    #expect(forced.standardError == "")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == FakeBrowser.pdf)
    #expect(SystemCall.permissions(of: output) == 0o600)
    #expect(try folder.contents() == ["report.pdf"])
    #expect(try temporary.contents() == [])
  }

  @Test func saysWhatTheBrowserSaidWhenItFails() throws {
    let browser = try FakeBrowser(.failsWithMessage)
    let temporary = try TestDirectory()
    let folder = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", folder.file("report.pdf")],
      environment: pdfEnvironment(browser, temporary: temporary))
    #expect(run.status == 73)
    #expect(
      run.standardError == """
        Error: The browser \(browser.path) exited with status 1 without printing the report. Nothing was written. Its last lines on standard error:
          first line
          Fatal: cannot open the page

        """)
    #expect(try folder.contents() == [])
    #expect(try temporary.contents() == [])
  }

  @Test func failsWhenTheBrowserWritesNoPDF() throws {
    let browser = try FakeBrowser(.writesNothing)
    let temporary = try TestDirectory()
    let folder = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", folder.path],
      environment: pdfEnvironment(browser, temporary: temporary))
    #expect(run.status == 73)
    #expect(
      run.standardError
        == "Error: The browser \(browser.path) exited without writing a PDF. Nothing was written. It wrote nothing on standard error.\n"
    )
    #expect(try browser.recordedArguments().count == FakeBrowser.expectedArguments(temporaryFolder: "").count)
    #expect(try folder.contents() == [])
    #expect(try temporary.contents() == [])
  }

  @Test func saysWhatToInstallWhenNoBrowserIsFound() throws {
    let temporary = try TestDirectory()
    let folder = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "-o", folder.path],
      environment: pdfEnvironment(nil, temporary: temporary))
    #expect(run.status == 73)
    #expect(
      run.standardError
        == "Error: --pdf needs Chromium, Google Chrome or Microsoft Edge, and none was found (searched HEALTH_EXPORTER_BROWSER, then chromium, chromium-browser, google-chrome, google-chrome-stable, microsoft-edge, microsoft-edge-stable on PATH\(Browser.applicationPaths.map { ", then " + $0 }.joined())). Install one, or set HEALTH_EXPORTER_BROWSER to its path; without --pdf the report is an HTML page any browser prints.\n"
    )
    #expect(try folder.contents() == [])
    #expect(try temporary.contents() == [])
  }

  @Test func printsTheDeidentifiedPage() throws {
    let browser = try FakeBrowser(.printsPDF)
    let temporary = try TestDirectory()
    let run = ToolRun(
      ["report", exampleExport, "--all", "--pdf", "--deidentify", "-o", "-"],
      environment: pdfEnvironment(browser, temporary: temporary))
    #expect(run.status == 0)
    let page = ToolRun(["report", exampleExport, "--all", "--deidentify", "-o", "-"], environment: now)
    #expect(try browser.folder.read("page.html") == page.standardOutput)
    let line = page.standardError.replacingOccurrences(
      of: "to standard output (time zone",
      with: "to standard output (PDF, printed by \(browser.path); time zone")
    #expect(run.standardError == line)
    #expect(line.contains("(PDF, printed by "))
  }
}
