import Foundation
import HealthArchive
import HealthTestSupport
import Testing

@testable import HealthExporterCLI

/// The progress line: its text, and that it is drawn on a terminal only.
@Suite struct ProgressLineTests {
  @Test func saysHowFarAndHowFast() {
    #expect(
      ProgressLine.text(
        label: "Reading export.zip",
        progress: ReadProgress(done: 1_200_000_000, total: 2_900_000_000),
        elapsed: .seconds(4))
        == "Reading export.zip: 41% · 1.2 GB of 2.9 GB · 300.0 MB/s · 6 s left")
    #expect(
      ProgressLine.text(
        label: "Making the sample", progress: ReadProgress(done: 640_000, total: nil),
        elapsed: .milliseconds(500))
        == "Making the sample: 640 KB · 1.3 MB/s")
    #expect(ProgressLine.duration(125) == "2 min 5 s")
    #expect(ProgressLine.duration(3_780) == "1 h 3 min")
  }

  static let environment = [
    "TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-06-30T12:00:00Z", "TERM": "xterm",
  ]

  /// On a terminal the line is drawn, then cleared before the summary line; through a pipe it
  /// is not drawn at all.
  @Test func isDrawnOnATerminalOnly() throws {
    let folder = try TestDirectory()
    let archive = folder.file("sample.zip")
    #expect(ToolRun(["generate", "-o", archive, "--days", "40", "-q"]).status == 0)
    let arguments = ["export", archive, "--all", "-o", folder.file("out.csv"), "--force"]
    let onTerminal = try TerminalRun(arguments, environment: Self.environment)
    #expect(onTerminal.status == 0)
    #expect(onTerminal.screen.hasPrefix("\rReading sample.zip: "))
    #expect(onTerminal.screen.contains(" MB of "))
    #expect(onTerminal.screen.contains("\r\u{1B}[KWrote "))
    #expect(onTerminal.screen.hasSuffix(" to \(folder.file("out.csv")) (time zone America/New_York).\r\n"))

    let quiet = try TerminalRun(arguments + ["-q"], environment: Self.environment)
    #expect(quiet.status == 0)
    #expect(quiet.screen == "")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(ExecutableTests.executable))
    process.arguments = arguments
    process.environment = Self.environment
    let pipe = Pipe()
    process.standardError = pipe
    try process.run()
    let error = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(error.hasPrefix("Wrote "))
    #expect(!error.contains("Reading"))
  }
}
