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
      filter: ItemFilter, diagnostics: Diagnostics,
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
      throw InputError.readFailed(path: name, reason: "Input/output error")
    }
  }

  /// Nothing, one record, a batch of records exactly, a batch and one more (the rows bound and
  /// not yet inserted), and many.
  @Test(arguments: [0, 1, BatchedInsert.defaultBatchSize, BatchedInsert.defaultBatchSize + 1, 20_000])
  func leavesNothingWhenTheInputFailsPartWay(itemsBeforeFailure: Int) throws {
    let folder = try TestDirectory()
    let export = DatabaseExport(
      toolVersion: "test", timeZone: TimeZone(identifier: "UTC")!,
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
      toolVersion: "test", timeZone: TimeZone(identifier: "UTC")!,
      now: Timestamp(secondsSince1970: 1_768_910_400))
    #expect(throws: InputError.self) {
      try export.run(
        source: FailingSource(itemsBeforeFailure: 100), destination: .file(path: path, overwrites: true),
        diagnostics: Diagnostics())
    }
    #expect(try folder.contents() == ["health.sqlite"])
    #expect(try folder.read("health.sqlite") == "the old database")
  }
}
