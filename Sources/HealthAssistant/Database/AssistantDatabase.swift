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
    /// The units of weights and temperatures (and lengths) for an input that is not a database;
    /// a database's own are its `export_info`'s.
    package var units: UnitPreferences = .unitedStates

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
    /// How far reading the input has come, once it has begun.
    case building(ReadProgress?)
    case ready(path: String)
    case failed(String)
  }

  /// The phase and the database's zone, shared with the indexing thread.
  private struct Status {
    var phase: Phase
    /// The database's zone (`export_info.time_zone`), once it is ready.
    var readyTimeZone: TimeZone?
    /// The database's units (`export_info.weight_unit`, `temperature_unit`), once it is ready.
    var readyUnits: UnitPreferences?

    var isBuilding: Bool {
      if case .building = phase { true } else { false }
    }
  }

  /// Where the database is: the input, the cache file, or the temporary file.
  package let path: String
  /// Whether it was there already (the input itself, or the cache's copy).
  package let wasReady: Bool
  /// The zone asked for, until the database's own is known.
  private let provisionalTimeZone: TimeZone
  /// The units asked for, until the database's own are known.
  private let provisionalUnits: UnitPreferences
  private let timeLimit: Duration
  private let temporaryFolder: String?
  private let log: @Sendable (String) -> Void
  private let status: Locked<Status>
  /// The indexing thread, while the database is being built.
  private var builder: HandOffWorker<() -> Void, Never>?
  private var connectionStorage: ReadOnlyConnection?

  private init(
    path: String, phase: Phase, options: Options, temporaryFolder: String?,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    if case .ready = phase { wasReady = true } else { wasReady = false }
    provisionalTimeZone = options.timeZone.provisional
    provisionalUnits = options.units
    var settings: (TimeZone?, UnitPreferences?) = (nil, nil)
    if case .ready(let path) = phase { settings = Self.settings(ofDatabaseAt: path) }
    status = Locked(Status(phase: phase, readyTimeZone: settings.0, readyUnits: settings.1))
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
    if try HealthInput.isSQLiteDatabase(at: realPath) {
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
        realPath: realPath, status: status,
        timeZone: Self.cacheKey(of: options.timeZone), units: Self.cacheKey(of: options.units),
        toolVersion: options.toolVersion)
      path = folder + "/" + name
      if SystemCall.kind(of: path) == .regularFile, (try? validate(path, as: path)) != nil {
        log("reading \(input) from its database in the cache, \(path)")
        return AssistantDatabase(
          path: path, phase: .ready(path: path), options: options, temporaryFolder: nil, log: log)
      }
      removeStaleDatabases(in: folder, prefix: DatabaseCache.pathPrefix(realPath: realPath), keeping: name)
    } else {
      let folder = try SystemCall.makeTemporaryFolder(
        in: SystemCall.temporaryBase(environment: options.environment), prefix: "health-exporter-mcp.")
      temporaryFolder = folder
      path = folder + "/health.sqlite"
    }
    let database = AssistantDatabase(
      path: path, phase: .building(nil), options: options, temporaryFolder: temporaryFolder, log: log)
    database.startBuilding(from: source, options: options)
    return database
  }

  // MARK: - Building

  private func startBuilding(from source: any HealthInputSource, options: Options) {
    log("indexing \(options.input) into \(temporaryFolder == nil ? path : "a temporary database") (once)")
    // The reader's recursion over a deeply nested profile needs more than a thread's default.
    let builder = HandOffWorker<() -> Void, Never>(name: "index", depth: 1, stackSize: 8 << 20) { $0() }
    self.builder = builder
    let input = UncheckedBox(source)
    builder.submit { [self] in build(input.value, options: options) }
    // The thread ends once the database is built (or failed).
    builder.close()
  }

  private func build(_ source: some HealthInputSource, options: Options) {
    if options.buildDelay > .zero {
      Thread.sleep(
        forTimeInterval: Double(options.buildDelay.components.attoseconds) / 1e18
          + Double(options.buildDelay.components.seconds))
    }
    let clock = ContinuousClock()
    let start = clock.now
    let progress = IndexingProgress(clock: clock) { [self] progress, isDue in
      status.withLock { $0.phase = .building(progress) }
      if isDue {
        log("indexing: \(Self.describe(progress)) (\((clock.now - start).components.seconds) s)")
      }
    }
    let result: Phase
    var built: (TimeZone?, UnitPreferences?) = (nil, nil)
    do {
      var export = DatabaseExport(
        toolVersion: options.toolVersion, timeZone: options.timeZone, now: options.now,
        summaryUnits: options.units)
      // The index is this server's own, read while it may be removed: no log beside it.
      export.usesWriteAheadLog = false
      let summary = try export.run(
        source, to: .file(path: path, overwrites: true), progress: progress,
        diagnostics: Diagnostics(isStrict: false))
      let seconds =
        Double((clock.now - start).components.attoseconds / 10_000_000_000_000_000) / 100
        + Double((clock.now - start).components.seconds)
      log(summary.line.replacingOccurrences(of: " to \(path)", with: "") + " (\(seconds) s)")
      result = .ready(path: path)
      built = Self.settings(ofDatabaseAt: path)
    } catch {
      log("the input could not be indexed: \(error)")
      result = .failed("\(error)")
      removeTemporaryFolder()
    }
    status.withLock {
      $0.phase = result
      $0.readyTimeZone = built.0
      $0.readyUnits = built.1
    }
  }

  /// `42% of the export read`, or `12.5 MB read` where the total is not known.
  static func describe(_ progress: ReadProgress?) -> String {
    guard let progress else { return "starting" }
    if let fraction = progress.fractionDone { return "\(Int(fraction * 100))% of the export read" }
    switch progress.unit {
    case .bytes: return "\(Double(progress.done / 100_000) / 10) MB read"
    case .items: return "\(progress.done) items read"
    }
  }

  /// The zone of the database's days and of the tools' date arguments: its
  /// `export_info.time_zone`, once it is built (this waits for it); the zone asked for where the
  /// database could not be built or names none.
  package var timeZone: TimeZone {
    status.withLock(waitingUntil: { !$0.isBuilding }, then: { $0.readyTimeZone ?? provisionalTimeZone })
  }

  /// The zone the database names, known before any tool is called: a database read as it is, or
  /// kept in the cache; nil while one is being built.
  package var knownTimeZone: TimeZone? {
    status.withLock { $0.readyTimeZone }
  }

  /// The units of the database's summaries, and of the values the tools return: its
  /// `export_info`'s, once it is built (this waits for it); the units asked for before.
  package var units: UnitPreferences {
    status.withLock(waitingUntil: { !$0.isBuilding }, then: { $0.readyUnits ?? provisionalUnits })
  }

  /// The units as the cache's file name takes them.
  static func cacheKey(of units: UnitPreferences) -> String {
    "\(units.weight.rawValue) \(units.temperature == .celsius ? "C" : "F")"
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
  /// knows, and its units (`weight_unit`, `temperature_unit`).
  private static func settings(ofDatabaseAt path: String) -> (TimeZone?, UnitPreferences?) {
    guard let connection = try? SQLiteConnection(path: path, mode: .readOnly) else { return (nil, nil) }
    defer { try? connection.close() }
    guard
      let row = try? connection.rows(
        "SELECT time_zone, weight_unit, temperature_unit FROM export_info LIMIT 1"
      )
      .first
    else { return (nil, nil) }
    var zone: TimeZone?
    if case .text(let name) = row[0] { zone = TimeZone(identifier: name == "UTC" ? "GMT" : name) }
    var units: UnitPreferences?
    if case .text(let weight) = row[1], let weightUnit = UnitPreferences.Weight(rawValue: weight),
      case .text(let temperature) = row[2]
    {
      units = UnitPreferences(weight: weightUnit, temperature: temperature == "°C" ? .celsius : .fahrenheit)
    }
    return (zone, units)
  }

  // MARK: - Reading

  /// The read-only connection, once the database is ready; waits for it to be built, reporting
  /// progress to `call`.
  /// - Throws: `ToolFailure` when the input could not be indexed or the database opened.
  package func connection(for call: ToolCall) throws(ToolFailure) -> ReadOnlyConnection {
    if let connectionStorage { return connectionStorage }
    var readyPath: String?
    while readyPath == nil {
      let phase = status.withLock(
        waitingUntil: { !$0.isBuilding }, atMost: .milliseconds(250), then: { $0.phase })
      switch phase {
      case .building(let progress):
        call.reportProgress(
          Double(progress?.done ?? 0), total: (progress?.total).map(Double.init),
          message: "Indexing the export: \(Self.describe(progress))")
      case .failed(let message):
        throw ToolFailure("The export could not be indexed: \(message)")
      case .ready(let path):
        readyPath = path
      }
    }
    guard let readyPath else { throw ToolFailure("The export could not be indexed") }
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
    status.wait(until: { !$0.isBuilding })
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
    guard temporaryFolder == nil, status.withLock({ $0.isBuilding }) else { return }
    let folder = (path as NSString).deletingLastPathComponent
    let marker = ".\(SystemCall.processID)."
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where entry.hasPrefix(".") && entry.contains(marker) && entry.hasSuffix(".tmp") {
      SystemCall.removeFile(folder + "/" + entry)
    }
  }

  // MARK: - Checks

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

/// The job's progress, handed to the server's status: every change, and whether a line in the
/// log is due (every five seconds).
private final class IndexingProgress: ProgressObserver, @unchecked Sendable {
  // Unchecked: told on the indexing thread only.
  private let clock: ContinuousClock
  private var lastLog: ContinuousClock.Instant
  private let told: (ReadProgress, _ isDue: Bool) -> Void

  init(clock: ContinuousClock, told: @escaping (ReadProgress, _ isDue: Bool) -> Void) {
    self.clock = clock
    lastLog = clock.now
    self.told = told
  }

  func update(_ progress: ReadProgress) {
    let isDue = clock.now - lastLog >= .seconds(5)
    if isDue { lastLog = clock.now }
    told(progress, isDue)
  }
}
