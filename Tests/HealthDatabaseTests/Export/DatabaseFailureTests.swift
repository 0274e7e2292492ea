import CSQLite
import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// A database that cannot be finished leaves nothing behind, whatever stops it.
@Suite struct DatabaseFailureTests {
  /// An input that fails part-way, as a disk or a network file system can.
  final class FailingSource: HealthInputSource {
    /// Whether the input fails after its records (else it ends there).
    var fails = true
    let name = "failing.xml"
    let shape = InputShape.xmlFile
    let contentName = "failing.xml"
    let header = ExportHeader()
    let itemsBeforeFailure: Int

    init(itemsBeforeFailure: Int) {
      self.itemsBeforeFailure = itemsBeforeFailure
    }

    func fileNames(in folder: String) -> [String] { [] }

    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      for index in 0..<itemsBeforeFailure {
        let sample = Sample(
          type: HealthKitIdentifier.stepCount, value: .quantity(Double(index), unit: "count"),
          sourceName: "Phone",
          startDate: Timestamp(secondsSince1970: 1_768_000_000 + Int64(index)),
          endDate: Timestamp(secondsSince1970: 1_768_000_060 + Int64(index)))
        try consume(.sample(sample), HealthModel.SourceLocation(file: name, line: index + 1))
      }
      if fails { throw InputError.readFailed(path: name, reason: "Input/output error") }
    }
  }

  /// Nothing, one record, a batch of records exactly, a batch and one more (the rows bound and
  /// not yet inserted), and many.
  @Test(arguments: [0, 1, BatchedInsert.defaultBatchSize, BatchedInsert.defaultBatchSize + 1, 20_000])
  func leavesNothingWhenTheInputFailsPartWay(itemsBeforeFailure: Int) throws {
    let folder = try TestDirectory()
    let export = DatabaseExport(
      toolVersion: "test", timeZone: .named(TimeZone(identifier: "UTC")!),
      now: Timestamp(secondsSince1970: 1_768_910_400))
    #expect(throws: InputError.readFailed(path: "failing.xml", reason: "Input/output error")) {
      try export.run(
        source: FailingSource(itemsBeforeFailure: itemsBeforeFailure),
        destination: .file(path: folder.file("health.sqlite"), overwrites: false), diagnostics: Diagnostics())
    }
    #expect(try folder.contents() == [])
  }

  @Test func leavesTheFileItWouldReplaceWhenItFails() throws {
    let folder = try TestDirectory()
    let path = try folder.write("the old database", to: "health.sqlite")
    let export = DatabaseExport(
      toolVersion: "test", timeZone: .named(TimeZone(identifier: "UTC")!),
      now: Timestamp(secondsSince1970: 1_768_910_400))
    #expect(throws: InputError.self) {
      try export.run(
        source: FailingSource(itemsBeforeFailure: 100), destination: .file(path: path, overwrites: true),
        diagnostics: Diagnostics())
    }
    #expect(try folder.contents() == ["health.sqlite"])
    #expect(try folder.read("health.sqlite") == "the old database")
  }

  /// SQLite refusing record `refused` (of 20,000, inserted 32 to a statement on the SQLite thread):
  /// the first of a statement, the last, the first of the next, one of the last statement; the
  /// input failing afterwards or not. SQLite's failure is the one reported (it came first, as
  /// when SQLite ran on the reading thread), and nothing is left.
  @Test(arguments: [0, 31, 32, 19_999], [true, false])
  func leavesNothingWhenSQLiteFailsMidBatch(refused: Int, inputFails: Bool) throws {
    let folder = try TestDirectory()
    let path = folder.file("health.sqlite")
    var writer = DatabaseFileWriter(
      configuration: DatabaseWriter.Configuration(
        toolVersion: "test", inputName: "failing.xml", inputShape: "XML file",
        timeZone: .named(TimeZone(identifier: "UTC")!), created: Timestamp(secondsSince1970: 1_768_910_400)),
      header: { ExportHeader() })
    writer.opened = { (database) throws(DatabaseError) in
      try database.thread.perform { () throws(DatabaseError) in
        try database.connection.execute(
          """
          CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.records WHEN NEW.value = \(refused)
          BEGIN SELECT RAISE(ABORT, 'record \(refused) refused'); END
          """)
      }
    }
    let source = FailingSource(itemsBeforeFailure: 20_000)
    source.fails = inputFails
    let error = try #require(throws: DatabaseError.self) {
      try ExportPipeline(destination: .file(path: path, overwrites: false), diagnostics: Diagnostics())
        .run(source, filter: .wholeRecord, into: writer)
    }
    #expect(error.message == "record \(refused) refused")
    #expect(error.code == SQLITE_CONSTRAINT | 7 << 8)  // SQLITE_CONSTRAINT_TRIGGER
    #expect(
      error.sql?.hasPrefix("INSERT INTO records (type, source_id, unit, value, value_text, ") == true)
    #expect(try folder.contents() == [])
  }
}
