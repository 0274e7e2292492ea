package import Foundation
import HealthArchive
package import HealthDatabase
import HealthExport
package import HealthModel
import SystemShim

/// The database the tools read: the input itself when it is one, else the database of the input,
/// reused from the cache or built once in the background while the session begins.
///
/// A tool that needs it before it is built waits, sending progress to a client that asked for it.
/// It is opened read-only (`ReadOnlyConnection`) the first time it is needed. A database built
/// for `--no-cache` lives in a private temporary folder whose name is removed as soon as it is
/// opened, so nothing of it is left behind however the server ends.
package final class AssistantDatabase: @unchecked Sendable {
  /// What the server does on start.
  package struct Options: Sendable {
    /// The export, profile or database the user named.
    package var input: String
    /// Where the database's days are, and the tools' date arguments, for an input that is not a
    /// database: a zone named, or the export's own. A database's own zone is its
    /// `export_info.time_zone`.
    package var timeZone: TimeZoneChoice
    /// Whether the database is kept in the cache (else in a temporary file).
    package var usesCache: Bool
    /// The environment: `XDG_CACHE_HOME`, `HOME`, `TMPDIR`.
    package var environment: [String: String]
    /// When the database is made.
    package var now: Timestamp
    package var toolVersion: String
    /// How long one query may run.
    package var queryTimeLimit: Duration
    /// How long indexing waits before it starts (tests that watch it wait).
    package var buildDelay: Duration = .zero

    package init(
      input: String, timeZone: TimeZoneChoice, usesCache: Bool, environment: [String: String], now: Timestamp,
      toolVersion: String, queryTimeLimit: Duration = .seconds(10)
    ) {
      self.input = input
      self.timeZone = timeZone
      self.usesCache = usesCache
      self.environment = environment
      self.now = now
      self.toolVersion = toolVersion
      self.queryTimeLimit = queryTimeLimit
    }
  }

  private enum Phase {
    case building(items: Int)
    case ready(path: String)
    case failed(String)
  }

  /// Where the database is: the input, the cache file, or the temporary file.
  package let path: String
  /// Whether it was there already (the input itself, or the cache's copy).
  package let wasReady: Bool
  /// The zone asked for, until the database's own is known.
  private let provisionalTimeZone: TimeZone
  /// The database's zone (`export_info.time_zone`), once it is ready.
  private var readyTimeZone: TimeZone?
  private let timeLimit: Duration
  private let temporaryFolder: String?
  private let log: @Sendable (String) -> Void
  private let condition = NSCondition()
  private var phase: Phase
  private var connectionStorage: ReadOnlyConnection?

  private init(
    path: String, phase: Phase, options: Options, temporaryFolder: String?,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.phase = phase
    if case .ready = phase { wasReady = true } else { wasReady = false }
    provisionalTimeZone = options.timeZone.provisional
    if case .ready(let path) = phase { readyTimeZone = Self.timeZone(ofDatabaseAt: path) }
    self.timeLimit = options.queryTimeLimit
    self.temporaryFolder = temporaryFolder
    self.log = log
  }

  /// Finds or starts the database of `options.input`.
  /// - Parameters:
  ///   - options: the input, the cache and how the database is built.
  ///   - log: writes a line to standard error (from any thread).
  /// - Returns: the database, built or being built.
  /// - Throws: `InputError` for an input that is missing or not an export; `AssistantError` for a
  ///   cache that cannot be used or a database that is not this tool's; `SystemError` when the
  ///   temporary folder cannot be made.
  package static func open(_ options: Options, log: @escaping @Sendable (String) -> Void) throws
    -> AssistantDatabase
  {
    let input = options.input
    guard let realPath = SystemCall.realPath(input) else { throw InputError.notFound(path: input) }
    if try isSQLiteFile(realPath) {
      try validate(realPath, as: input)
      log("reading the database \(input)")
      return AssistantDatabase(
        path: realPath, phase: .ready(path: realPath), options: options, temporaryFolder: nil, log: log)
    }
    let source = try HealthInput.open(path: input, timeZone: options.timeZone.provisional)
    let path: String
    var temporaryFolder: String?
    if options.usesCache {
      let folder = try DatabaseCache.folder(environment: options.environment)
      try DatabaseCache.prepare(folder: folder)
      let identity = SystemCall.kind(of: realPath) == .directory ? source.contentName : realPath
      guard let status = SystemCall.status(of: identity) ?? SystemCall.status(of: realPath) else {
        throw InputError.notFound(path: input)
      }
      let name = DatabaseCache.fileName(
        realPath: realPath, status: status, timeZone: Self.cacheKey(of: options.timeZone),
        toolVersion: options.toolVersion)
      path = folder + "/" + name
      if SystemCall.kind(of: path) == .regularFile, (try? validate(path, as: path)) != nil {
        log("reading \(input) from its database in the cache, \(path)")
        return AssistantDatabase(
          path: path, phase: .ready(path: path), options: options, temporaryFolder: nil, log: log)
      }
      removeStaleDatabases(in: folder, prefix: DatabaseCache.pathPrefix(realPath: realPath), keeping: name)
    } else {
      let base = options.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
      let folder = try SystemCall.makeTemporaryFolder(in: base, prefix: "health-exporter-mcp.")
      temporaryFolder = folder
      path = folder + "/health.sqlite"
    }
    let database = AssistantDatabase(
      path: path, phase: .building(items: 0), options: options, temporaryFolder: temporaryFolder, log: log)
    database.startBuilding(from: source, options: options)
    return database
  }

  // MARK: - Building

  private func startBuilding(from source: any HealthInputSource, options: Options) {
    let box = UncheckedBox(source)
    log("indexing \(options.input) into \(temporaryFolder == nil ? path : "a temporary database") (once)")
    let thread = Thread { [self] in build(box.value, options: options) }
    thread.stackSize = 8 << 20
    thread.start()
  }

  private func build(_ source: some HealthInputSource, options: Options) {
    if options.buildDelay > .zero {
      Thread.sleep(
        forTimeInterval: Double(options.buildDelay.components.attoseconds) / 1e18
          + Double(options.buildDelay.components.seconds))
    }
    let clock = ContinuousClock()
    let start = clock.now
    var lastLog = start
    let counting = CountingSource(source) { [self] count in
      condition.lock()
      phase = .building(items: count)
      condition.broadcast()
      condition.unlock()
      if clock.now - lastLog >= .seconds(5) {
        lastLog = clock.now
        log("indexing: \(count) items read (\((clock.now - start).components.seconds) s)")
      }
    }
    let result: Phase
    var builtTimeZone: TimeZone?
    do {
      let summary = try DatabaseExport(
        toolVersion: options.toolVersion, timeZone: options.timeZone, now: options.now
      )
      .run(
        source: counting, destination: .file(path: path, overwrites: true),
        diagnostics: Diagnostics(isStrict: false))
      let seconds =
        Double((clock.now - start).components.attoseconds / 10_000_000_000_000_000) / 100
        + Double((clock.now - start).components.seconds)
      log(summary.line.replacingOccurrences(of: " to \(path)", with: "") + " (\(seconds) s)")
      result = .ready(path: path)
      builtTimeZone = Self.timeZone(ofDatabaseAt: path)
    } catch {
      log("the input could not be indexed: \(error)")
      result = .failed("\(error)")
      removeTemporaryFolder()
    }
    condition.lock()
    phase = result
    readyTimeZone = builtTimeZone
    condition.broadcast()
    condition.unlock()
  }

  /// The zone of the database's days and of the tools' date arguments: its
  /// `export_info.time_zone`, once it is built (this waits for it); the zone asked for where the
  /// database could not be built or names none.
  package var timeZone: TimeZone {
    condition.lock()
    defer { condition.unlock() }
    while case .building = phase { condition.wait() }
    return readyTimeZone ?? provisionalTimeZone
  }

  /// The zone the database names, known before any tool is called: a database read as it is, or
  /// kept in the cache; nil while one is being built.
  package var knownTimeZone: TimeZone? {
    condition.lock()
    defer { condition.unlock() }
    return readyTimeZone
  }

  /// The zone choice as the cache's file name takes it: the export's own zone with its fallback,
  /// since an export that names no zone is indexed in the machine's.
  static func cacheKey(of choice: TimeZoneChoice) -> String {
    switch choice {
    case .named(let zone): zone.identifier
    case .export(let fallback): "\(TimeZoneChoice.exportKeyword):\(fallback.identifier)"
    }
  }

  /// The zone `export_info.time_zone` names in the database at `path`, if it is one Foundation
  /// knows.
  private static func timeZone(ofDatabaseAt path: String) -> TimeZone? {
    guard let connection = try? SQLiteConnection(path: path, mode: .readOnly) else { return nil }
    defer { try? connection.close() }
    guard case .text(let name)? = try? connection.value("SELECT time_zone FROM export_info LIMIT 1") else {
      return nil
    }
    return TimeZone(identifier: name == "UTC" ? "GMT" : name)
  }

  // MARK: - Reading

  /// The read-only connection, once the database is ready; waits for it to be built, reporting
  /// progress to `call`.
  /// - Throws: `ToolFailure` when the input could not be indexed or the database opened.
  package func connection(for call: ToolCall) throws(ToolFailure) -> ReadOnlyConnection {
    if let connectionStorage { return connectionStorage }
    let readyPath: String
    condition.lock()
    while true {
      switch phase {
      case .building(let items):
        call.reportProgress(Double(items), total: nil, message: "Indexing the export: \(items) items read")
        _ = condition.wait(until: Date(timeIntervalSinceNow: 0.25))
        continue
      case .failed(let message):
        condition.unlock()
        throw ToolFailure("The export could not be indexed: \(message)")
      case .ready(let path):
        readyPath = path
      }
      break
    }
    condition.unlock()
    do {
      let connection = try ReadOnlyConnection(path: readyPath, timeLimit: timeLimit)
      connectionStorage = connection
      removeTemporaryFolder()
      return connection
    } catch {
      throw ToolFailure("The database \(readyPath) cannot be opened: \(error)")
    }
  }

  /// Waits until the database is built (or failed), without a request to report to.
  package func waitUntilBuilt() {
    condition.lock()
    while case .building = phase { condition.wait() }
    condition.unlock()
  }

  /// Removes the temporary database (the file, and the folder it is in); the open connection
  /// keeps reading it.
  func removeTemporaryFolder() {
    guard let temporaryFolder else { return }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? []
    for entry in entries { SystemCall.removeFile(temporaryFolder + "/" + entry) }
    SystemCall.removeFolder(temporaryFolder)
  }

  /// Removes, on the way out (a signal while indexing), what this process has written and not
  /// placed: the temporary folder, or its temporary file in the cache folder.
  package func removeUnfinishedFiles() {
    removeTemporaryFolder()
    guard temporaryFolder == nil, case .building = phase else { return }
    let folder = (path as NSString).deletingLastPathComponent
    let marker = ".\(SystemCall.processID)."
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where entry.hasPrefix(".") && entry.contains(marker) && entry.hasSuffix(".tmp") {
      SystemCall.removeFile(folder + "/" + entry)
    }
  }

  // MARK: - Checks

  /// Whether the file starts as every SQLite database does.
  static func isSQLiteFile(_ path: String) throws -> Bool {
    guard SystemCall.kind(of: path) == .regularFile else { return false }
    let stream = try FileByteStream(path: path)
    var header = [UInt8](repeating: 0, count: 16)
    var count = 0
    while count < 16 {
      let read = try header.withUnsafeMutableBytes {
        try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]))
      }
      if read == 0 { break }
      count += read
    }
    return count == 16 && header == Array("SQLite format 3\u{0}".utf8)
  }

  /// Checks that the database at `path` is one of this tool's, of the schema version it reads.
  /// - Throws: `AssistantError.notAHealthDatabase`.
  static func validate(_ path: String, as name: String) throws {
    do {
      let connection = try SQLiteConnection(path: path, mode: .readOnly)
      defer { try? connection.close() }
      let version = try connection.value("PRAGMA user_version")
      guard version == .integer(Int64(DatabaseSchema.version)) else {
        throw AssistantError.notAHealthDatabase(
          path: name,
          reason: "its schema version (PRAGMA user_version) is \(version), not \(DatabaseSchema.version)")
      }
      let tables = Set(
        try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'").map { $0[0].description })
      let missing = ["export_info", "types", "records", "workouts", "summaries", "lab_results"].filter {
        !tables.contains($0)
      }
      guard missing.isEmpty else {
        throw AssistantError.notAHealthDatabase(
          path: name, reason: "it has no table \(missing.joined(separator: ", "))")
      }
    } catch let error as DatabaseError {
      throw AssistantError.notAHealthDatabase(path: name, reason: error.message)
    }
  }

  private static func removeStaleDatabases(in folder: String, prefix: String, keeping name: String) {
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where entry.hasPrefix(prefix) && entry.hasSuffix(".sqlite") && entry != name {
      SystemCall.removeFile(folder + "/" + entry)
    }
  }
}

/// A value handed to another thread that only that thread then uses.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
