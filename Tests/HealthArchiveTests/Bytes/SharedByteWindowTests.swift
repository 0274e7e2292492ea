import Foundation
import SystemShim
import Testing

@testable import HealthArchive

/// A stream read once into a window that several readers read at offsets: each gets the bytes from
/// its offset, with the stream's error where it happened, while the window holds only the span its
/// readers cover.
@Suite struct SharedByteWindowTests {
  @Test(arguments: [
    (count: 0, blockSize: 16, readSize: 7, chunkLimit: 5),
    (count: 1, blockSize: 16, readSize: 7, chunkLimit: 5),
    (count: 1000, blockSize: 16, readSize: 7, chunkLimit: 5),
    (count: 1024, blockSize: 64, readSize: 64, chunkLimit: 64),
    (count: 100_000, blockSize: 4096, readSize: 10_000, chunkLimit: 3000),
    (count: 3000, blockSize: 1, readSize: 3, chunkLimit: 1),
  ])
  func eachReaderGetsTheBytesFromItsOffset(count: Int, blockSize: Int, readSize: Int, chunkLimit: Int) throws
  {
    let window = SharedByteWindow(PatternStream(count: count, chunkLimit: chunkLimit), blockSize: blockSize)
    let offsets = Set([0, 1, blockSize - 1, blockSize, blockSize + 1, count / 2, count - 1, count, count + 5])
      .filter { $0 >= 0 }.sorted()
    let expected = PatternStream.expected(count)
    // Opened all at once, read in turn: the first reads to the end while the others wait.
    let streams = try offsets.map { try window.open(at: Int64($0)) }
    for (offset, stream) in zip(offsets, streams) {
      let (bytes, error) = PatternStream.readAll(stream, readSize: readSize)
      #expect(error == nil)
      #expect(bytes == Array(expected[min(offset, count)...]), "from \(offset)")
      #expect(stream.name == "source.xml")
    }
  }

  @Test func readersOnSeveralThreadsReadAtOnce() throws {
    let count = 1_000_000
    let window = SharedByteWindow(PatternStream(count: count, chunkLimit: 999), blockSize: 4096)
    let offsets = [0, 100_000, 250_001, 999_999]
    let read = Locked([Int: [UInt8]]())
    DispatchQueue.concurrentPerform(iterations: offsets.count) { index in
      guard let stream = try? window.open(at: Int64(offsets[index])) else { return }
      let (bytes, error) = PatternStream.readAll(stream, readSize: 65536)
      read.withLock { $0[index] = error == nil ? bytes : [] }
    }
    let expected = PatternStream.expected(count)
    for (index, offset) in offsets.enumerated() {
      #expect(read.withLock { $0[index] } == Array(expected[offset...]), "from \(offset)")
    }
  }

  @Test func holdsOnlyWhatItsReadersSpanAndReadsOnlyAsFarAsTheyAsk() throws {
    let handedOut = Locked(0)
    let window = SharedByteWindow(
      PatternStream(count: 100_000, chunkLimit: 100, onRead: { count in handedOut.withLock { $0 = count } }),
      blockSize: 1000, readAhead: 2)
    var stream: (any ByteStream)? = try window.open(at: 0)
    var chunk = [UInt8](repeating: 0, count: 10)
    #expect(try stream!.read(filling: &chunk) == 10)
    // The block read from and two more: then the thread waits for a reader to ask for more.
    window.core.state.wait(until: { $0.end >= 3000 }, atMost: .seconds(30))
    Thread.sleep(forTimeInterval: 0.05)
    #expect(handedOut.withLock { $0 } == 3000)
    #expect(window.heldBlocks == 3)

    // Read to 50,000: the window holds everything from the floor (0) on.
    #expect(try Self.read(49_990, from: stream!) == Array(PatternStream.expected(50_000)[10...]))
    window.core.state.wait(until: { $0.end >= 52_000 }, atMost: .seconds(30))
    Thread.sleep(forTimeInterval: 0.05)
    #expect(handedOut.withLock { $0 } == 52_000)
    #expect(window.heldBlocks == 52)

    // No stream is opened before 45,000 any more: the blocks before it go.
    window.release(before: 45_500)
    #expect(window.heldBlocks == 7)
    #expect(
      throws: InputError.unreadable(path: "source.xml", reason: "its bytes at 44999 were read and let go")
    ) {
      _ = try window.open(at: 44_999)
    }
    var again = [UInt8](repeating: 0, count: 5)
    #expect(try window.open(at: 45_000).read(filling: &again) == 5)
    #expect(again == Array(PatternStream.expected(45_005)[45_000...]))

