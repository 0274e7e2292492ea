import SystemShim

extension JSONReader {
  // MARK: - Content of the current key or string

  /// The current key or string, decoded; for a number, its exact text.
  package var stringValue: String {
    precondition(token == .key || token == .string || token == .number, "no key, string or number was read")
    return withContentBytes { String(utf8: $0) }
  }

  /// Whether the current key is exactly `key`, compared as bytes without making a `String`.
  package func keyEquals(_ key: StaticString) -> Bool {
    contentEquals(key)
  }

  /// Whether the current string value is exactly `text`, compared as bytes without making a
  /// `String`.
  package func stringEquals(_ text: StaticString) -> Bool {
    contentEquals(text)
  }

  /// Calls `body` with the decoded UTF-8 bytes of the current key or string, or the exact text of
  /// the current number, straight from the reader's buffer.
  /// - Parameter body: a closure that must not keep the bytes.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  package func withTokenBytes<Value, Failure: Error>(
    _ body: (Span<UInt8>) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    precondition(token == .key || token == .string || token == .number, "no key, string or number was read")
    return try withContentBytes(body)
  }

  func withContentBytes<Value, Failure: Error>(
    _ body: (Span<UInt8>) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if contentIsDecoded { return try decoded.withSpan(body) }
    return try window.withBytes(from: contentStart, to: contentEnd, body)
  }

  private func contentEquals(_ text: StaticString) -> Bool {
    if contentIsDecoded { return decoded.equals(text) }
    return window.bytes(from: contentStart, to: contentEnd, equal: text)
  }

  // MARK: - Scanning

  /// Scans the string whose opening quote is at `quote`, checking it whole: escapes, UTF-8, no raw
  /// control characters. Its content is then in `contentStart..<contentEnd`, or in `decoded` when
  /// it had escapes.
  /// - Returns: the position after the closing quote, or nil when the buffer ends inside the
  ///   string and more input may come.
  func scanString(at quote: Int) throws -> Int? {
    let end = self.end
    var i = quote + 1
    while true {
      // The first byte the scan must look at, and where it is.
      let (stop, byte) = window.withBytes(from: 0, to: end) { [i] bytes in
        let stop = JSONStringEscaping.firstEscape(in: bytes, from: i, orNonASCII: true)
        return (stop, stop < bytes.count ? bytes[stop] : 0)
      }
      i = stop
      guard i < end else { return try incompleteString(at: quote) }
      if byte == UInt8(ascii: "\"") {
        contentStart = quote + 1
        contentEnd = i
        contentIsDecoded = false
        return i + 1
      }
      if byte == UInt8(ascii: "\\") { return try scanEscapedString(at: quote, from: i) }
      if byte < 0x20 { throw error(.controlCharacterInString(byte), at: i) }
      let length = window.withBytes(from: 0, to: end) { [i] in Self.utf8SequenceLength($0, at: i) }
      if length > 0 {
        i += length
      } else if length == 0 {
        throw error(.invalidUTF8, at: i)
      } else {
        return try incompleteString(at: quote)
      }
    }
  }

  /// The rest of a string from its first backslash at `first`, decoded into `decoded`.
  private func scanEscapedString(at quote: Int, from first: Int) throws -> Int? {
    let end = self.end
    decoded.removeAll(keepingCapacity: true)
    window.appendBytes(from: quote + 1, to: first, to: &decoded)
    var i = first
    while true {
      guard i < end else { return try incompleteString(at: quote) }
      let byte = window[i]
      if byte == UInt8(ascii: "\"") {
        contentIsDecoded = true
        return i + 1
      }
      if byte == UInt8(ascii: "\\") {
        guard i + 1 < end else { return try incompleteString(at: quote) }
        let escaped = window[i + 1]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
          decoded.append(escaped)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
          guard let next = try decodeUnicodeEscape(at: i) else { return try incompleteString(at: quote) }
          i = next
          continue
        default:
          let shown =
            escaped >= 0x21 && escaped < 0x7F
            ? String(Character(Unicode.Scalar(escaped)))
            : "(byte 0x\(String(escaped, radix: 16, uppercase: true)))"
          throw error(.invalidEscape("\\" + shown), at: i)
        }
        i += 2
        continue
      }
      if byte < 0x20 { throw error(.controlCharacterInString(byte), at: i) }
      if byte < 0x80 {
        decoded.append(byte)
        i += 1
        continue
      }
      let length = window.withBytes(from: 0, to: end) { [i] in Self.utf8SequenceLength($0, at: i) }
      if length == 0 { throw error(.invalidUTF8, at: i) }
      if length < 0 { return try incompleteString(at: quote) }
      window.appendBytes(from: i, to: i + length, to: &decoded)
      i += length
    }
  }

  /// Decodes `\uXXXX` at `i`, or a surrogate pair `\uD83D\uDD5B`, into `decoded`.
  /// - Returns: the position after it, or nil when the buffer ends first.
  private func decodeUnicodeEscape(at i: Int) throws -> Int? {
    guard i + 6 <= end else { return nil }
    guard let unit = hexQuad(at: i + 2) else { throw error(.invalidEscape(escapeText(at: i)), at: i) }
    var scalarValue = unit
    var next = i + 6
    if unit >= 0xDC00 && unit <= 0xDFFF {
      throw error(.loneSurrogate(escapeText(at: i)), at: i)
    }
    if unit >= 0xD800 && unit <= 0xDBFF {
      guard i + 7 <= end else { return nil }
      guard window[i + 6] == UInt8(ascii: "\\") else { throw error(.loneSurrogate(escapeText(at: i)), at: i) }
      guard i + 8 <= end else { return nil }
      guard window[i + 7] == UInt8(ascii: "u") else { throw error(.loneSurrogate(escapeText(at: i)), at: i) }
      guard i + 12 <= end else { return nil }
      guard let low = hexQuad(at: i + 8) else {
        throw error(.invalidEscape(escapeText(at: i + 6)), at: i + 6)
      }
      guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.loneSurrogate(escapeText(at: i)), at: i) }
      scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      next = i + 12
    }
    if scalarValue == 0 && !allowsNUL { throw error(.nulInString, at: i) }
    // Every value outside the surrogates is a scalar.
    let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
    decoded.append(contentsOf: scalar.utf8)
    return next
  }

  /// The value of four hex digits at `i`, or nil.
  private func hexQuad(at i: Int) -> UInt32? {
    var value: UInt32 = 0
    for j in i..<(i + 4) {
      let byte = window[j]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The text of the `\u` escape at `i` for a message: up to six printable bytes, up to the next
  /// backslash or quote.
  private func escapeText(at i: Int) -> String {
    var j = i
    while j < end && j - i < 6 && window[j] >= 0x20 && window[j] < 0x7F {
      if j > i && (window[j] == UInt8(ascii: "\\") || window[j] == UInt8(ascii: "\"")) { break }
      j += 1
    }
    return window.text(from: i, to: j)
  }

  /// Nil while more input may come; an error when the input has ended inside the string.
  private func incompleteString(at quote: Int) throws -> Int? {
    if isAtEndOfStream { throw error(.unterminatedString, at: quote) }
    return nil
  }

  /// The length of the well-formed UTF-8 sequence at `i` of `p` (Unicode Table 3-7: no overlong
  /// forms, no surrogates, nothing above U+10FFFF); 0 when it is not one; -1 when the bytes end
  /// first.
  static func utf8SequenceLength(_ p: Span<UInt8>, at i: Int) -> Int {
    let end = p.count
    let lead = p[i]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard i + 1 < end else { return -1 }
    guard p[i + 1] >= low && p[i + 1] <= high else { return 0 }
    var j = 2
    while j < length {
      guard i + j < end else { return -1 }
      guard p[i + j] & 0xC0 == 0x80 else { return 0 }
      j += 1
    }
    return length
  }
}
