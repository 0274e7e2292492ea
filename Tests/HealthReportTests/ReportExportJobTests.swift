import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import HealthTestSupport
import SystemShim
import Testing

/// The report's front door: the items of an archive give the archive's page; progress ends at
/// the total; cancelling leaves no file.
@Suite struct ReportExportJobTests {
  static let report = ReportExport(selection: ReportTest.selection(), now: ReportTest.now)

  /// A generated archive in `folder`, and its every item.
  static func archive(in folder: TestDirectory) throws -> (path: String, items: [HealthItem]) {
    let archive = try GeneratedArchive(days: 6, at: folder.file("export.zip"), filter: .everything)
    return (archive.path, archive.items)
  }

  @Test func itemsGiveTheArchivesPage() throws {
    let folder = try TestDirectory()
    let (path, items) = try Self.archive(in: folder)
    var fromArchive: [UInt8] = []
    _ = try Self.report.run(.path(path), to: .sink { fromArchive.append($0) })
    var fromItems: [UInt8] = []
    let recorder = ProgressRecorder()
    _ = try Self.report.run(
      HealthItemSequence(items), to: .sink { fromItems.append($0) }, progress: recorder)
    #expect(fromArchive.count > 20_000)
    #expect(fromItems == fromArchive)
    #expect(recorder.isMonotone)
    #expect(
      recorder.updates.last == ReadProgress(.items, done: Int64(items.count), total: Int64(items.count)))
  }

  @Test func cancellingMidReportLeavesNoFile() throws {
    let folder = try TestDirectory()
    let (path, _) = try Self.archive(in: folder)
    let run = try CancelledRun(in: folder.path) { output, progress, cancellation in
      _ = try Self.report.run(
        .path(path), to: .file(path: output, overwrites: false), progress: progress,
        cancellation: cancellation)
    }
    #expect(run.wasCancelled)
    #expect(run.stoppedShort)
    #expect(run.leftBehind == [])
  }
}
