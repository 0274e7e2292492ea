public import Foundation
public import HealthArchive
public import HealthExport
public import HealthModel
import SystemShim

/// One update of a kept database with a newer export (docs/database.md, Updating): the export is
/// read once, in the database's own zone and units, into a database beside it; what changed is
/// found by comparing the two by natural keys in sorted runs, and written into the kept database
/// in one transaction, in write-ahead log mode, so that a reader that has it open keeps reading the
/// old content until the update commits, and a failure, a full disk or a signal leaves it as it
/// was. The database beside it is removed, whatever happens.
///
///     let outcome = try DatabaseUpdate(toolVersion: "1.0", now: now)
///       .run(source: source, destination: .file(path: "health.sqlite", overwrites: true),
///            diagnostics: Diagnostics())
public struct DatabaseUpdate: Sendable {
  /// The tool's version, for `export_info`.
  public var toolVersion: String
  /// When the update is made (`imports.imported_unix`).
  public var now: Timestamp
  /// Whether an export made before the newest one the database holds is taken.
  public var allowsOlderExport = false
  /// Whether an export of another person (date of birth or biological sex differ) is taken.
  public var allowsOtherPerson = false
  /// The registries that name types, lab results and summary metrics.
  public var registry: MetricRegistry
  /// How long before the latest start of a type the records compared by digest end
  /// (`DigestedRecords.recentSeconds`; tests shorten it).
  var recentSeconds = DigestedRecords.recentSeconds

  /// An update, each argument the property of the same name.
  public init(toolVersion: String, now: Timestamp, registry: MetricRegistry = .standard) {
    self.toolVersion = toolVersion
    self.now = now
    self.registry = registry
  }

  /// What an update did.
  public struct Outcome: Sendable {
    /// The row of `imports` it added.
    public var importID: Int64
    /// Readings added (a changed one counts as added and removed).
    public var added: Int
    /// Readings removed into `removed`.
    public var removed: Int
    /// Readings kept as they were.
    public var unchanged: Int
    /// Readings added and removed, by type: the most changed first, then in the types' byte order.
    public var byType: [(type: String, added: Int, removed: Int)]
    /// Records compared by their keys' digests (docs/database.md, Updating): 0 when the export was
    /// built whole beside the database, because it adds readings among the dates it holds.
    public var comparedByDigest: Int
    /// Records skipped or repaired as the export was read, by reason.
    public var skipped: [Diagnostics.Tally]
    /// The database updated.
    public var outputPath: String
    /// The database's zone.
    public var timeZone: TimeZone

    /// One line for standard error.
    public var line: String {
      var text = "Updated \(outputPath) (import \(importID), time zone \(timeZone.identifier)): "
      if added == 0 && removed == 0 {
        text += "nothing changed, \(unchanged) readings as they were"
      } else {
        text += "\(added) readings added, \(removed) removed into the table removed, \(unchanged) unchanged"
        let types = byType.prefix(5).map { entry in
          let name = TypeCatalog.shortName(of: entry.type)
          return "\(name) +\(entry.added) -\(entry.removed)"
        }
        text += " (" + types.joined(separator: ", ") + (byType.count > 5 ? ", …" : "") + ")"
      }
      let skippedTallies = skipped.filter { $0.kind != .repaired }
      if !skippedTallies.isEmpty { text += "; " + OutcomeLine.describe(skippedTallies, verb: "skipped") }
      return text + "."
    }
  }

  /// The settings the database keeps (its zone and units), which an update uses whatever else is
  /// named.
  /// - Throws: `UpdateRefusal` when the file cannot be updated.
  public static func settings(ofDatabaseAt path: String) throws(UpdateRefusal) -> (
    timeZone: TimeZone, units: UnitPreferences
  ) {
    let kept = try KeptDatabase(path: path)
    return (kept.timeZone, kept.units)
  }

  /// Runs the update.
  /// - Parameters:
  ///   - source: the newer export.
  ///   - destination: the database, a file.
  ///   - diagnostics: collects skipped records; strict diagnostics stop the update.
  /// - Returns: what changed.
  /// - Throws: `UpdateRefusal` with nothing changed; the input's errors; `OutputError` when the
  ///   database or the file beside it cannot be written; `DatabaseError`.
  public func run(
    source: some HealthInputSource, destination: OutputDestination, diagnostics: Diagnostics
  ) throws -> Outcome {
    guard let path = destination.path, let folder = destination.folder else {
      throw OutputError.cannotCreate(
        path: "standard output", reason: "--update names the database with --output")
    }
    let kept = try KeptDatabase(path: path)
    // The newer export, read into a database of its own beside the kept one.
    let name = (path as NSString).lastPathComponent
    let freshPath =
      (folder.isEmpty ? "" : folder.hasSuffix("/") ? folder : folder + "/")
      + ".\(name).update.\(ProcessInfo.processInfo.processIdentifier).sqlite"
    Self.removeStaleScratch(of: name, in: folder)
    // Registered before it exists, so that a signal at any point removes it.
    TemporaryPaths.shared.register(freshPath)
    defer {
      for suffix in ["", "-journal"] { _ = SystemCall.removeTree(freshPath + suffix) }
      TemporaryPaths.shared.forget(freshPath)
    }
    var build = DatabaseExport(
      toolVersion: toolVersion, timeZone: .named(kept.timeZone), now: now, registry: registry,
      summaryUnits: kept.units)
    build.usesWriteAheadLog = false
    // The bulk of the records are compared by digest, and only the rest of the export is built
    // beside (`DigestedBuild`).
    let (built, digested) = try DigestedBuild(
      build: build, keptPath: path, spillBeside: path, recentSeconds: recentSeconds
    ).run(
      source: source, at: freshPath, diagnostics: diagnostics)
    try check(kept, against: freshPath)
    do throws(DatabaseError) {
      let counts = try merge(into: path, from: freshPath, folder: folder, digested: digested)
      return Outcome(
        importID: counts.importID, added: counts.merge.added, removed: counts.merge.removed,
        unchanged: counts.merge.unchanged,
        byType: counts.merge.byType.sorted {
          let (left, right) = ($0.value.added + $0.value.removed, $1.value.added + $1.value.removed)
          return left != right ? left > right : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }.map { ($0.key, $0.value.added, $0.value.removed) },
        comparedByDigest: digested.map { $0.join.unchanged + $0.join.gone.count } ?? 0,
        skipped: built.skipped,
        outputPath: path,
        timeZone: kept.timeZone)
    } catch {
      if error.isStorageFailure { throw OutputError.writeFailed(path: path, reason: error.message) }
      throw error
    }
  }

