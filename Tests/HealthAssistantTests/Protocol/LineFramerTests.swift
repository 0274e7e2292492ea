import Testing

@testable import HealthAssistant

@Suite struct LineFramerTests {
  /// The lines `chunks` make, fed one after another.
  private func lines(_ chunks: [String], limit: Int = 1000) -> [LineFramer.Line] {
    var framer = LineFramer(maximumLineLength: limit)
    var lines: [LineFramer.Line] = []
    for chunk in chunks {
      framer.append(Array(chunk.utf8)) { lines.append($0) }
    }
    framer.finish { lines.append($0) }
    return lines
  }

  private func message(_ text: String) -> LineFramer.Line { .message(Array(text.utf8)) }

  @Test func aLineSplitOverManyReadsIsOneMessage() {
    #expect(lines(["{\"a\"", ":1", "}\n"]) == [message("{\"a\":1}")])
    let text = "{\"method\":\"ping\"}\n"
    #expect(lines(text.map { String($0) }) == [message("{\"method\":\"ping\"}")])
  }

  @Test func manyLinesInOneReadAreSeparateMessages() {
    #expect(lines(["1\n2\n3\n"]) == [message("1"), message("2"), message("3")])
    #expect(lines(["1\n2", "2\n3\n"]) == [message("1"), message("22"), message("3")])
  }

  @Test func carriageReturnsBeforeLineFeedsAndBlankLinesAreDropped() {
    #expect(lines(["a\r\n", "\n", "  \t\n", "\r\n", "b\r", "\n"]) == [message("a"), message("b")])
  }

  @Test func theLastLineNeedsNoLineFeed() {
    #expect(lines(["a\nb"]) == [message("a"), message("b")])
    #expect(lines(["a\n"]) == [message("a")])
    #expect(lines([]) == [])
  }

  @Test func aLineOverTheLimitIsDroppedAndReportedWithItsLength() {
    #expect(lines(["12345", "6789\nok\n"], limit: 8) == [.tooLong(byteCount: 9), message("ok")])
    #expect(lines(["123456789"], limit: 8) == [.tooLong(byteCount: 9)])
    #expect(lines(["12345678\n"], limit: 8) == [message("12345678")])
  }

  @Test func aMessageOfMoreThanOneMegabyteIsKept() {
    let big = String(repeating: "x", count: 1_500_000)
    let chunks = stride(from: 0, to: big.count, by: 65_536).map { start in
      String(big.dropFirst(start).prefix(65_536))
    }
    #expect(lines(chunks + ["\n"], limit: 16 << 20) == [message(big)])
  }
}
