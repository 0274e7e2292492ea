import Foundation
import HealthExporterCLI
import HealthTestSupport
import SystemShim
import Testing

/// A terminal whose user types the given lines: what the tool writes and the echo of each line
/// typed make one transcript, as on a screen.
final class ScriptedTerminal: ToolOutput {
  var lines: [String]
  var screen = ""
  var standardError = ""

  init(typing lines: [String]) {
    self.lines = lines
  }

  var isInteractive: Bool { true }

  func writeStandardOutput(_ bytes: RawSpan) throws {
    screen += String(decoding: [UInt8](bytes), as: UTF8.self)
  }

  func writeStandardError(_ text: String) {
    standardError += text
  }

  func readLine() -> String? {
    guard !lines.isEmpty else { return nil }
    let line = lines.removeFirst()
    screen += line + "\n"
    return line
  }
}

/// The guided export, driven by typed answers: in process with a scripted terminal, and as the
/// built executable on a pseudo-terminal.
@Suite struct GuidedExportTests {
  let home: TestDirectory
  let environment: [String: String]

  init() throws {
    home = try TestDirectory()
    environment = [
      "HOME": home.path, "TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z",
      "TERM": "dumb",
    ]
  }

  func run(_ arguments: [String], typing answers: [String]) -> (status: Int32, terminal: ScriptedTerminal) {
    let terminal = ScriptedTerminal(typing: answers)
    let status = CommandLineTool.run(arguments, environment: environment, output: terminal)
    return (status, terminal)
  }

  /// Every step, answered: glucose on, all vitals, the lipid panel and one lab, a custom range,
  /// kilograms and day-month dates, saved as settings; the file written; the command printed.
  @Test func walksThroughEveryStep() throws {
    let folder = try TestDirectory()
    #expect(ToolRun(["settings", "set", "output", folder.path], environment: environment).status == 0)
    let (status, terminal) = run(
      ["export", "--interactive", exampleExport],
      typing: [
        "3", "", "all", "", "1", "", "4548-4", "3", "2026-01-01", "2026-01-31", "y", "2", "1", "5", "1", "y",
        "",
      ])
    #expect(status == 0)
    #expect(terminal.standardError == "")
    let transcript = terminal.screen.replacingOccurrences(of: folder.path, with: "FOLDER")
      .replacingOccurrences(of: home.path, with: "HOME").replacingOccurrences(of: packageRoot, with: "ROOT")
    let expected = try Golden.expected("guided-export.txt", actual: transcript, testFile: #filePath)
    #expect(transcript == expected, "\(Golden.difference(expected: expected, actual: transcript))")

    // The command it prints writes the same CSV.
    let command = try #require(terminal.screen.split(separator: "\n").last).split(separator: " ").map(
      String.init)
    #expect(command.first == "health-exporter")
    let again = ToolRun(Array(command.dropFirst()) + ["-o", "-", "-q"], environment: environment)
    #expect(again.status == 0)
    #expect(try folder.contents() == ["HealthExporter_2026-01-20_070000.csv"])
    #expect(again.standardOutput == (try folder.read("HealthExporter_2026-01-20_070000.csv")))
    #expect(again.standardOutput.contains(",Weight,,84.14,kg,Withings,"))
  }

