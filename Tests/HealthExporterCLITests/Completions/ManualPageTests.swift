import Foundation
import HealthExporterCLI
import HealthTestSupport
import Testing

/// The manual page: every command and option of the help, and roff that groff reads without a
/// warning.
@Suite struct ManualPageTests {
  @Test func listsEveryCommandAndOption() throws {
    let run = ToolRun(["manual"])
    #expect(run.status == 0)
    let page = run.standardOutput
    #expect(
      page.hasPrefix(
        ".TH HEALTH-EXPORTER 1 \"\" \"health-exporter \(ToolVersion.current)\" \"User Commands\"\n.SH NAME\n")
    )
    for command in [
      "export", "profile", "inspect", "generate", "metrics", "settings", "completions", "privacy",
    ] {
      #expect(page.contains(".SS health\\-exporter \(command)"), "no section for \(command)")
    }
    for option in [
      "\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIpath\\fR", "\\fB\\-\\-weight\\-unit\\fR \\fIlbs|kg\\fR",
    ] {
      #expect(page.contains(option))
    }
  }

  @Test func isReadByGroffWithoutWarnings() throws {
    guard let groff = InstalledProgram(named: "groff") else { return }
    let folder = try TestDirectory()
    let path = try folder.write(ToolRun(["manual"]).standardOutput, to: "health-exporter.1")
    let result = try groff.run(["-man", "-Tutf8", "-ww", "-z", path])
    #expect(result.status == 0)
    #expect(result.output == "")
  }
}