  /// Removes what an update of the same database that was killed (SIGKILL, a power cut) left
  /// beside it: `.NAME.update.PID.sqlite` of a process that is no longer running.
  private static func removeStaleScratch(of name: String, in folder: String) {
    let prefix = ".\(name).update."
    let directory = folder.isEmpty ? "." : folder
    for entry in SystemCall.names(inFolder: directory) where entry.hasPrefix(prefix) {
      let rest = entry.dropFirst(prefix.count)
      guard let dot = rest.firstIndex(of: "."), let id = Int32(rest[..<dot]),
        rest[dot...].hasPrefix(".sqlite"), !SystemCall.isProcessAlive(id)
      else { continue }
      SystemCall.removeTree((directory.hasSuffix("/") ? directory : directory + "/") + entry)
    }
  }

  /// Refuses an export of another person, or older than the newest the database holds, unless
  /// allowed.
  private func check(_ kept: KeptDatabase, against freshPath: String) throws {
    let fresh = try SQLiteConnection(path: freshPath, mode: .readOnly)
    defer { try? fresh.close() }
    if !allowsOtherPerson,
      let me = try fresh.rows("SELECT date_of_birth, biological_sex FROM me LIMIT 1").first
    {
      let exported = [("date of birth", me[0]), ("biological sex", me[1])]
      for (field, value) in exported {
        guard case .text(let text) = value,
          let keptValue = kept.person.first(where: { $0.field == field })?.value
        else { continue }
        if text != keptValue { throw UpdateRefusal.otherPerson(field: field, kept: keptValue, export: text) }
      }
    }
    if !allowsOlderExport, let newest = kept.newestExport,
      let exported = try fresh.rows("SELECT export_unix, export_date FROM export_info").first,
      case .integer(let unix) = exported[0], unix < newest.unix
    {
      throw UpdateRefusal.olderExport(kept: newest.text, export: exported[1].description)
    }
  }

  /// Merges the database at `freshPath` into the one at `path`, in one transaction.
  private func merge(
    into path: String, from freshPath: String, folder: String,
    digested: DigestedComparison?
  ) throws(DatabaseError) -> (
    importID: Int64, merge: DatabaseMerge.Counts
  ) {
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    defer { try? connection.close() }
    let temporaryFolder = (folder.isEmpty ? "." : folder).replacingOccurrences(of: "'", with: "''")
    try connection.execute(
      """
      PRAGMA busy_timeout = 10000;
      PRAGMA journal_mode = WAL;
      PRAGMA temp_store = FILE;
      PRAGMA temp_store_directory = '\(temporaryFolder)';
      PRAGMA cache_size = -2048;
      ATTACH DATABASE '\(freshPath.replacingOccurrences(of: "'", with: "''"))' AS fresh;
      BEGIN IMMEDIATE;
      """)
    do throws(DatabaseError) {
      guard case .integer(let last) = try connection.value("SELECT coalesce(max(id), 0) FROM main.imports")
      else {
        throw DatabaseError(path: path, code: 1, message: "imports has no ids")
      }
      let importID = last + 1
      try connection.execute(
        """
        INSERT INTO main.imports (id, imported_unix, input_name, export_date, export_unix, added, removed, unchanged)
          SELECT \(importID), \(now.wholeSecondsSince1970), input_name, export_date, export_unix, 0, 0, 0
          FROM fresh.export_info
        """)
      let counts = try DatabaseMerge(connection: connection, importID: importID, digested: digested).run()
      try connection.execute(
        """
        UPDATE main.imports SET added = \(counts.added), removed = \(counts.removed), unchanged = \(counts.unchanged)
          WHERE id = \(importID);
        COMMIT;
        DETACH DATABASE fresh;
        """)
      return (importID, counts)
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }
}

extension DatabaseUpdate: ExportJob {
  /// The database's zone, where it can be read; else the machine's (the update is refused).
  public var inputTimeZone: TimeZone { .current }
}
