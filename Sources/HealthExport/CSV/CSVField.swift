/// A field of a CSV line, quoted as RFC 4180 says where it must be: only a field holding a
/// comma, a double quote, CR or LF is wrapped in double quotes, inner quotes doubled.
enum CSVField {
  /// Appends `text` as one field (no separator).
  static func append(_ text: String, to buffer: inout [UInt8]) {
    let utf8 = text.utf8
    let needsQuotes = utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
    }
    guard needsQuotes else {
      buffer.append(contentsOf: utf8)
      return
    }
    buffer.append(UInt8(ascii: "\""))
    for byte in utf8 {
      buffer.append(byte)
      if byte == UInt8(ascii: "\"") { buffer.append(byte) }
    }
    buffer.append(UInt8(ascii: "\""))
  }
}
