import SystemShim

/// Writing a string as JSON: quoted, with what must be escaped escaped.
package enum JSONStringEscaping {
  /// Appends `text` as a JSON string: in quotes, with `"`, `\` and control characters escaped and
  /// everything else as raw UTF-8.
  package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    text.withUTF8Span { appendQuoted($0, to: &bytes) }
  }

  /// Appends the UTF-8 bytes `utf8` as a JSON string, as `appendQuoted(_:to:)` appends a string.
  static func appendQuoted(_ utf8: Span<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    let count = utf8.count
    var i = firstEscape(in: utf8, from: 0)
    while i < count {
      if i > runStart {
        bytes.append(utf8.extracting(runStart..<i))
      }
      appendEscape(of: utf8[i], to: &bytes)
      runStart = i + 1
      i = firstEscape(in: utf8, from: runStart)
    }
    if count > runStart {
      bytes.append(utf8.extracting(runStart..<count))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The index of the first byte from `start` that must be escaped (`"`, `\` or a control
  /// character), or with `orNonASCII` a byte of a multi-byte UTF-8 sequence (which the reader's
  /// string scan checks), or `count`: eight bytes at a time, with `ByteWords`' exact tests.
  @inline(__always)
  static func firstEscape(in bytes: Span<UInt8>, from start: Int, orNonASCII: Bool = false) -> Int {
    let highBits: UInt64 = orNonASCII ? 0x8080_8080_8080_8080 : 0
    var i = start
    let count = bytes.count
    while i + 8 <= count {
      let word = ByteWords.load(bytes, at: i)
      let found =
        ByteWords.controlBytes(word) | (word & highBits) | ByteWords.bytes(word, equalTo: UInt8(ascii: "\""))
        | ByteWords.bytes(word, equalTo: UInt8(ascii: "\\"))
      if found != 0 { return i + found.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < count {
      let byte = bytes[i]
      if byte < 0x20 || (orNonASCII && byte >= 0x80) || byte == UInt8(ascii: "\"")
        || byte == UInt8(ascii: "\\")
      {
        return i
      }
      i += 1
    }
    return count
  }

  private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    default:
      let hex: StaticString = "0123456789abcdef"
      bytes.append(UInt8(ascii: "u"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(hex.utf8Start[Int(byte >> 4)])
      bytes.append(hex.utf8Start[Int(byte & 0x0F)])
    }
  }
}
