/// Writing a string as JSON: quoted, with what must be escaped escaped.
enum JSONStringEscaping {
  /// Appends `text` as a JSON string: in quotes, with `"`, `\` and control characters escaped and
  /// everything else as raw UTF-8.
  static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      guard let base = utf8.baseAddress else {
        bytes.append(UInt8(ascii: "\""))
        return
      }
      var runStart = 0
      var i = 0
      let count = utf8.count
      while i < count {
        let byte = base[i]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          if i > runStart {
            bytes.append(contentsOf: utf8.slice(from: runStart, to: i))
          }
          appendEscape(of: byte, to: &bytes)
          runStart = i + 1
        }
        i += 1
      }
      if count > runStart {
        bytes.append(contentsOf: utf8.slice(from: runStart, to: count))
      }
      bytes.append(UInt8(ascii: "\""))
    }
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
