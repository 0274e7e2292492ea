import Foundation
import HealthTestSupport
import Testing

/// The line each command ends with names the file it wrote; a control character in that name is
/// shown as an escape, never sent to the terminal.
@Suite struct SummaryLineTests {
  @Test(arguments: [
    ("database", "health\u{1B}[2J.sqlite"), ("report", "report\u{1B}[2J.html"),
    ("convert", "export\u{1B}[2J.zip"), ("summary", "summary\u{1B}[2J.csv"),
  ])
  func namesItsOutputWithControlCharactersEscaped(_ example: (command: String, file: String)) throws {
    let folder = try TestDirectory()
    let path = folder.file(example.file)
    let run = ToolRun(
      [example.command, "--sample", "-o", path],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"])
    #expect(run.status == 0)
    #expect(FileManager.default.fileExists(atPath: path))
    let shown = path.replacingOccurrences(of: "\u{1B}", with: "\\x1B")
    #expect(run.standardError.contains(shown))
    #expect(!run.standardError.contains("\u{1B}"))
  }
}
