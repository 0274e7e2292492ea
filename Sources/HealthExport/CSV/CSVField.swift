import HealthArchive
import SystemShim

/// A field of a CSV line, quoted as RFC 4180 says where it must be: only a field holding a
/// comma, a double quote, CR or LF is wrapped in double quotes, inner quotes doubled.
///
/// A text field that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`,
/// a tab or a carriage return, such as a source named `=HYPERLINK(…)`) is written after a `'`
/// unless the raw text is asked for, as OWASP's advice on CSV injection says; numbers and dates are
/// never written through here.
enum CSVField {
  /// Appends `text` as one field (no separator).
  /// - Parameters:
  ///   - text: the field's text.
  ///   - keepsRawText: whether a field that starts like a formula is written as it is.
  ///   - buffer: what the field is appended to.
  static func append(_ text: String, keepsRawText: Bool = false, to buffer: inout [UInt8]) {
    text.withUTF8Span { append($0, keepsRawText: keepsRawText, to: &buffer) }
  }

  /// Appends the UTF-8 bytes `utf8` as one field (no separator), as `append(_:keepsRawText:to:)`.
  static func append(_ utf8: Span<UInt8>, keepsRawText: Bool = false, to buffer: inout [UInt8]) {
    let neutralizes = !keepsRawText && !utf8.isEmpty && startsFormula(utf8[0])
    guard needsQuotes(utf8) else {
      if neutralizes { buffer.append(UInt8(ascii: "'")) }
      buffer.append(utf8)
      return
    }
    buffer.append(UInt8(ascii: "\""))
    if neutralizes { buffer.append(UInt8(ascii: "'")) }
    for index in utf8.indices {
      let byte = utf8[index]
      buffer.append(byte)
      if byte == UInt8(ascii: "\"") { buffer.append(byte) }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  /// The bytes of `text` as one field, as `append(_:keepsRawText:to:)` writes it.
  static func bytes(_ text: String, keepsRawText: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    append(text, keepsRawText: keepsRawText, to: &bytes)
    return bytes
  }

  /// Whether `utf8` holds a comma, a double quote, CR or LF, looked for eight bytes at a time.
  static func needsQuotes(_ utf8: Span<UInt8>) -> Bool {
    let count = utf8.count
    var i = 0
    while i + 8 <= count {
      let word = ByteWords.load(utf8, at: i)
      let found =
        ByteWords.bytes(word, equalTo: UInt8(ascii: ",")) | ByteWords.bytes(word, equalTo: UInt8(ascii: "\""))
        | ByteWords.bytes(word, equalTo: 0x0A) | ByteWords.bytes(word, equalTo: 0x0D)
      if found != 0 { return true }
      i += 8
    }
    while i < count {
      let byte = utf8[i]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
        return true
      }
      i += 1
    }
    return false
  }

  /// Whether a field starting with `byte` would be run as a formula: `=`, `+`, `-`, `@`, a tab or a
  /// carriage return.
  static func startsFormula(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "@") || byte == 0x09 || byte == 0x0D
  }
}
