import Foundation
import SystemShim
import Testing

@testable import HealthArchive

@Suite struct ReadAheadByteStreamTests {
  /// A stream of `count` bytes (`i % 251`) that fails after `failingAfter` bytes, counts what it
  /// handed out, and tells when it goes away.
  private final class SourceStream: ByteStream, @unchecked Sendable {
    // Unchecked: read only by the read-ahead thread once handed over.
    struct Failure: Error, Equatable { var at: Int }

    let name = "source.xml"
    let count: Int
    let failingAfter: Int?
    let chunkLimit: Int
    private(set) var handedOut = 0
    let onRead: @Sendable (Int) -> Void
    let onDeinit: @Sendable (Int) -> Void

    init(
      count: Int, failingAfter: Int? = nil, chunkLimit: Int,
      onRead: @escaping @Sendable (Int) -> Void = { _ in },
      onDeinit: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
      self.count = count
      self.failingAfter = failingAfter
      self.chunkLimit = chunkLimit
      self.onRead = onRead
      self.onDeinit = onDeinit
    }

    deinit { onDeinit(handedOut) }

    func read(into output: inout OutputRawSpan) throws {
      let end = failingAfter ?? count
      if handedOut == failingAfter { throw Failure(at: handedOut) }
      let n = min(output.freeCapacity, end - handedOut, chunkLimit)
      for i in 0..<n { output.append(UInt8((handedOut + i) % 251)) }
      handedOut += n
      onRead(handedOut)
    }
  }

  private static func expected(_ count: Int) -> [UInt8] { (0..<count).map { UInt8($0 % 251) } }

  /// Everything read through `stream` in reads of `readSize`, until the end or an error.
  private static func readAll(
    _ stream: any ByteStream, readSize: Int
  ) -> (bytes: [UInt8], error: (any Error)?) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: readSize)
    do {
      while true {
        let n = try stream.read(filling: &chunk)
        if n == 0 { return (bytes, nil) }
        bytes += chunk[0..<n]
      }
    } catch {
      return (bytes, error)
    }
  }

  @Test(arguments: [
    (count: 0, bufferSize: 16, readSize: 7, chunkLimit: 5),
    (count: 1, bufferSize: 16, readSize: 7, chunkLimit: 5),
    (count: 1000, bufferSize: 16, readSize: 7, chunkLimit: 5),
    (count: 1024, bufferSize: 64, readSize: 64, chunkLimit: 64),
    (count: 100_000, bufferSize: 4096, readSize: 10_000, chunkLimit: 3000),
    (count: 100_000, bufferSize: 1, readSize: 3, chunkLimit: 1),
  ])
  func handsOutTheSameBytesInOrder(count: Int, bufferSize: Int, readSize: Int, chunkLimit: Int) throws {
    let stream = ReadAheadByteStream(
      SourceStream(count: count, chunkLimit: chunkLimit), bufferSize: bufferSize, depth: 3)
    let (bytes, error) = Self.readAll(stream, readSize: readSize)
    #expect(error == nil)
    #expect(bytes == Self.expected(count))
    #expect(stream.name == "source.xml")
    var one: [UInt8] = [0]
    #expect(try stream.read(filling: &one) == 0)
  }

  @Test(arguments: [0, 1, 999, 1000, 4096])
  func throwsTheErrorAfterTheBytesBeforeItAndAgainAfterwards(failingAfter: Int) throws {
    let stream = ReadAheadByteStream(
      SourceStream(count: 10_000, failingAfter: failingAfter, chunkLimit: 300), bufferSize: 1000, depth: 2)
    let (bytes, error) = Self.readAll(stream, readSize: 512)
    #expect(bytes == Self.expected(failingAfter))
    #expect(error as? SourceStream.Failure == SourceStream.Failure(at: failingAfter))
    var chunk = [UInt8](repeating: 0, count: 8)
    #expect(throws: SourceStream.Failure(at: failingAfter)) {
      try stream.read(filling: &chunk)
    }
  }

  @Test func readsAtMostItsBuffersAheadAndStopsWhenDropped() throws {
    let released = Released()
    let threeBuffers = DispatchSemaphore(value: 0)
    var stream: ReadAheadByteStream? = ReadAheadByteStream(
      SourceStream(
        count: 1_000_000, chunkLimit: 100, onRead: { if $0 == 3000 { threeBuffers.signal() } },
        onDeinit: { released.mark($0) }),
      bufferSize: 1000, depth: 3)
    var chunk = [UInt8](repeating: 0, count: 10)
    #expect(try stream!.read(filling: &chunk) == 10)
    #expect(chunk == Array(Self.expected(10)))
    // The buffer being read and two more are filled ahead; then the producer waits.
    #expect(threeBuffers.wait(timeout: .now() + 30) == .success)
    Thread.sleep(forTimeInterval: 0.05)
    stream = nil
    // Dropping the stream waits for the producer and releases the stream underneath.
    #expect(released.handedOut == 3000)
  }

  private final class Released: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int?
    func mark(_ handedOut: Int) { lock.withLock { count = handedOut } }
    var handedOut: Int? { lock.withLock { count } }
  }
}
