import Foundation
import HealthTestSupport
import SystemShim
import Testing

/// `database`: the file it makes, its name, the inputs it takes, and what it leaves behind when
/// it cannot write (nothing).
@Suite struct DatabaseCommandTests {
  let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  @Test func writesTheSampleAsADatabaseTheShellCanRead() throws {
    let folder = try TestDirectory()
    let run = ToolRun(["database", "--sample", "-o", folder.path], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(try folder.contents() == ["HealthExporter_2026-01-20_070000.sqlite"])
    let path = folder.file("HealthExporter_2026-01-20_070000.sqlite")
    #expect(SystemCall.permissions(of: path) == 0o600)
    #expect(
      run.standardError
        == "Wrote a database of 43349 records of 33 types, 27 correlations, 19 workouts, 62206 route points, 2 ECGs, 45 clinical records, 38 lab results, 1234 summary rows to \(path) (time zone America/New_York; 54 top-level copies of correlation members stored only inside them).\n"
    )
    guard SQLiteShell.isAvailable else { return }
    let check = try SQLiteShell.run(
      "PRAGMA integrity_check; SELECT input_name, input_shape, time_zone FROM export_info;", on: path)
    #expect(
      check.standardOutput
        == "ok\nsample (seed 2026, 2025-12-07 to 2026-01-20, America/New_York)|generated sample|America/New_York\n"
    )
  }

  @Test func readsAnyInputAndTakesTheTimeZone() throws {
    let folder = try TestDirectory()
    let path = folder.file("example.sqlite")
    let run = ToolRun(
      ["database", exampleExport, "-o", path, "--time-zone", "Europe/Paris", "-q"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError == "")
    guard SQLiteShell.isAvailable else { return }
    let info = try SQLiteShell.run("SELECT input_name, input_shape, time_zone FROM export_info", on: path)
    #expect(info.standardOutput == "export.xml|XML file|Europe/Paris\n")
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { name }
  }

  static let refusals = [
    Refusal(
      name: "standard output", arguments: ["--sample", "-o", "-"], status: 64,
      message:
        "Error: invalid value '-' for '--output <path>': a database is a file; name one, such as health.sqlite\n"
    ),
    Refusal(
      name: "no input", arguments: ["-o", "x.sqlite"], status: 64,
      message:
        "Error: missing <input>: give the export.zip, its folder, export.xml or a profile to read, or --sample\n"
    ),
    Refusal(
      name: "an unknown time zone", arguments: ["--sample", "--time-zone", "Mars/Olympus"], status: 64,
      message:
        "Error: invalid value 'Mars/Olympus' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC\n"
    ),
    Refusal(
      name: "a missing input", arguments: ["/nonexistent/export.zip", "-o", "x.sqlite"], status: 66,
      message:
        "Error: No such file or folder: /nonexistent/export.zip. Check the path, or pass the export.zip, its unpacked folder or export.xml.\n"
    ),
  ]

  @Test(arguments: refusals)
  func refusesWhatItCannotDo(_ refusal: Refusal) throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["database"] + refusal.arguments.map { $0 == "x.sqlite" ? folder.file("x.sqlite") : $0 },
      environment: environment)
    #expect(run.status == refusal.status)
    #expect(run.standardError.hasPrefix(refusal.message), "\(run.standardError)")
    #expect(try folder.contents() == [])
  }

  @Test func neverReplacesAFileWithoutForce() throws {
    let folder = try TestDirectory()
    let path = try folder.write("not a database", to: "health.sqlite")
    let refused = ToolRun(["database", exampleExport, "-o", path], environment: environment)
    #expect(refused.status == 73)
    #expect(
      refused.standardError
        == "Error: \(path) already exists. Pass --force to overwrite it, or choose another path with --output.\n"
    )
    #expect(try folder.read("health.sqlite") == "not a database")
    let forced = ToolRun(["database", exampleExport, "-o", path, "--force", "-q"], environment: environment)
    #expect(forced.status == 0)
    #expect(try folder.contents() == ["health.sqlite"])
    #expect(try folder.read("health.sqlite").hasPrefix("SQLite format 3\u{0}"))
  }

  @Test func leavesNothingWhereItCannotWrite() throws {
    let folder = try TestDirectory()
    let missing = ToolRun(
      ["database", exampleExport, "-o", folder.file("no-such-folder/health.sqlite")], environment: environment
    )
    #expect(missing.status == 73)
    #expect(try folder.contents() == [])
    #if os(Linux)
      // /proc takes no new files, whoever runs the test.
      let unwritable = ToolRun(
        ["database", exampleExport, "-o", "/proc/health-exporter-test.sqlite"], environment: environment)
      #expect(unwritable.status == 73, "\(unwritable.standardError)")
      #expect(unwritable.standardError.hasPrefix("Error: Cannot create /proc/health-exporter-test.sqlite: "))
    #endif
    let malformed = try folder.write(
      ExportXML.document(
        ExportXML.record("StepCount", value: "many", unit: "count", start: "2026-01-09 10:00:00 -0500")),
      to: "export.xml")
    let strict = ToolRun(
      ["database", malformed, "-o", folder.file("out.sqlite"), "--strict"], environment: environment)
    #expect(strict.status == 65)
    #expect(try folder.contents() == ["export.xml"])
  }

  /// A disk that fills up while the database is written: the file size limit stands in for it
  /// (the run is a child process, so that the limit binds it alone).
  @Test(
    .enabled(if: ExecutableTests.executable != nil, "build the package first: the executable was not found"))
  func leavesNothingWhenTheDiskFillsUp() throws {
    let folder = try TestDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // SIGXFSZ ignored, as it stays across exec: writes past the limit fail with EFBIG instead.
    process.arguments = [
      "-c", "trap '' XFSZ; ulimit -f 2048; exec \"$0\" database --sample -o \"$1\"",
      ExecutableTests.executable!,
      folder.file("health.sqlite"),
    ]
    process.environment = environment
    let error = Pipe()
    process.standardError = error
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74, "\(message)")
    #expect(message.hasPrefix("Error: Writing \(folder.file("health.sqlite")) failed: "), "\(message)")
    #expect(message.hasSuffix(". Nothing was written.\n"))
    #expect(try folder.contents() == [])
  }
}
