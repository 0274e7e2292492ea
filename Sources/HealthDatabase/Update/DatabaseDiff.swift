public import Foundation
public import HealthArchive
import HealthExport
public import HealthModel
import SystemShim

/// What changed between two records (docs/database.md, `diff`): two exports, or a database of
/// this tool and an export, compared as `--update` compares them, by natural keys in sorted
/// runs, without writing anything the user keeps. An export is read into a database of its own
/// in a scratch folder, removed whatever happens; a database is read as it is.
public struct DatabaseDiff: Sendable {
  /// The tool's version (of the scratch databases).
  public var toolVersion: String
  /// The zone exports are read in when the older side is not a database (which has its own).
  public var timeZone: TimeZoneChoice
  /// "Now", for the scratch databases.
  public var now: Timestamp
  /// Where exports are read into databases: a folder made for the run and removed after it.
  public var scratchFolder: String

  /// A diff, each argument the property of the same name.
  public init(toolVersion: String, timeZone: TimeZoneChoice, now: Timestamp, scratchFolder: String) {
    self.toolVersion = toolVersion
    self.timeZone = timeZone
    self.now = now
    self.scratchFolder = scratchFolder
  }

  /// One side of a diff.
  public enum Side {
    /// A database of this tool, by path.
    case database(String)
    /// An export or profile.
    case export(any HealthInputSource)

    /// Its name, as the output shows it.
    public var name: String {
      switch self {
      case .database(let path): (path as NSString).lastPathComponent
      case .export(let source): (source.name as NSString).lastPathComponent
      }
    }
  }

  /// Readings of one kind added and removed, with the span of their starts.
  public struct Change: Hashable, Sendable {
    /// How many were added.
    public var added = 0
    /// The first and last start of those added (Unix seconds).
    public var addedSpan: ClosedRange<Int64>?
    /// How many were removed.
    public var removed = 0
    /// The first and last start of those removed.
    public var removedSpan: ClosedRange<Int64>?

    /// No change.
    public init() {}
  }

  /// What changed.
  public struct Difference: Sendable {
    /// The older side's name.
    public var oldName: String
    /// The newer side's name.
    public var newName: String
    /// Records by their type's identifier.
    public var records: [String: Change]
    /// Workouts.
    public var workouts: Change
    /// Correlations (blood pressure, food).
    public var correlations: Change
    /// Clinical records, by their receipt.
    public var clinicalRecords: Change
    /// How many readings the two have alike.
    public var unchanged: Int
    /// The zone dates are shown in.
    public var timeZone: TimeZone

    /// Whether nothing changed.
    public var isEmpty: Bool {
      records.isEmpty
        && [workouts, correlations, clinicalRecords].allSatisfy { $0.added == 0 && $0.removed == 0 }
    }
  }

  /// Compares `old` with `new`.
  /// - Throws: `UpdateRefusal` for a database that is not one of this tool's of schema version 2;
  ///   the inputs' errors; `DatabaseError`.
  public func run(old: Side, new: Side) throws -> Difference {
    try FileManager.default.createDirectory(atPath: scratchFolder, withIntermediateDirectories: true)
    TemporaryPaths.shared.register(scratchFolder)
    defer {
      SystemCall.removeTree(scratchFolder)
      TemporaryPaths.shared.forget(scratchFolder)
    }
    // A database side is read in its own zone and units (the older's where both are), and so is
    // an export beside it; two exports are read in the zone chosen, resolved on the newer.
    let kept = try [old, new].compactMap { side throws -> KeptDatabase? in
      guard case .database(let path) = side else { return nil }
      return try KeptDatabase(path: path)
    }
    let zone: TimeZone
    if let first = kept.first {
      zone = first.timeZone
    } else if case .export(let source) = new {
      zone = try source.timeZoneBeforeWriting(timeZone)
    } else {
      zone = timeZone.provisional
    }
    let units = kept.first?.units ?? .unitedStates
    let oldPath = try path(of: old, named: "old.sqlite", zone: zone, units: units)
    // A database against a newer export, the common case, compares most records by digest, as an
    // update does (`DigestedBuild`); else each export is built whole.
    var digested: DigestedComparison?
    let newPath: String
    if case .database(let keptPath) = old, case .export(let source) = new {
      newPath = scratchFolder + "/new.sqlite"
      (_, digested) = try DigestedBuild(
        build: scratchBuild(zone: zone, units: units), keptPath: keptPath, spillBeside: newPath,
        recentSeconds: DigestedRecords.recentSeconds
      ).run(source: source, at: newPath, diagnostics: Diagnostics())
    } else {
      newPath = try path(of: new, named: "new.sqlite", zone: zone, units: units)
    }
    // Opened for writing, though only temporary tables are written, so that closing it leaves
    // no log files beside a kept database.
    let connection = try SQLiteConnection(path: oldPath, mode: .readWrite)
    defer { try? connection.close() }
    let scratch = scratchFolder.replacingOccurrences(of: "'", with: "''")
    try connection.execute(
      """
      PRAGMA temp_store = FILE;
      PRAGMA temp_store_directory = '\(scratch)';
      ATTACH DATABASE '\(newPath.replacingOccurrences(of: "'", with: "''"))' AS fresh;
      """)
    var difference = Difference(
      oldName: old.name, newName: new.name, records: [:], workouts: Change(), correlations: Change(),
      clinicalRecords: Change(), unchanged: 0, timeZone: zone)
    for name in ["correlations", "records", "workouts", "clinical_records"] {
      guard let table = KeptTable.all.first(where: { $0.name == name }) else { continue }
      let merge = KeyMerge(connection: connection, table: table)
      difference.unchanged += try merge.run(keepsMatches: false, digested: digested).unchanged
      let changes = try merge.changes(byType: name == "records")
      switch name {
      case "records": difference.records = changes
      case "workouts": difference.workouts = changes[name] ?? Change()
      case "correlations": difference.correlations = changes[name] ?? Change()
      default: difference.clinicalRecords = changes[name] ?? Change()
      }
    }
    return difference
  }

  /// The database of a side: its own, or the export read into one in the scratch folder.
  private func path(of side: Side, named name: String, zone: TimeZone, units: UnitPreferences) throws
    -> String
  {
    switch side {
    case .database(let path):
      return path
    case .export(let source):
      let path = scratchFolder + "/" + name
      _ = try scratchBuild(zone: zone, units: units).run(
        source: source, destination: .file(path: path, overwrites: false), diagnostics: Diagnostics())
      return path
    }
  }

  /// How an export is read into a scratch database: in the diff's zone and units, without
  /// summaries or a log.
  private func scratchBuild(zone: TimeZone, units: UnitPreferences) -> DatabaseExport {
    var build = DatabaseExport(
      toolVersion: toolVersion, timeZone: .named(zone), now: now, summaryPeriods: [], summaryUnits: units)
    build.usesWriteAheadLog = false
    return build
  }
}
