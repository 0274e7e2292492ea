import SystemShim
import Testing

@testable import HealthArchive

/// What a check of a file's kind reads: the first bytes of a stream, however the stream hands
/// them out.
@Suite struct ByteStreamTests {
  /// A stream that hands out at most `step` bytes a read.
  final class Trickle: ByteStream {
    let name = "trickle"
    private var bytes: ArraySlice<UInt8>
    private let step: Int

    init(_ bytes: [UInt8], step: Int) {
      self.bytes = bytes[...]
      self.step = step
    }

    func read(into output: inout OutputRawSpan) throws {
      let count = min(step, output.freeCapacity, bytes.count)
      for byte in bytes.prefix(count) { output.append(byte) }
      bytes = bytes.dropFirst(count)
    }
  }

  @Test(arguments: [1, 3, 16, 100])
  func thePrefixIsReadWholeInPieces(step: Int) throws {
    let header = Array("SQLite format 3\u{0}and the rest".utf8)
    #expect(try Trickle(header, step: step).readPrefix(16) == Array("SQLite format 3\u{0}".utf8))
    // A stream shorter than asked gives what it has; nothing asked gives nothing.
    #expect(try Trickle(Array("PK".utf8), step: step).readPrefix(16) == Array("PK".utf8))
    #expect(try Trickle(header, step: step).readPrefix(0) == [])
  }

  @Test func bytesContainATextAnywhere() {
    let bytes = Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">".utf8)
    #expect(bytes.contains("<HealthData"))
    #expect(!bytes.contains("<!DOCTYPE HealthData"))
    #expect(![UInt8]().contains("<"))
  }

  @Test func aDecimalIsReadFromPartOfAnArray() {
    let line = Array("x,-107.825\n".utf8)
    #expect(ValueParsing.decimal(line[2..<10]) == -107.825)
    #expect(ValueParsing.decimal(line[0..<1]) == nil)
  }
}
