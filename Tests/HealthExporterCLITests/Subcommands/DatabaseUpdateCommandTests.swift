import Foundation
import HealthTestSupport
import SystemShim
import Testing

/// `database --update` and `diff` as a person runs them: two generated exports of one person, the
/// closing lines, the refusals with their exit codes, a kill at any point, nothing left behind.
@Suite(.serialized) struct DatabaseUpdateCommandTests {
  let environment = ["TZ": "Asia/Tokyo", "HEALTH_EXPORTER_NOW": "2026-07-01T04:00:00Z"]

  /// An older and a newer export of one generated person, and a database of the older.
  private func exports(in folder: TestDirectory) throws -> (older: String, newer: String, kept: String) {
    let older = folder.file("older.xml")
    let newer = folder.file("newer.xml")
    let kept = folder.file("kept.sqlite")
    for (path, days, end) in [(older, "20", "2026-06-10"), (newer, "30", "2026-06-20")] {
      let run = ToolRun(
        ["generate", "-o", path, "--days", days, "--end", end, "-q"], environment: environment)
      #expect(run.status == 0, "\(run.standardError)")
    }
    let built = ToolRun(
      ["database", older, "-o", kept, "--time-zone", "America/New_York", "-q"], environment: environment)
    #expect(built.status == 0, "\(built.standardError)")
    return (older, newer, kept)
  }

  private func shell(_ sql: String, on path: String) throws -> String {
    try SQLiteShell.run(sql, on: path).standardOutput
  }

