public import Foundation
public import HealthArchive
public import HealthModel

/// A database of this tool read as an input (docs/database.md, The database as an input): the
/// person's kept record gives `export`, `summary`, `report` and `convert` what the exports it
/// was built from gave, item by item: the person, records with their metadata and beats,
/// correlations with their members, workouts with their statistics, events, parts and routes,
/// activity summaries, clinical records with their resources and lab results.
///
/// Its dates carry the offset of the database's zone at each instant (the text it stores), and
/// its zone is the one `--time-zone export` resolves to.
public final class DatabaseSource: HealthInputSource {
  /// The path as named.
  public let name: String
  /// The database's zone.
  public let timeZone: TimeZone
  /// What the database says of the export it holds, and its zone as the one its samples name.
  public private(set) var header: ExportHeader

  /// A database at `path`, checked to be one of this tool's of schema version 2 (a de-identified
  /// one included).
  /// - Throws: `DatabaseInputError` when it is not.
  public init(path: String) throws(DatabaseInputError) {
    name = path
    let kept: KeptDatabase
    do {
      kept = try KeptDatabase(path: path, forUpdate: false)
    } catch {
      switch error {
      case .olderSchema(_, let version): throw .olderSchema(path: path, version: version)
      case .notOurs(_, let reason): throw .notOurs(path: path, reason: reason)
      default: throw .notOurs(path: path, reason: "\(error)")
      }
    }
    timeZone = kept.timeZone
    header = ExportHeader()
    header.timeZones.add(kept.timeZone.identifier)
    header.isDeidentified = kept.isDeidentified
  }

  /// A database.
  public var shape: InputShape { .database }
  /// Its file name.
  public var contentName: String { (name as NSString).lastPathComponent }
  /// A database has no folders of files.
  public func fileNames(in folder: String) -> [String] { [] }

  /// Reads every item the database holds that `filter` wants, in the order its tables keep them.
  /// - Throws: `DatabaseError`; `CancellationError` once `monitor` is cancelled; what `consume`
  ///   throws.
  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let connection = try SQLiteConnection(path: name, mode: .readWrite)
    defer { try? connection.close() }
    try connection.execute("PRAGMA query_only = 1")
    let info = try connection.rows("SELECT locale, export_version FROM export_info LIMIT 1").first
    if case .text(let locale) = info?[0] { header.locale = locale }
    if case .integer(let version) = info?[1] { header.exportVersion = Int(version) }
    let reader = DatabaseItemReader(
      connection: connection, name: contentName, filter: filter, monitor: monitor)
    try reader.read { item, location in
      if let admitted = filter.admitting(item) { try consume(admitted, location) }
    }
  }
}
