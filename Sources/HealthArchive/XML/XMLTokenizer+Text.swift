import SystemShim

/// The character data inside an element, for formats that keep values there (GPX's
/// `<ele>4.07</ele>`), as export.xml never does.
extension XMLTokenizer {
  /// Calls `body` with the text that follows the start tag just returned, up to the next markup,
  /// without the whitespace around it and with references decoded; reading then goes on from that
  /// markup. Text after a comment or a child element is not included.
  /// - Throws: `XMLError` for a broken reference or text larger than the largest tag accepted;
  ///   the stream's errors; whatever `body` throws.
  func withText<R>(_ body: (Span<UInt8>) throws -> R) throws -> R {
    var i = start
    while true {
      i = window.firstOffset(of: UInt8(ascii: "<"), from: i, to: end).map { i + $0 } ?? end
      if i < end { break }
      let scanned = i - start
      let hasMore = try refill()  // which moves the bytes kept to the front
      i = start + scanned
      guard hasMore else { break }  // the caller's next `next()` reports the truncation
    }
    var first = start
    var last = i
    while first < last && isWhitespace(window[first]) { first += 1 }
    while last > first && isWhitespace(window[last - 1]) { last -= 1 }
    start = i
    let needsDecoding = window.firstOffset(of: UInt8(ascii: "&"), from: first, to: last) != nil
    if !needsDecoding {
      return try window.withBytes(from: first, to: last, body)
    }
    var decoded: [UInt8] = []
    var index = first
    while index < last {
      if window[index] == UInt8(ascii: "&") {
        index = try decodeReference(at: index, limit: last, into: &decoded)
      } else {
        decoded.append(window[index])
        index += 1
      }
    }
    return try decoded.withSpan(body)
  }

  @inline(__always)
  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