  @Test(.enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed (apt-get install sqlite3)"))
  func updatesInTheDatabasesOwnZoneThenChangesNothing() throws {
    let folder = try TestDirectory()
    let (_, newer, kept) = try exports(in: folder)
    // TZ names Tokyo; the database keeps New York.
    let first = ToolRun(["database", newer, "-o", kept, "--update"], environment: environment)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardError.hasPrefix("Updated \(kept) (import 2, time zone America/New_York): "))
    #expect(try folder.contents().sorted() == ["kept.sqlite", "newer.xml", "older.xml"])
    let counts = try shell("SELECT added + unchanged FROM imports WHERE id = 2", on: kept)
    let second = ToolRun(["database", newer, "-o", kept, "--update"], environment: environment)
    #expect(second.status == 0)
    #expect(
      second.standardError.hasPrefix(
        "Updated \(kept) (import 3, time zone America/New_York): nothing changed, "
          + "\(counts.dropLast()) readings as they were"))
    #expect(try shell("SELECT id, added, removed FROM imports WHERE id = 3", on: kept) == "3|0|0\n")
    #expect(try shell("PRAGMA integrity_check; PRAGMA journal_mode", on: kept) == "ok\nwal\n")
  }

  typealias Refusal = DatabaseCommandTests.Refusal

  static let refusals: [Refusal] = [
    Refusal(
      name: "with --force", arguments: ["NEWER", "-o", "KEPT", "--update", "--force"], status: 64,
      message: "Error: '--update' and '--force' cannot be used together"),
    Refusal(
      name: "another zone", arguments: ["NEWER", "-o", "KEPT", "--update", "--time-zone", "Europe/Paris"],
      status: 64,
      message:
        "Error: the database keeps its own time zone: --time-zone Europe/Paris differs from its America/New_York; leave --time-zone out"
    ),
    Refusal(
      name: "another unit", arguments: ["NEWER", "-o", "KEPT", "--update", "--weight-unit", "kg"], status: 64,
      message:
        "Error: the database keeps its own units: --weight-unit kg differs from its lbs; leave --weight-unit out"
    ),
    Refusal(
      name: "an older export", arguments: ["OLDER", "-o", "KEPT", "--update"], status: 1,
      message:
        "Error: the export (made 2026-06-10 23:59:59 -0400) is older than the newest one the database holds (made 2026-06-20 23:59:59 -0400); --allow-older updates it anyway"
    ),
    Refusal(
      name: "a missing database", arguments: ["NEWER", "-o", "MISSING", "--update"], status: 73,
      message:
        "Error: MISSING does not exist: --update brings a database made with 'health-exporter database' up to date; leave it out to make one"
    ),
    Refusal(
      name: "allow-older without update", arguments: ["NEWER", "-o", "OTHER", "--allow-older"], status: 64,
      message: "Error: --allow-older goes with --update"),
  ]

  @Test(arguments: refusals)
  func refusesLeavingTheDatabaseAsItWas(_ refusal: Refusal) throws {
    let folder = try TestDirectory()
    let (older, newer, kept) = try exports(in: folder)
    // The database holds the newer export, so that the older one is older.
    let updated = ToolRun(["database", newer, "-o", kept, "--update", "-q"], environment: environment)
    #expect(updated.status == 0, "\(updated.standardError)")
    let before = FileManager.default.contents(atPath: kept)
    let names = try folder.contents().sorted()
    let replace = [
      "NEWER": newer, "OLDER": older, "KEPT": kept, "MISSING": folder.file("missing.sqlite"),
      "OTHER": folder.file("other.sqlite"),
    ]
    let run = ToolRun(["database"] + refusal.arguments.map { replace[$0] ?? $0 }, environment: environment)
    #expect(run.status == refusal.status)
    var message = refusal.message
    for (key, value) in replace { message = message.replacingOccurrences(of: key, with: value) }
    #expect(run.standardError.hasPrefix(message), "\(run.standardError)")
    #expect(FileManager.default.contents(atPath: kept) == before)
    #expect(try folder.contents().sorted() == names)
  }

  /// SIGKILL at points through the update: the database is as it was before or as it is after,
  /// whole; the next update removes what the killed one left beside it and completes.
  @Test(.enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed (apt-get install sqlite3)"))
  func aKillAtAnyPointLeavesTheDatabaseAsBeforeOrAfter() throws {
    let folder = try TestDirectory()
    let (_, newer, kept) = try exports(in: folder)
    let executable = try #require(ExecutableTests.executable, "build the package first")
    let query = "PRAGMA integrity_check; SELECT count(*) FROM imports; SELECT count(*) FROM records;"
    let before = try shell(query, on: kept)
    let pristine = folder.file("pristine.sqlite")
    try FileManager.default.copyItem(atPath: kept, toPath: pristine)
    var outcomes: Set<String> = []
    for delay in [0.05, 0.3, 0.6, 0.9, 1.2, 1.5, 2.0, 3.0, 4.0, 5.0] {
      try? FileManager.default.removeItem(atPath: kept)
      try FileManager.default.copyItem(atPath: pristine, toPath: kept)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["database", newer, "-o", kept, "--update", "-q"]
      process.environment = environment
      process.standardError = FileHandle.nullDevice
      try process.run()
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let state = try shell(query, on: kept)
      #expect(state.hasPrefix("ok\n"), "after \(delay) s: \(state)")
      #expect(state == before || state.hasPrefix("ok\n2\n"), "after \(delay) s: \(state)")
      outcomes.insert(state)
    }
    // The first kill comes before the update commits.
    #expect(outcomes.contains(before))
    let again = ToolRun(["database", newer, "-o", kept, "--update", "-q"], environment: environment)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(!(try folder.contents()).contains { $0.hasPrefix(".kept.sqlite.update.") })
    #expect(try shell("PRAGMA integrity_check", on: kept) == "ok\n")
  }

  @Test func diffPrintsJSONAndLeavesNothingInTheScratchFolder() throws {
    let folder = try TestDirectory()
    let (older, newer, kept) = try exports(in: folder)
    let scratch = folder.file("tmp")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
    var environment = environment
    environment["TMPDIR"] = scratch
    let run = ToolRun(["diff", older, newer, "--json"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(Set(json.keys) == ["added", "removed", "spans", "workouts", "correlations", "clinical_records"])
    let added = try #require(json["added"] as? [String: Int])
    #expect(added["HKQuantityTypeIdentifierHeartRate", default: 0] > 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
    // A database against the export it was built from: nothing changed.
    let same = ToolRun(["diff", kept, older], environment: environment)
    #expect(same.status == 0)
    #expect(same.standardOutput.hasPrefix("No changes between kept.sqlite and older.xml: the same "))
  }
}
