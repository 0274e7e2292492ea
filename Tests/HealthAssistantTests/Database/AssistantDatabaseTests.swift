import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthAssistant

@Suite struct AssistantDatabaseTests {
  static let timeZone = TimeZone(identifier: "America/New_York")!

  /// An export.xml of `count` heart-rate records, one a minute from 2026-01-09 00:00 local.
  static func exportXML(records count: Int) -> String {
    var body = ""
    for index in 0..<count {
      let civil = CivilDateTime(secondsSince1970: 1_767_916_800 + Int64(index * 60))
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
      let date = "\(civil.dayText) \(two(civil.hour)):\(two(civil.minute)):00 -0500"
      body += ExportXML.record(
        "HeartRate", value: String(60 + index % 40), unit: "count/min", source: "Watch", start: date)
    }
    return ExportXML.document(body)
  }

  private func options(_ input: String, folder: TestDirectory, usesCache: Bool = true)
    -> AssistantDatabase.Options
  {
    AssistantDatabase.Options(
      input: input, timeZone: .named(Self.timeZone), usesCache: usesCache,
      environment: [
        "XDG_CACHE_HOME": folder.file("cache"), "HOME": folder.file("home"), "TMPDIR": folder.file("tmp"),
      ],
      now: Timestamp(secondsSince1970: 1_768_910_400), toolVersion: "test")
  }

  private func recordCount(_ database: AssistantDatabase) throws -> JSONValue? {
    let tools = HealthTools(database: database)
    let query = try #require(tools.tools.first { $0.name == "query" })
    return try query.run(
      ToolArguments(["sql": "SELECT count(*) FROM records"], for: query), .silent)["rows"]?[0]?[0]
  }

  @Test func anExportIsIndexedOnceIntoTheCacheAndReusedWhileItIsUnchanged() throws {
    let folder = try TestDirectory()
    let input = try folder.write(Self.exportXML(records: 5), to: "export.xml")
    let first = try AssistantDatabase.open(options(input, folder: folder), log: { _ in })
    #expect(!first.wasReady)
    first.waitUntilBuilt()
    let real = try #require(SystemCall.realPath(input))
    let status = try #require(SystemCall.status(of: real))
    let name = DatabaseCache.fileName(
      realPath: real, status: status, timeZone: "America/New_York", units: "lbs F", toolVersion: "test")
    #expect(first.path == folder.file("cache") + "/health-exporter/" + name)
    #expect(SystemCall.permissions(of: first.path) == 0o600)
    #expect(SystemCall.permissions(of: folder.file("cache") + "/health-exporter") == 0o700)
    #expect(try recordCount(first) == 5)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("cache") + "/health-exporter") == [name]
    )

