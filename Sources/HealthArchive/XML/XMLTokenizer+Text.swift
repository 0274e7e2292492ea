/// The character data inside an element, for formats that keep values there (GPX's
/// `<ele>4.07</ele>`), as export.xml never does.
extension XMLTokenizer {
  /// Calls `body` with the text that follows the start tag just returned, up to the next markup,
  /// without the whitespace around it and with references decoded; reading then goes on from that
  /// markup. Text after a comment or a child element is not included.
  /// - Throws: `XMLError` for a broken reference or text larger than the largest tag accepted;
  ///   the stream's errors; whatever `body` throws.
  func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
    var i = start
    while true {
      while i < end && base[i] != UInt8(ascii: "<") { i += 1 }
      if i < end { break }
      let scanned = i - start
      let hasMore = try refill()  // which moves the bytes kept to the front
      i = start + scanned
      guard hasMore else { break }  // the caller's next `next()` reports the truncation
    }
    var first = start
    var last = i
    while first < last && isWhitespace(base[first]) { first += 1 }
    while last > first && isWhitespace(base[last - 1]) { last -= 1 }
    start = i
    var needsDecoding = false
    for index in first..<last where base[index] == UInt8(ascii: "&") {
      needsDecoding = true
      break
    }
    if !needsDecoding {
      return try body(UnsafeBufferPointer(start: base + first, count: last - first))
    }
    var decoded: [UInt8] = []
    var index = first
    while index < last {
      if base[index] == UInt8(ascii: "&") {
        index = try decodeReference(at: index, limit: last, into: &decoded)
      } else {
        decoded.append(base[index])
        index += 1
      }
    }
    return try decoded.withUnsafeBufferPointer { try body($0) }
  }

  @inline(__always)
  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
