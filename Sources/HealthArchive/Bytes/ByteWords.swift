/// Tests on eight bytes at a time, for the scanning loops that look for a few byte values in long
/// runs of ordinary ones (attribute values). Each test sets the high bit of every byte of the word
/// that passes it and no other bit, with no false positives, so the lowest set bit names the first
/// such byte.
package enum ByteWords {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// The eight bytes at `offset` as one word, the first byte lowest.
  @inline(__always)
  package static func load(_ p: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The eight bytes at `offset` of `bytes` as one word, the first byte lowest; they must all be
  /// in `bytes`.
  @inline(__always)
  package static func load(_ bytes: Span<UInt8>, at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset + 8 <= bytes.count, "a word inside the bytes")
    return bytes.withUnsafeBufferPointer { buffer in
      UInt64(
        littleEndian: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(
          fromByteOffset: offset, as: UInt64.self))
    }
  }

  /// The high bit of each byte of `word` that is zero.
  @inline(__always)
  package static func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & low) &+ low) | word | low)
  }

  /// The high bit of each byte of `word` that is `byte`.
  @inline(__always)
  package static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
    zeroBytes(word ^ (ones &* UInt64(byte)))
  }

  /// The high bit of each byte of `word` below 0x20: a control character, NUL included.
  @inline(__always)
  package static func controlBytes(_ word: UInt64) -> UInt64 {
    // A byte's low seven bits plus 0x60 reach 0x80 unless they are below 0x20; no carry leaves
    // the byte (0x7F + 0x60 < 0x100).
    ~(((word & low) &+ (ones &* 0x60)) | word) & ~low
  }

  /// The position of the first byte from `from` up to `end` that an attribute value scan must
  /// look at: its closing `quote`, `<`, `&` or a control character (NUL included); `end` when
  /// there is none. (The other quote is ordinary inside a value.)
  static func firstValueStop(_ p: UnsafePointer<UInt8>, from: Int, end: Int, quote: UInt8) -> Int {
    var i = from
    while i + 8 <= end {
      let word = load(p, at: i)
      let found =
        bytes(word, equalTo: quote) | bytes(word, equalTo: UInt8(ascii: "<"))
        | bytes(word, equalTo: UInt8(ascii: "&")) | controlBytes(word)
      if found != 0 { return i + found.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < end {
      let byte = p[i]
      if byte == quote || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte < 0x20 { return i }
      i += 1
    }
    return end
  }
}
