import Foundation
import HealthArchive
import HealthExport
import HealthModel
import Testing

@testable import HealthDatabase

/// Items read on their own thread: in input order, the reader's error after the items before it,
/// and the reader stopped and ended before the writer's error is thrown.
@Suite struct ItemReadAheadTests {
  /// A source of numbered samples that may fail after some, noting how far it read and whether it
  /// has returned.
  final class NumberedSource: HealthItemSource, @unchecked Sendable {
    // Unchecked: `read` and `hasReturned` are written by the reading thread before it ends and
    // read under the lock.
    let name = "numbered"
    let count: Int
    let failsAfter: Int?
    private let lock = NSLock()
    private var read = 0
    private var returned = false

    struct Failure: Error, Equatable { var after: Int }

    init(count: Int, failsAfter: Int? = nil) {
      self.count = count
      self.failsAfter = failsAfter
    }

    var itemsRead: Int { lock.withLock { read } }
    var hasReturned: Bool { lock.withLock { returned } }

    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      defer { lock.withLock { returned = true } }
      for number in 0..<count {
        if number == failsAfter { throw Failure(after: number) }
        lock.withLock { read += 1 }
        try consume(Self.item(number), HealthModel.SourceLocation(file: name, line: number + 1))
      }
    }

    static func item(_ number: Int) -> HealthItem {
      .sample(
        Sample(
          type: "HKQuantityTypeIdentifierStepCount", value: .quantity(Double(number), unit: "count"),
          sourceName: "Watch", startDate: Timestamp(secondsSince1970: Int64(number)),
          endDate: Timestamp(secondsSince1970: Int64(number))))
    }
  }

  @Test(arguments: [0, 1, 63, 64, 65, 5_000])
  func handsOnEveryItemInOrder(count: Int) throws {
    let source = NumberedSource(count: count)
    var received: [HealthItem] = []
    try ItemReadAhead(items: HealthItems(source: source, diagnostics: Diagnostics())).read {
      received.append($0)
    }
    #expect(received == (0..<count).map(NumberedSource.item))
    #expect(source.hasReturned)
  }

  @Test func throwsTheReadersErrorAfterTheItemsBeforeIt() throws {
    let source = NumberedSource(count: 2_000, failsAfter: 700)
    var received = 0
    let error = try #require(throws: NumberedSource.Failure.self) {
      try ItemReadAhead(items: HealthItems(source: source, diagnostics: Diagnostics())).read { _ in
        received += 1
      }
    }
    #expect(error == NumberedSource.Failure(after: 700))
    #expect(received == 700)
    #expect(source.hasReturned)
  }

  @Test func stopsTheReaderWhenTheWriterFails() throws {
    struct WriterFailure: Error {}
    let source = NumberedSource(count: 1_000_000)
    var received = 0
    let readAhead = ItemReadAhead(
      items: HealthItems(source: source, diagnostics: Diagnostics()), batchSize: 16, depth: 2)
    #expect(throws: WriterFailure.self) {
      try readAhead.read { _ in
        received += 1
        if received == 100 { throw WriterFailure() }
      }
    }
    // The reader has returned before the error reached here, having read at most the batches
    // the queue holds beyond the one being written, and the one it was filling.
    #expect(source.hasReturned)
    #expect(received == 100)
    #expect(source.itemsRead <= 112 + 2 * 16 + 16)
  }
}