    let second = try AssistantDatabase.open(options(input, folder: folder), log: { _ in })
    #expect(second.wasReady)
    #expect(second.path == first.path)
    #expect(try recordCount(second) == 5)
  }

  @Test func aChangedInputIsIndexedAgainAndItsOldDatabaseRemoved() throws {
    let folder = try TestDirectory()
    let input = try folder.write(Self.exportXML(records: 5), to: "export.xml")
    let first = try AssistantDatabase.open(options(input, folder: folder), log: { _ in })
    first.waitUntilBuilt()
    _ = try folder.write(Self.exportXML(records: 7), to: "export.xml")
    let second = try AssistantDatabase.open(options(input, folder: folder), log: { _ in })
    #expect(!second.wasReady)
    second.waitUntilBuilt()
    #expect(second.path != first.path)
    #expect(try recordCount(second) == 7)
    #expect(!FileManager.default.fileExists(atPath: first.path))
    let otherZone = try AssistantDatabase.open(
      {
        var changed = options(input, folder: folder)
        changed.timeZone = .named(TimeZone(identifier: "UTC")!)
        return changed
      }(),
      log: { _ in })
    #expect(otherZone.path != second.path)
    otherZone.waitUntilBuilt()
  }

  /// In the export's own zone, an export that names none is indexed in the machine's zone: a
  /// machine moved to another zone indexes it again, in that one.
  @Test func theExportsOwnZoneIsCachedWithItsFallback() throws {
    let folder = try TestDirectory()
    let input = try folder.write(Self.exportXML(records: 5), to: "export.xml")
    func open(fallback: String) throws -> AssistantDatabase {
      var options = options(input, folder: folder)
      options.timeZone = .export(fallback: TimeZone(identifier: fallback)!)
      let database = try AssistantDatabase.open(options, log: { _ in })
      database.waitUntilBuilt()
      return database
    }
    let newYork = try open(fallback: "America/New_York")
    let again = try open(fallback: "America/New_York")
    #expect(again.wasReady && again.path == newYork.path)
    #expect(again.timeZone.identifier == "America/New_York")
    let tokyo = try open(fallback: "Asia/Tokyo")
    #expect(!tokyo.wasReady && tokyo.path != newYork.path)
    #expect(tokyo.timeZone.identifier == "Asia/Tokyo")
  }

  @Test func withoutTheCacheTheDatabaseIsATemporaryFileGoneOnceOpened() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("tmp"), withIntermediateDirectories: true)
    let input = try folder.write(Self.exportXML(records: 3), to: "export.xml")
    let database = try AssistantDatabase.open(options(input, folder: folder, usesCache: false), log: { _ in })
    #expect(database.path.hasPrefix(folder.file("tmp") + "/health-exporter-mcp."))
    #expect(try recordCount(database) == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("tmp")) == [])
    #expect(!FileManager.default.fileExists(atPath: folder.file("cache")))
    #expect(try recordCount(database) == 3)
  }

  @Test func aDatabaseIsReadAsItIs() throws {
    let folder = try TestDirectory()
    let path = folder.file("health.sqlite")
    try ToolFixture.write(to: path, folder: folder.path)
    let database = try AssistantDatabase.open(options(path, folder: folder), log: { _ in })
    #expect(database.wasReady)
    #expect(database.path == SystemCall.realPath(path))
    #expect(try recordCount(database) == 6)
    #expect(!FileManager.default.fileExists(atPath: folder.file("cache")))
  }

  /// A database the person keeps up to date: the server answers from the new readings after an
  /// update, without a restart.
  @Test func aKeptDatabaseIsServedWithItsUpdates() throws {
    let folder = try TestDirectory()
    let path = folder.file("health.sqlite")
    let older = try folder.write(Self.exportXML(records: 3), to: "older.xml")
    let newer = try folder.write(Self.exportXML(records: 8), to: "newer.xml")
    _ = try DatabaseExport(
      toolVersion: "test", timeZone: .named(Self.timeZone), now: Timestamp(secondsSince1970: 1)
    )
    .run(
      source: try HealthInput.open(path: older, timeZone: Self.timeZone),
      destination: .file(path: path, overwrites: false), diagnostics: Diagnostics())
    let database = try AssistantDatabase.open(options(path, folder: folder), log: { _ in })
    #expect(try recordCount(database) == 3)
    let outcome = try DatabaseUpdate(toolVersion: "test", now: Timestamp(secondsSince1970: 2)).run(
      source: try HealthInput.open(path: newer, timeZone: Self.timeZone),
      destination: .file(path: path, overwrites: true), diagnostics: Diagnostics())
    #expect(outcome.added == 5 && outcome.removed == 0)
    #expect(try recordCount(database) == 8)
    // profile lists the history, the update included, without a restart.
    let profile = try HealthTools(database: database).profileContent(call: .silent)
    #expect(profile["imports_total"] == 2)
    #expect(
      profile["imports"]?.arrayValue?.map {
        "\($0["id"]?.intValue ?? 0) \($0["input_name"]?.stringValue ?? "") +\($0["added"]?.intValue ?? -1) -\($0["removed"]?.intValue ?? -1) =\($0["unchanged"]?.intValue ?? -1)"
      }
        == ["1 older.xml +3 -0 =0", "2 newer.xml +5 -0 =3"])
  }

  @Test func anotherDatabaseAMissingInputAndNoCacheFolderAreRefused() throws {
    let folder = try TestDirectory()
    let other = folder.file("other.sqlite")
    let connection = try SQLiteConnection(path: other, mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (x)")
    try connection.close()
    #expect(
      throws: AssistantError.notAHealthDatabase(
        path: other, reason: "its schema version (PRAGMA user_version) is 0, not 2")
    ) {
      _ = try AssistantDatabase.open(options(other, folder: folder), log: { _ in })
    }
    #expect(
      AssistantError.notAHealthDatabase(path: other, reason: "x").description
        == "\(other) is an SQLite database, but not one of health-exporter's: x; make one with 'health-exporter database', or give the export itself"
    )
    #expect(throws: InputError.notFound(path: folder.file("missing.zip"))) {
      _ = try AssistantDatabase.open(options(folder.file("missing.zip"), folder: folder), log: { _ in })
    }
    let input = try folder.write(Self.exportXML(records: 1), to: "export.xml")
    var homeless = options(input, folder: folder)
    homeless.environment = [:]
    #expect(throws: AssistantError.noCacheFolder) { _ = try AssistantDatabase.open(homeless, log: { _ in }) }
  }

  @Test func theCacheFolderComesFromTheEnvironment() throws {
    #expect(
      try DatabaseCache.folder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"])
        == "/x/cache/health-exporter")
    #expect(
      try DatabaseCache.folder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/me"])
        == "/home/me/.cache/health-exporter")
    #expect(try DatabaseCache.folder(environment: ["HOME": "/home/me"]) == "/home/me/.cache/health-exporter")
    #expect(DatabaseCache.hash("") == "cbf29ce484222325")
    #expect(DatabaseCache.hash("a") == "af63dc4c8601ec8c")
  }

  /// Every tool that waits for the index reports progress while it waits, those that work out
  /// the days' bounds (in the database's zone) before they read included.
  @Test(
    arguments: [
      ("profile", [:]), ("workouts", ["from": "2026-01-09"]), ("labs", ["from": "2026-01-09"]),
      ("records", ["metric": "HeartRate", "from": "2026-01-09"]),
    ] as [(String, JSONValue)])
  func aToolThatWaitsForIndexingReportsProgress(tool: String, arguments: JSONValue) throws {
    let folder = try TestDirectory()
    let input = try folder.write(Self.exportXML(records: 9000), to: "export.xml")
    var options = options(input, folder: folder)
    options.buildDelay = .milliseconds(400)
    let database = try AssistantDatabase.open(options, log: { _ in })
    let tools = HealthTools(database: database)
    var sent: [JSONValue] = []
    let session = AssistantSession(
      info: AssistantServerInfo(version: "test"), tools: tools.tools, resources: tools.resources,
      output: MessageOutput(sink: ByteSink { sent.append(try JSONValue(parsing: [UInt8]($0).dropLast())) }),
      log: { _ in })
    let answer = session.handle([
      "jsonrpc": "2.0", "id": 7, "method": "tools/call",
      "params": ["name": .string(tool), "arguments": arguments, "_meta": ["progressToken": "build"]],
    ])
    #expect(answer?["result"]?["isError"] == false)
    if tool == "profile" { #expect(answer?["result"]?["structuredContent"]?["counts"]?["records"] == 9000) }
    if tool == "records" { #expect(answer?["result"]?["structuredContent"]?["count"] == 100) }
    let progress = sent.filter { $0["method"] == "notifications/progress" }
    try #require(!progress.isEmpty)
    #expect(
      progress[0]["params"] == [
        "progressToken": "build", "progress": 0, "message": "Indexing the export: starting",
      ])
    let values = progress.compactMap { $0["params"]?["progress"]?.doubleValue }
    #expect(values == values.sorted() && Set(values).count == values.count, "progress grows every time")
  }

  /// How far indexing has come, as a waiting tool's progress and the log say it: the part of the
  /// input read where its size is known, else the megabytes or items read.
  @Test func indexingProgressIsTheInputsPartRead() {
    #expect(AssistantDatabase.describe(nil) == "starting")
    #expect(AssistantDatabase.describe(ReadProgress(.bytes, done: 0, total: 1000)) == "0% of the export read")
    #expect(
      AssistantDatabase.describe(ReadProgress(.bytes, done: 457, total: 1000)) == "45% of the export read")
    #expect(AssistantDatabase.describe(ReadProgress(.bytes, done: 12_345_678, total: nil)) == "12.3 MB read")
    #expect(AssistantDatabase.describe(ReadProgress(.items, done: 4096, total: nil)) == "4096 items read")
  }
}
