import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The database's front door: the items of an archive give the archive's tables; cancelling
/// leaves no file.
@Suite struct DatabaseExportJobTests {
  static let export = DatabaseExport(
    toolVersion: "test", timeZone: .named(TimeZone(identifier: "America/New_York")!),
    now: Timestamp(secondsSince1970: 1_768_910_400))

  /// A generated archive in `folder`, and its every item.
  static func archive(in folder: TestDirectory) throws -> (path: String, items: [HealthItem]) {
    let archive = try GeneratedArchive(days: 6, at: folder.file("export.zip"), filter: .wholeRecord)
    return (archive.path, archive.items)
  }

  /// Every row of every table of the database at `path`, by table, as text.
  static func tables(of path: String) throws -> [String: [String]] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    var tables: [String: [String]] = [:]
    for row in try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
      guard case .text(let name) = row[0] else { continue }
      tables[name] = try connection.rows("SELECT * FROM \"\(name)\"").map {
        $0.map(\.description).joined(separator: "|")
      }
    }
    return tables
  }

  @Test func itemsGiveTheArchivesTables() throws {
    let folder = try TestDirectory()
    let (path, items) = try Self.archive(in: folder)
    _ = try Self.export.run(.path(path), to: .file(path: folder.file("archive.sqlite"), overwrites: false))
    let recorder = ProgressRecorder()
    _ = try Self.export.run(
      HealthItemSequence(items), to: .file(path: folder.file("items.sqlite"), overwrites: false),
      progress: recorder)
    var fromArchive = try Self.tables(of: folder.file("archive.sqlite"))
    var fromItems = try Self.tables(of: folder.file("items.sqlite"))
    #expect(fromArchive["records"]!.count > 1_000)
    #expect(fromArchive["route_points"]!.count > 100)
    // What the input was: an archive of Apple's (with its locale and version), or items.
    #expect(
      fromArchive.removeValue(forKey: "export_info")?.first?.hasPrefix("2|test|export.zip|zip archive|")
        == true)
    #expect(fromItems.removeValue(forKey: "export_info")?.first?.hasPrefix("2|test|items|items|") == true)
    // The first import names the input as export_info does.
    #expect(fromArchive.removeValue(forKey: "imports")?.first?.contains("|export.zip|") == true)
    #expect(fromItems.removeValue(forKey: "imports")?.first?.contains("|items|") == true)
    #expect(fromItems == fromArchive)
    #expect(recorder.isMonotone)
    #expect(
      recorder.updates.last == ReadProgress(.items, done: Int64(items.count), total: Int64(items.count)))
  }

  /// In the export's own zone, an app's items are gone through twice (to find the zone, then to
  /// write): a collection's are, a sequence that gives its items once is refused, and no file is
  /// left.
  @Test func anAppsItemsInTheExportsOwnZoneAreGoneThroughTwice() throws {
    let folder = try TestDirectory()
    let (_, items) = try Self.archive(in: folder)
    let ownZone = DatabaseExport(
      toolVersion: "test", timeZone: .export(fallback: TimeZone(identifier: "Asia/Tokyo")!),
      now: Timestamp(secondsSince1970: 1_768_910_400))
    _ = try ownZone.run(
      HealthItemSequence(items), to: .file(path: folder.file("twice.sqlite"), overwrites: false))
    let zone = try SQLiteConnection(path: folder.file("twice.sqlite"), mode: .readOnly).value(
      "SELECT time_zone FROM export_info")
    #expect(zone == .text("America/New_York"))
    let once = folder.file("once.sqlite")
    #expect(throws: InputError.changedBetweenPasses(name: "items", first: items.count, second: 0)) {
      try ownZone.run(HealthItemSequence(OnePass(items)), to: .file(path: once, overwrites: false))
    }
    #expect(!FileManager.default.fileExists(atPath: once))
  }

  @Test func cancellingMidDatabaseLeavesNoFile() throws {
    let folder = try TestDirectory()
    let (path, _) = try Self.archive(in: folder)
    let run = try CancelledRun(in: folder.path) { output, progress, cancellation in
      _ = try Self.export.run(
        .path(path), to: .file(path: output, overwrites: false), progress: progress,
        cancellation: cancellation)
    }
    #expect(run.wasCancelled)
    #expect(run.stoppedShort)
    #expect(run.leftBehind == [])
  }
}

/// Items given the first time they are gone through only, as a stream gives them.
private final class OnePass: Sequence {
  private var items: [HealthItem]

  init(_ items: [HealthItem]) { self.items = items }

  func makeIterator() -> IndexingIterator<[HealthItem]> {
    defer { items = [] }
    return items.makeIterator()
  }
}
