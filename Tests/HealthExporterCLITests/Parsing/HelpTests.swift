import HealthExporterCLI
import HealthTestSupport
import Testing

/// `--help`, `--version` and `metrics`, pinned as golden files.
@Suite struct HelpTests {
  @Test(arguments: [
    (["--help"], "tool-help.txt"),
    (["help"], "tool-help.txt"),
    (["export", "--help"], "export-help.txt"),
    (["help", "export"], "export-help.txt"),
    (["export", "in.xml", "-h"], "export-help.txt"),
    (["summary", "--help"], "summary-help.txt"),
    (["report", "--help"], "report-help.txt"),
    (["metrics", "--help"], "metrics-help.txt"),
    (["inspect", "--help"], "inspect-help.txt"),
    (["profile", "--help"], "profile-help.txt"),
    (["database", "--help"], "database-help.txt"),
    (["convert", "--help"], "convert-help.txt"),
    (["privacy"], "privacy.txt"),
    (["generate", "--help"], "generate-help.txt"),
    (["help", "generate"], "generate-help.txt"),
    (["metrics"], "metrics.txt"),
  ])
  func printsThePage(_ example: ([String], String)) throws {
    let run = ToolRun(example.0)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let expected = try Golden.expected(example.1, actual: run.standardOutput, testFile: #filePath)
    #expect(
      run.standardOutput == expected, "\(Golden.difference(expected: expected, actual: run.standardOutput))")
  }

  @Test func printsTheVersion() {
    let run = ToolRun(["--version"])
    #expect(run.status == 0)
    #expect(run.standardOutput == "health-exporter \(ToolVersion.current)\n")
  }
}
