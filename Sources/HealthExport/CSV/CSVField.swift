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
    let utf8 = text.utf8
    let neutralizes = !keepsRawText && utf8.first.map(startsFormula) == true
    let needsQuotes = utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
    }
    guard needsQuotes else {
      if neutralizes { buffer.append(UInt8(ascii: "'")) }
      buffer.append(contentsOf: utf8)
      return
    }
    buffer.append(UInt8(ascii: "\""))
    if neutralizes { buffer.append(UInt8(ascii: "'")) }
    for byte in utf8 {
      buffer.append(byte)
      if byte == UInt8(ascii: "\"") { buffer.append(byte) }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  /// Whether a field starting with `byte` would be run as a formula: `=`, `+`, `-`, `@`, a tab or a
  /// carriage return.
  static func startsFormula(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "@") || byte == 0x09 || byte == 0x0D
  }
}
