import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

/// The hand-off reads on the calling thread and consumes on a thread of its own, with the items,
/// their order, the diagnostics and the errors of the sequential read.
@Suite struct ItemHandOffTests {
  /// Yields `count` export dates, the n-th at line n; throws `Failed` instead of the item at
  /// `failingAt` (1-based); records how many items it yielded.
  final class NumberedSource: HealthItemSource, @unchecked Sendable {
    // Unchecked: read by the test only after the hand-off has returned.
    let count: Int
    let failingAt: Int?
    private(set) var yielded = 0
    var name: String { "numbers" }
    struct Failed: Error, Equatable { var at: Int }

    init(count: Int, failingAt: Int? = nil) {
      self.count = count
      self.failingAt = failingAt
    }

    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      for number in 0..<count {
        if number + 1 == failingAt { throw Failed(at: number + 1) }
        yielded += 1
        try consume(
          .exportDate(Timestamp(secondsSince1970: Int64(number))),
          SourceLocation(file: name, line: number + 1))
      }
    }
  }

  /// What the consumer saw, on which thread, and whether it was called after the run returned.
  final class Seen: @unchecked Sendable {
    // Unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var storedLines: [Int] = []
    private var storedOnCallingThread = false
    var lines: [Int] { lock.withLock { storedLines } }
    var onCallingThread: Bool { lock.withLock { storedOnCallingThread } }

    func add(_ item: HealthItem, _ location: HealthModel.SourceLocation, callingThread: Thread) {
      lock.withLock {
        if Thread.current == callingThread { storedOnCallingThread = true }
        guard case .exportDate(let date) = item else { return }
        // The item and its location travel together.
        #expect(Int(date.wholeSecondsSince1970) + 1 == location.line)
        storedLines.append(location.line)
      }
    }
  }

  struct ConsumerFailed: Error, Equatable { var at: Int }

  /// Runs the hand-off with batches of 4, two at most; the consumer throws at item `consumerFailsAt`.
  private func run(
    _ source: NumberedSource, consumerFailsAt: Int? = nil, seen: Seen
  ) throws {
    let callingThread = Thread.current
    try ItemHandOff(batchSize: 4, depth: 2).run(
      source, filter: .everything, diagnostics: Diagnostics()
    ) { item, location in
      if location.line == consumerFailsAt { throw ConsumerFailed(at: location.line) }
      seen.add(item, location, callingThread: callingThread)
    }
  }

  @Test(arguments: [0, 1, 3, 4, 5, 8, 9, 1000])
  func handsEveryItemOverInOrderAcrossBatchBoundaries(count: Int) throws {
    let seen = Seen()
    try run(NumberedSource(count: count), seen: seen)
    #expect(seen.lines == Array(0..<count).map { $0 + 1 })
    #expect(!seen.onCallingThread)
  }

  @Test func aConsumerErrorMidWayEndsTheRunWithItAndStopsTheReader() throws {
    let source = NumberedSource(count: 1000)
    let seen = Seen()
    #expect(throws: ConsumerFailed(at: 10)) { try run(source, consumerFailsAt: 10, seen: seen) }
    #expect(seen.lines == Array(1...9))
    // The reader stopped within the batches in flight (two of four, and the one being filled).
    #expect(source.yielded < 10 + 3 * 4)
    // Nothing is consumed after the run has returned: the consumer's thread is done.
    Thread.sleep(forTimeInterval: 0.05)
    #expect(seen.lines == Array(1...9))
  }

  @Test(arguments: [1, 2, 4, 5, 9, 500])
  func aReaderErrorMidWayEndsTheRunWithItAfterTheItemsBefore(failingAt: Int) throws {
    let seen = Seen()
    #expect(throws: NumberedSource.Failed(at: failingAt)) {
      try run(NumberedSource(count: 1000, failingAt: failingAt), seen: seen)
    }
    #expect(seen.lines == Array(0..<(failingAt - 1)).map { $0 + 1 })
    Thread.sleep(forTimeInterval: 0.05)
    #expect(seen.lines.count == failingAt - 1)
  }

  @Test func theConsumersErrorOnAnEarlierItemWinsOverTheReaders() throws {
    // Read in order, the consumer's error at item 6 ends the run before the reader meets item 9.
    let seen = Seen()
    #expect(throws: ConsumerFailed(at: 6)) {
      try run(NumberedSource(count: 1000, failingAt: 9), consumerFailsAt: 6, seen: seen)
    }
    #expect(seen.lines == Array(1...5))
  }

  /// Held by the consumer's closure.
  final class Token {}

  @Test(arguments: [nil, 3] as [Int?])
  func whatTheConsumerHoldsIsLetGoOfBeforeTheRunReturns(consumerFailsAt: Int?) throws {
    // A writer held by the consumer removes its temporary files when it goes away: before the
    // run's error reaches the caller, not later on the consumer's thread.
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      try? ItemHandOff(batchSize: 2, depth: 2).run(
        NumberedSource(count: 10), filter: .everything, diagnostics: Diagnostics()
      ) { _, location in
        withExtendedLifetime(token) {}
        if location.line == consumerFailsAt { throw ConsumerFailed(at: location.line) }
      }
    }
    #expect(weakToken == nil)
  }

  // MARK: - Against the sequential read of an export

  /// Records the reader skips (an unknown unit, a date it cannot read, a value that is not a
  /// number) between ones it keeps, across several batches.
  static let body: String = (0..<40).map { index in
    let start = "2026-01-\(String(format: "%02d", index % 28 + 1)) 08:00:00 -0500"
    switch index % 5 {
    case 1: return ExportXML.record("BodyMass", value: "80", unit: "kg", start: "not a date")
    case 3: return ExportXML.record("StepCount", value: "many", unit: "count", start: start)
    default: return ExportXML.record("StepCount", value: "\(index)", unit: "count", start: start)
    }
  }.joined()

  private func descriptions(
    _ export: InMemoryExport, diagnostics: Diagnostics, handingOff: Bool
  ) throws -> [String] {
    final class Lines: @unchecked Sendable {
      // Unchecked: written by the consumer, read after the run has returned.
      var lines: [String] = []
    }
    let lines = Lines()
    let consume: (HealthItem, HealthModel.SourceLocation) throws -> Void = { item, location in
      lines.lines.append("\(location): \(item)")
    }
    if handingOff {
      try ItemHandOff(batchSize: 3, depth: 2).run(
        export, filter: .everything, diagnostics: diagnostics, consume)
    } else {
      try export.readItems(filter: .everything, diagnostics: diagnostics, consume)
    }
    return lines.lines
  }

  @Test func itemsAndDiagnosticsAreThoseOfTheSequentialRead() throws {
    let export = InMemoryExport(xml: ExportXML.document(Self.body))
    let sequential = Diagnostics(keepsEach: true)
    let handedOff = Diagnostics(keepsEach: true)
    let expected = try descriptions(export, diagnostics: sequential, handingOff: false)
    #expect(try descriptions(export, diagnostics: handedOff, handingOff: true) == expected)
    #expect(expected.count > 20)
    #expect(sequential.totalCount > 0)
    #expect(handedOff.each == sequential.each)
    #expect(handedOff.summary == sequential.summary)
  }

  @Test func strictModeStopsAtTheSameRecordWithTheSameError() throws {
    let export = InMemoryExport(xml: ExportXML.document(Self.body))
    func failure(handingOff: Bool) -> (any Error)? {
      do {
        _ = try descriptions(export, diagnostics: Diagnostics(isStrict: true), handingOff: handingOff)
        return nil
      } catch { return error }
    }
    let expected = try #require(failure(handingOff: false) as? StrictModeError)
    #expect(failure(handingOff: true) as? StrictModeError == expected)
  }

  @Test func aMalformedDocumentThrowsTheSameXMLError() throws {
    let xml = ExportXML.document(Self.body)
    let export = InMemoryExport(xml: String(xml.prefix(xml.count * 2 / 3)) + "<Record type=\"x\" <")
    func failure(handingOff: Bool) -> (any Error)? {
      do {
        _ = try descriptions(export, diagnostics: Diagnostics(), handingOff: handingOff)
        return nil
      } catch { return error }
    }
    let expected = try #require(failure(handingOff: false) as? XMLError)
    #expect(failure(handingOff: true) as? XMLError == expected)
  }
}
