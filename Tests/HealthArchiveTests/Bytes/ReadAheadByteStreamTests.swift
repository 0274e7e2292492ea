import Foundation
import SystemShim
import Testing

@testable import HealthArchive

@Suite struct ReadAheadByteStreamTests {
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
      PatternStream(count: count, chunkLimit: chunkLimit), bufferSize: bufferSize, depth: 3)
    let (bytes, error) = PatternStream.readAll(stream, readSize: readSize)
    #expect(error == nil)
    #expect(bytes == PatternStream.expected(count))
    #expect(stream.name == "source.xml")
    var one: [UInt8] = [0]
    #expect(try stream.read(filling: &one) == 0)
  }

  @Test(arguments: [0, 1, 999, 1000, 4096])
  func throwsTheErrorAfterTheBytesBeforeItAndAgainAfterwards(failingAfter: Int) throws {
    let stream = ReadAheadByteStream(
      PatternStream(count: 10_000, failingAfter: failingAfter, chunkLimit: 300), bufferSize: 1000, depth: 2)
    let (bytes, error) = PatternStream.readAll(stream, readSize: 512)
    #expect(bytes == PatternStream.expected(failingAfter))
    #expect(error as? PatternStream.Failure == PatternStream.Failure(at: failingAfter))
    var chunk = [UInt8](repeating: 0, count: 8)
    #expect(throws: PatternStream.Failure(at: failingAfter)) {
      try stream.read(filling: &chunk)
    }
  }

  @Test func readsAtMostItsBuffersAheadAndStopsWhenDropped() throws {
    let released = PatternStream.Released()
    let threeBuffers = DispatchSemaphore(value: 0)
    var stream: ReadAheadByteStream? = ReadAheadByteStream(
      PatternStream(
        count: 1_000_000, chunkLimit: 100, onRead: { if $0 == 3000 { threeBuffers.signal() } },
        onDeinit: { released.mark($0) }),
      bufferSize: 1000, depth: 3)
    var chunk = [UInt8](repeating: 0, count: 10)
    #expect(try stream!.read(filling: &chunk) == 10)
    #expect(chunk == Array(PatternStream.expected(10)))
    // The buffer being read and two more are filled ahead; then the producer waits.
    #expect(threeBuffers.wait(timeout: .now() + 30) == .success)
    Thread.sleep(forTimeInterval: 0.05)
    stream = nil
    // Dropping the stream waits for the producer and releases the stream underneath.
    #expect(released.handedOut == 3000)
  }
}