    // Past the floor, the open stream holds what it has not read.
    window.release(before: .max)
    #expect(window.heldBlocks == 3)
    stream = nil
    #expect(window.heldBlocks == 0)
  }

  /// The next `count` bytes of `stream`, read in as many reads as it takes.
  private static func read(_ count: Int, from stream: any ByteStream) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let n = try stream.read(filling: &bytes, from: filled)
      if n == 0 { break }
      filled += n
    }
    return Array(bytes[..<filled])
  }

  @Test(arguments: [0, 1, 999, 1000, 4096])
  func readersMeetTheStreamsErrorWhereItHappened(failingAfter: Int) throws {
    let window = SharedByteWindow(
      PatternStream(count: 10_000, failingAfter: failingAfter, chunkLimit: 300), blockSize: 1000)
    for offset in Set([0, failingAfter / 2, failingAfter, failingAfter + 1]).sorted() {
      let stream = try window.open(at: Int64(offset))
      let (bytes, error) = PatternStream.readAll(stream, readSize: 512)
      #expect(bytes == Array(PatternStream.expected(max(failingAfter, offset))[offset...]), "from \(offset)")
      #expect(error as? PatternStream.Failure == PatternStream.Failure(at: failingAfter), "from \(offset)")
      var chunk = [UInt8](repeating: 0, count: 8)
      #expect(throws: PatternStream.Failure(at: failingAfter)) {
        try stream.read(filling: &chunk)
      }
    }
  }

  @Test func goingAwayStopsItsThreadAndLetsGoOfTheStream() throws {
    let released = PatternStream.Released()
    let handedOut = Locked(0)
    var window: SharedByteWindow? = SharedByteWindow(
      PatternStream(
        count: 1_000_000, chunkLimit: 100, onRead: { count in handedOut.withLock { $0 = count } },
        onDeinit: { released.mark($0) }), blockSize: 1000)
    var chunk = [UInt8](repeating: 0, count: 10)
    #expect(try window!.open(at: 5000).read(filling: &chunk) == 10)
    // Asked for the byte at 5,000: read to its block's end and two blocks more.
    handedOut.wait(until: { $0 >= 8000 }, atMost: .seconds(30))
    #expect(released.handedOut == nil)
    window = nil
    // Going away waits for the thread, which lets go of the stream before it ends.
    #expect(released.handedOut == 8000)
  }

  @Test func aReaderLeftOpenWhenItsWindowGoesAwayIsToldRatherThanKeptWaiting() throws {
    var window: SharedByteWindow? = SharedByteWindow(
      PatternStream(count: 1_000_000, chunkLimit: 100), blockSize: 1000)
    let stream = try window!.open(at: 0)
    var chunk = [UInt8](repeating: 0, count: 10)
    #expect(try stream.read(filling: &chunk) == 10)
    window = nil
    // What was read before is still there; past it, the reader learns that reading stopped.
    var rest = [UInt8](repeating: 0, count: 990)
    #expect(try stream.read(filling: &rest) == 990)
    #expect(throws: InputError.unreadable(path: "source.xml", reason: "its reading was stopped")) {
      for _ in 0..<10 { _ = try stream.read(filling: &rest) }
    }
  }

  /// A stop that comes while the window's thread fills a block: a reader past what was handed
  /// out is told that reading stopped (with or without the block, as the thread got to it first)
  /// rather than kept waiting.
  @Test func aStopWhileABlockIsFilledStillEndsTheReading() throws {
    // 0: reading; 1: the thread waits in the middle of the second block; 2: stopped.
    let step = Locked(0)
    let base = PatternStream(count: 1_000_000, chunkLimit: 100) { handedOut in
      guard handedOut == 1500 else { return }
      step.withLock { $0 = 1 }
      step.wait(until: { $0 == 2 })
    }
    let window = SharedByteWindow(base, blockSize: 1000)
    let stream = try window.open(at: 0)
    var chunk = [UInt8](repeating: 0, count: 1000)
    #expect(try stream.read(filling: &chunk) == 1000)
    step.wait(until: { $0 == 1 })
    window.core.stop()
    step.withLock { $0 = 2 }
    // Read on a thread of its own, so that a reader kept waiting fails the test instead of
    // hanging it.
    let outcome = Locked<(bytes: [UInt8], error: String)?>(nil)
    nonisolated(unsafe) let handedOver = stream  // read by that thread alone from here on
    Thread {
      let (bytes, error) = PatternStream.readAll(handedOver, readSize: 300)
      outcome.withLock { $0 = (bytes, String(describing: error)) }
    }.start()
    outcome.wait(until: { $0 != nil }, atMost: .seconds(60))
    let read = try #require(outcome.withLock { $0 }, "the reader was kept waiting")
    #expect(read.bytes.isEmpty || read.bytes == Array(PatternStream.expected(2000)[1000...]))
    let stopped: (any Error)? = InputError.unreadable(path: "source.xml", reason: "its reading was stopped")
    #expect(read.error == String(describing: stopped))
  }
}
