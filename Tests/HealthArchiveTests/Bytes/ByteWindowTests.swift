import Testing

@testable import HealthArchive

@Suite struct ByteWindowTests {
  private func bytes(_ window: borrowing ByteWindow) -> [UInt8] {
    Array(window.bytes)
  }

  @Test func keepsTheUnreadBytesAndCountsWhatItDropped() throws {
    let stream = MemoryByteStream(Array(0..<40), name: "bytes", chunkLimit: 10)
    var window = ByteWindow(capacity: 16, maximumCapacity: 64)
    #expect(try window.refill(keepingFrom: 0, from: stream) == .added)
    #expect(bytes(window) == Array(0..<10))
    #expect(try window.refill(keepingFrom: 7, from: stream) == .added)
    #expect(window.offset == 7)
    #expect(bytes(window) == Array(7..<20))  // the 3 kept, then one read of at most 10
  }

  @Test func growsForALargeTokenUpToItsLimit() throws {
    let stream = MemoryByteStream(Array(repeating: 65, count: 100), name: "bytes", chunkLimit: 8)
    var window = ByteWindow(capacity: 16, maximumCapacity: 40)
    var results: [ByteWindow.Refill] = []
    for _ in 0..<8 {
      let result = try window.refill(keepingFrom: 0, from: stream)
      results.append(result)
      if result == .full { break }
    }
    #expect(window.capacity == 40)
    #expect(window.end == 40)
    #expect(results.last == .full)
  }

  @Test func saysWhenTheStreamHasEnded() throws {
    let stream = MemoryByteStream(Array(0..<5), name: "bytes")
    var window = ByteWindow(capacity: 16, maximumCapacity: 16)
    #expect(try window.refill(keepingFrom: 0, from: stream) == .added)
    #expect(try window.refill(keepingFrom: 2, from: stream) == .ended)
    #expect(bytes(window) == [2, 3, 4])
    #expect(try window.refill(keepingFrom: 3, from: stream) == .ended)
    #expect(window.end == 0)
    #expect(window.offset == 5)
  }
}