  /// Without `TZ`, days are in the export's own zone; an export made in June, read in December:
  /// the range is checked when it is chosen, and the export's own last 30 days are offered. The
  /// command printed names the zone, and writes the same file in a shell with another `TZ`.
  @Test func anOldExportIsCheckedWhenTheRangeIsChosenAndTheCommandNamesItsZone() throws {
    let folder = try TestDirectory()
    let export = folder.file("tokyo.zip")
    let generate = ToolRun(
      ["generate", "-o", export, "--time-zone", "Asia/Tokyo", "--days", "40", "--end", "2026-06-30", "-q"])
    try #require(generate.status == 0)
    let output = try TestDirectory()
    var environment = environment
    environment["TZ"] = nil
    environment["HEALTH_EXPORTER_NOW"] = "2026-12-06T12:00:00Z"
    #expect(ToolRun(["settings", "set", "output", output.path], environment: environment).status == 0)
    let terminal = ScriptedTerminal(typing: ["", "", "", "", "", "", "", "", "n", ""])
    let status = CommandLineTool.run(
      ["export", "--interactive", export], environment: environment, output: terminal)
    #expect(status == 0, "\(terminal.screen)")
    #expect(terminal.screen.contains("Days are in Asia/Tokyo, the export's own time zone.\n"))
    #expect(
      terminal.screen.contains(
        """
        The export holds none of them from 2026-11-07 to 2026-12-06:
          Weight: 2026-05-22 … 2026-06-30
          Steps: 2026-05-22 … 2026-06-30
        Use the last 30 days of its data instead, 2026-06-01 to 2026-06-30? [Y/n]:\u{20}
        """), "\(terminal.screen)")
    let command = try #require(terminal.screen.split(separator: "\n").last).split(separator: " ").map(
      String.init)
    #expect(
      command
        == [
          "health-exporter", "export", export, "--from", "2026-06-01", "--to", "2026-06-30", "--time-zone",
          "Asia/Tokyo",
        ])
    let written = try #require(try output.contents().first)
    #expect(written == "HealthExporter_2026-12-06_210000.csv")
    var paris = environment
    paris["TZ"] = "Europe/Paris"
    let again = ToolRun(Array(command.dropFirst()) + ["-o", "-", "-q"], environment: paris)
    #expect(again.status == 0)
    #expect(again.standardOutput == (try output.read(written)))
  }

  /// An answer that is not a choice is asked again; the end of the input stops without writing.
  @Test func asksAgainAndStopsAtTheEndOfTheInput() throws {
    let (status, terminal) = run(
      ["export", "--interactive", exampleExport], typing: ["", "", "", "", "9", "2", "0", "5"])
    #expect(status == 1)
    #expect(terminal.screen.contains("Choose [1]: 9\nType a number from 1 to 4.\nChoose [1]: 2\n"))
    #expect(
      terminal.screen.contains(
        "How many of the most recent rows of each metric [10]: 0\ninvalid value '0' for 'range': expected a whole number of records, 1 or more\n"
      ))
    #expect(terminal.screen.hasSuffix("\nStopped: cancelled; nothing was written.\n"))
  }

  @Test func refusesWithoutATerminal() {
    let run = ToolRun(["export", "--interactive", exampleExport], environment: environment)
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "Error: --interactive asks its questions on a terminal; run it in one, or give the options\n"))
  }

  /// `health-exporter` alone on a pseudo-terminal: it finds export.zip here, and the CSV it
  /// writes is the one the printed command writes.
  @Test func runsOnAPseudoTerminalAndPrintsTheEquivalentCommand() throws {
    let folder = try TestDirectory()
    #expect(ToolRun(["generate", "-o", folder.file("export.zip"), "--days", "20", "-q"]).status == 0)
    var environment = environment
    environment["HEALTH_EXPORTER_NOW"] = "2026-06-30T16:00:00Z"
    let answers = ["1", "3", "", "2", "", "", "", "1", "7", "", "n", ""]
    let run = try TerminalRun(
      [], input: answers.map { $0 + "\n" }.joined(), environment: environment, folder: folder.path)
    #expect(run.status == 0, "\(run.screen)")
    let screen = run.screen.replacingOccurrences(of: "\r\n", with: "\n")
    #expect(screen.contains("\n  1) export.zip ("))
    #expect(screen.contains("About "))
    let lines = screen.split(separator: "\n")
    let command = try #require(lines.last).trimmingCharacters(in: .whitespaces)
    #expect(
      command
        == "health-exporter export export.zip --metrics weight,steps,glucose --vitals resting-heart-rate --last-days 7 --time-zone America/New_York"
    )
    let written = try #require(try folder.contents().first { $0.hasPrefix("HealthExporter_") })
    #expect(written == "HealthExporter_2026-06-30_120000.csv")
    let again = ToolRun(
      command.split(separator: " ").dropFirst().map(String.init).map {
        $0 == "export.zip" ? folder.file("export.zip") : $0
      } + ["-o", "-", "-q"], environment: environment)
    #expect(again.status == 0)
    #expect(again.standardOutput == (try folder.read(written)))
  }

  /// Without a terminal, `health-exporter` alone prints the usage and exits 64 instead of waiting.
  @Test func printsTheUsageWithoutATerminal() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(ExecutableTests.executable))
    process.environment = environment
    let error = Pipe()
    process.standardError = error
    process.standardInput = Pipe()
    process.standardOutput = Pipe()
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 64)
    #expect(
      text.hasPrefix(
        "Error: no command given (on a terminal, 'health-exporter' alone starts the guided export)\nUsage: health-exporter <command> [<options>]\n"
      ))
  }
}
