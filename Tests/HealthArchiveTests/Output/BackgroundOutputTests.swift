import SystemShim
import Testing

@testable import HealthArchive

/// An output's bytes handed to the sink on a thread of its own: whole and in order, in blocks
/// of the size asked for, the sink's first error thrown on the writing side.
@Suite struct BackgroundOutputTests {
  /// What the sink was given, block by block; read once the sink's thread has ended.
  final class Blocks {
    var blocks: [[UInt8]] = []
    var bytes: [UInt8] { blocks.flatMap { $0 } }
  }

  struct SinkFailure: Error, Equatable {}

  @Test func piecesReachTheSinkInOrderInFullBlocks() throws {
    let given = Blocks()
    let output = BackgroundOutput(
      sink: ByteSink { given.blocks.append([UInt8]($0)) }, blockSize: 16, depth: 2)
    var expected: [UInt8] = []
    for index in 0..<100 {
      let piece = Array("piece \(index);".utf8)
      try output.write(piece)
      expected += piece
    }
    try output.write("end")
    expected += Array("end".utf8)
    try output.finish()
    #expect(given.bytes == expected)
    #expect(given.blocks.dropLast().allSatisfy { $0.count == 16 })
    #expect(given.blocks.count == (expected.count + 15) / 16)
  }

  @Test func roomBeyondTheBlockHandsItOverAfterPreserving() throws {
    let given = Blocks()
    let output = BackgroundOutput(
      sink: ByteSink { given.blocks.append([UInt8]($0)) }, blockSize: 16, depth: 2)
    try output.write("abc")
    var preserved = 0
    // Fits: nothing handed over.
    let first = try output.room(13) { preserved += 1 }
    first.update(repeating: UInt8(ascii: "d"), count: 13)
    output.advance(by: 13)
    #expect(preserved == 0)
    // Longer than a block: the full block is handed over and one as long as asked is made.
    let second = try output.room(40) { preserved += 1 }
    second.update(repeating: UInt8(ascii: "x"), count: 40)
    output.advance(by: 40)
    #expect(preserved == 1)
    // The long block is full: what follows goes into the next.
    try output.write("yz")
    try output.finish()
    #expect(
      given.blocks == [
        Array("abcddddddddddddd".utf8), [UInt8](repeating: UInt8(ascii: "x"), count: 40), Array("yz".utf8),
      ])
  }

  @Test func drainingHandsOverWhatIsGatheredAndGoesOn() throws {
    let given = Blocks()
    let output = BackgroundOutput(
      sink: ByteSink { given.blocks.append([UInt8]($0)) }, blockSize: 16, depth: 2)
    try output.write("0123456789abcdefXYZW")
    try output.drain()
    #expect(given.blocks == [Array("0123456789abcdef".utf8), Array("XYZW".utf8)])
    // Nothing gathered: nothing handed over.
    try output.drain()
    #expect(given.blocks.count == 2)
    try output.write("tail")
    try output.finish()
    #expect(given.bytes == Array("0123456789abcdefXYZWtail".utf8))
    #expect(given.blocks.count == 3)
  }

  @Test func drainingThrowsTheSinksFirstError() {
    let output = BackgroundOutput(sink: ByteSink { _ in throw SinkFailure() }, blockSize: 16, depth: 2)
    #expect(throws: SinkFailure.self) {
      try output.write("abc")
      try output.drain()
    }
    output.stop()
  }

  @Test func nothingWrittenIsNothingGiven() throws {
    let given = Blocks()
    let output = BackgroundOutput(
      sink: ByteSink { given.blocks.append([UInt8]($0)) }, blockSize: 16, depth: 2)
    try output.finish()
    #expect(given.blocks.isEmpty)
  }

  @Test func theSinksFirstErrorIsThrownAndNoBlockIsGivenAfterIt() {
    let given = Blocks()
    let output = BackgroundOutput(
      sink: ByteSink { bytes in
        given.blocks.append([UInt8](bytes))
        if given.blocks.count == 2 { throw SinkFailure() }
      }, blockSize: 16, depth: 2)
    #expect(throws: SinkFailure.self) {
      for _ in 0..<1000 { try output.write("0123456789") }
      try output.finish()
    }
    output.stop()
    #expect(given.blocks.count == 2)
    #expect(given.bytes == Array(String(repeating: "0123456789", count: 4).utf8.prefix(32)))
  }

  @Test func stoppedBeforeTheEndItGivesNothingMore() throws {
    let given = Blocks()
    let output = BackgroundOutput(
      sink: ByteSink { given.blocks.append([UInt8]($0)) }, blockSize: 16, depth: 2)
    try output.write("0123456789abcdef0123")
    output.stop()
    let count = given.blocks.count
    #expect(count <= 1)
    #expect(given.bytes == Array("0123456789abcdef".utf8.prefix(16 * count)))
  }
}
