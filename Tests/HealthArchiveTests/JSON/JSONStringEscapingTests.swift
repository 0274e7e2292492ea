import SystemShim
import Testing

@testable import HealthArchive

@Suite struct JSONStringEscapingTests {
  /// The byte-by-byte rule the word-at-a-time scan must agree with.
  static func mustEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  @Test func theFirstByteToEscapeIsFoundWhereverItIsAndWhateverItIs() {
    // Every byte value at every place of a 19-byte run of plain bytes (two words and a tail),
    // scanned from every start.
    for value in 0...255 {
      for place in 0..<19 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
        bytes[place] = UInt8(value)
        bytes.withSpan { buffer in
          for start in 0...19 {
            let expected = Self.mustEscape(UInt8(value)) && place >= start ? place : 19
            #expect(
              JSONStringEscaping.firstEscape(in: buffer, from: start) == expected,
              "byte \(value) at \(place) from \(start)")
            // The string scan of the reader stops at these bytes too, and at every byte of a
            // multi-byte sequence, which it checks.
            let stops = Self.mustEscape(UInt8(value)) || value >= 0x80
            #expect(
              JSONStringEscaping.firstEscape(in: buffer, from: start, orNonASCII: true)
                == (stops && place >= start ? place : 19),
              "byte \(value) at \(place) from \(start)")
          }
        }
      }
    }
  }

  @Test func plainBytesAroundEscapesNeverStopTheScan() {
    // Bytes just past the ones that must be escaped: 0x20, `#`, `]`, and high bytes of UTF-8.
    let bytes: [UInt8] = [0x20, 0x23, 0x5D, 0x21, 0x5B, 0x7F, 0x80, 0xFF, 0xE2, 0x80, 0x99, 0x1F]
    bytes.withSpan { buffer in
      #expect(JSONStringEscaping.firstEscape(in: buffer, from: 0) == 11)
      #expect(JSONStringEscaping.firstEscape(in: buffer.extracting(0..<11), from: 0) == 11)
    }
  }

  @Test(arguments: [
    ("plain text that runs past eight bytes", "\"plain text that runs past eight bytes\""),
    ("Jane’s \"Watch\"\\\n\t\u{01}end", "\"Jane’s \\\"Watch\\\"\\\\\\n\\t\\u0001end\""),
    ("", "\"\""),
    ("\u{1F}", "\"\\u001f\""),
  ])
  func stringsAreQuotedWithWhatMustBeEscapedEscaped(text: String, expected: String) {
    var bytes: [UInt8] = []
    JSONStringEscaping.appendQuoted(text, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }
}
