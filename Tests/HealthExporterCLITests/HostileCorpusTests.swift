import Foundation
import HealthArchive
import HealthTestSupport
import Testing

/// The hostile-input corpus (`Corpus/pass/…` and `Corpus/fail/…`): each case is a folder holding
/// its input (`input.xml`, `input.zip`, `input.json`, an `input/` folder, or a settings file) and
/// `case.json`, which says the command to run on it, the exit status, a fragment of the message
/// and how many rows the output holds. Inputs that must be read (with their skips counted) are in
/// `pass/`, inputs that must be refused in `fail/`. `Corpus/make-corpus.py` makes them.
///
/// Every case also checks that nothing is left beside the output (no temporary file), and that
/// what is printed holds no raw control character from the input.
@Suite struct HostileCorpusTests {
  /// One case's `case.json`.
  struct Case: Decodable, CustomTestStringConvertible, Sendable {
    /// What the case is, in a line.
    var about: String
    /// The command line, with `{input}` and `{output}` standing for the case's input and an
    /// output path in a fresh folder.
    var arguments: [String]
    /// The exit status.
    var exit: Int32
    /// A fragment of standard error ("" when anything goes).
    var message: String
    /// The data rows of the output file (after the disclaimer and the header); nil when there is
    /// no output file to count.
    var rows: Int?
    /// Lines the output file holds.
    var lines: [String]?
    /// A fragment of standard output.
    var stdout: String?
    /// Text that must be nowhere in standard output, standard error or the output file.
    var absent: [String]?
    /// Whether the case's `settings.json` is the settings file.
    var settings: Bool?
    /// For a database written: SQL that SQLite's own shell runs on it, and what the shell prints.
    var sql: [String]?
    /// The case's folder, relative to the corpus (set when loaded).
    var folder = ""

    enum CodingKeys: String, CodingKey {
      case about, arguments, exit, message, rows, lines, stdout, absent, settings, sql
    }

    var testDescription: String { folder }
  }

  /// The corpus beside this file.
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Corpus"
  )
  .path

  /// Every case, in folder order.
  static let cases: [Case] = {
    var cases: [Case] = []
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: corpus) else { return [] }
    var sidecars: [String] = []
    for case let path as String in walker where path.hasSuffix("/case.json") { sidecars.append(path) }
    for sidecar in sidecars.sorted() {
      guard let data = manager.contents(atPath: corpus + "/" + sidecar),
        var decoded = try? JSONDecoder().decode(Case.self, from: data)
      else {
        cases.append(
          Case(about: "unreadable case.json", arguments: [], exit: -1, message: "", folder: sidecar))
        continue
      }
      decoded.folder = String(sidecar.dropLast("/case.json".count))
      cases.append(decoded)
    }
    return cases
  }()

  @Test func theCorpusCoversEveryReaderInBothFolders() {
    let folders = Set(Self.cases.map { $0.folder.split(separator: "/").prefix(2).joined(separator: "/") })
    for reader in ["xml", "zip", "fhir", "profile", "settings", "gpx", "ecg", "database"] {
      #expect(folders.contains("pass/\(reader)"), "no pass/\(reader) case")
      #expect(folders.contains("fail/\(reader)"), "no fail/\(reader) case")
    }
    for hostileCase in Self.cases where hostileCase.folder.hasPrefix("fail/") {
      #expect(hostileCase.exit != 0, "\(hostileCase.folder) is in fail/ but expects success")
    }
    for hostileCase in Self.cases where hostileCase.folder.hasPrefix("pass/") {
      #expect(hostileCase.exit == 0, "\(hostileCase.folder) is in pass/ but expects a failure")
    }
  }

  @Test(arguments: cases)
  func theCase(_ hostileCase: Case) throws {
    let folder = Self.corpus + "/" + hostileCase.folder
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let input = try #require(names.first { $0.hasPrefix("input") }, "no input in \(hostileCase.folder)")
    let work = try TestDirectory()
    var environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]
    if hostileCase.settings == true {
      let config = work.file("config/health-exporter")
      try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: folder + "/settings.json", toPath: config + "/settings.json")
      environment["XDG_CONFIG_HOME"] = work.file("config")
    }
    let outputFolder = work.file("out")
    try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
    let output = outputFolder + "/output"
    let arguments = hostileCase.arguments.map {
      $0.replacingOccurrences(of: "{input}", with: folder + "/" + input)
        .replacingOccurrences(of: "{output}", with: output)
    }
    let run = ToolRun(arguments, environment: environment)

    #expect(run.status == hostileCase.exit, "\(hostileCase.about): \(run.standardError)")
    let message = hostileCase.message.replacingOccurrences(of: "{input}", with: folder + "/" + input)
    #expect(message.isEmpty || run.standardError.contains(message), "\(hostileCase.about)")
    if let fragment = hostileCase.stdout {
      #expect(run.standardOutput.contains(fragment), "\(hostileCase.about)")
    }
    let produced = try FileManager.default.contentsOfDirectory(atPath: outputFolder)
    // A database is not text; its strings are still searched for what must be absent.
    let text =
      produced.contains("output")
      ? String(decoding: try #require(FileManager.default.contents(atPath: output)), as: UTF8.self) : nil
    #expect(produced == (text == nil ? [] : ["output"]), "left beside the output: \(produced)")
    if let rows = hostileCase.rows {
      let lines = try #require(text, "\(hostileCase.about): no output file").split(separator: "\n")
      #expect(lines.count - 4 == rows, "\(hostileCase.about)")
    }
    for line in hostileCase.lines ?? [] {
      #expect(text?.split(separator: "\n").contains(Substring(line)) == true, "no line \(line)")
    }
    // Checked where SQLite's shell is installed (CI installs it; apt-get install sqlite3).
    if let sql = hostileCase.sql, SQLiteShell.isAvailable {
      try #require(
        sql.count == 2 && text != nil, "\(hostileCase.about): sql needs a query, its output and a database")
      let shell = try SQLiteShell.run(sql[0], on: output)
      #expect(shell.standardOutput == sql[1], "\(hostileCase.about): \(sql[0]): \(shell.standardError)")
    }
    for forbidden in hostileCase.absent ?? [] {
      #expect(!run.standardOutput.contains(forbidden), "\(hostileCase.about): on standard output")
      #expect(!run.standardError.contains(forbidden), "\(hostileCase.about): on standard error")
      #expect(text?.contains(forbidden) != true, "\(hostileCase.about): in the output")
    }
    // Nothing read from an input reaches the terminal as a control sequence.

    for control in ["\u{1B}", "\u{07}", "\u{9B}", "\u{0}"] {
      #expect(
        !run.standardError.contains(control), "\(hostileCase.about): a control character on standard error")
    }
  }
}
