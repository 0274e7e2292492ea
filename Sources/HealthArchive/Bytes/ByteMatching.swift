/// Whether `count` bytes at two addresses are equal: a word at a time, the last word (or, below
/// eight bytes, the last half or quarter word) overlapping the one before it rather than a loop
/// over the bytes left.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  let rawA = UnsafeRawPointer(a)
  let rawB = UnsafeRawPointer(b)
  if count >= 8 {
    var i = 0
    while i + 8 < count {
      if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        != rawB.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      {
        return false
      }
      i += 8
    }
    return rawA.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      == rawB.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
  if count >= 4 {
    return rawA.loadUnaligned(as: UInt32.self) == rawB.loadUnaligned(as: UInt32.self)
      && rawA.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        == rawB.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
  }
  if count >= 2 {
    return rawA.loadUnaligned(as: UInt16.self) == rawB.loadUnaligned(as: UInt16.self)
      && rawA.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
        == rawB.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
  }
  return count == 0 || a[0] == b[0]
}

/// How many of the first `count` bytes at two addresses are equal before the first pair that
/// differs (`count` when none does): a word at a time, the first difference found from the lowest
/// set bit of the words' exclusive or.
@inline(__always)
func commonPrefixLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
  var i = 0
  while i + 8 <= count {
    let difference = ByteWords.load(a, at: i) ^ ByteWords.load(b, at: i)
    if difference != 0 { return i + difference.trailingZeroBitCount / 8 }
    i += 8
  }
  while i < count && a[i] == b[i] { i += 1 }
  return i
}

/// Comparisons and searches over bytes in place, without making a `String`.
extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are exactly `text`.
  @inline(__always)
  func equals(_ text: StaticString) -> Bool {
    let length = text.utf8CodeUnitCount
    guard count == length else { return false }
    guard length > 0, let base = baseAddress else { return length == 0 }
    return memoryEqual(base, text.utf8Start, length)
  }

  /// Whether the bytes are exactly `other`.
  @inline(__always)
  func equals(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard count > 0, let base = baseAddress, let otherBase = other.baseAddress else { return count == 0 }
    return memoryEqual(base, otherBase, count)
  }

  /// Whether the bytes are exactly `other`.
  @inline(__always)
  func equals(_ other: [UInt8]) -> Bool {
    other.withUnsafeBufferPointer { equals($0) }
  }

  /// Whether the bytes from `position` on begin with `prefix`.
  @inline(__always)
  func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard position >= 0, count - position >= length else { return false }
    guard length > 0, let base = baseAddress else { return length == 0 }
    return memoryEqual(base + position, prefix.utf8Start, length)
  }

  /// The first position at or after `start` where `needle` begins, or nil when the bytes end
  /// first.
  func firstIndex(of needle: StaticString, from start: Int) -> Int? {
    let length = needle.utf8CodeUnitCount
    guard length > 0, let base = baseAddress else { return nil }
    let first = needle.utf8Start[0]
    var i = Swift.max(start, 0)
    while i + length <= count {
      if base[i] == first && memoryEqual(base + i, needle.utf8Start, length) { return i }
      i += 1
    }
    return nil
  }

  /// The bytes `start..<end`, a view of the same memory.
  @inline(__always)
  func slice(from start: Int, to end: Int) -> UnsafeBufferPointer<UInt8> {
    precondition(0 <= start && start <= end && end <= count, "byte range out of bounds")
    return UnsafeBufferPointer(rebasing: self[start..<end])
  }
}

extension Span where Element == UInt8 {
  /// Whether the bytes are exactly `other`.
  @inline(__always)
  func equals(_ other: [UInt8]) -> Bool {
    withUnsafeBufferPointer { bytes in other.withUnsafeBufferPointer { bytes.equals($0) } }
  }
}

extension Array where Element == UInt8 {
  /// Whether the bytes are exactly `text`.
  @inline(__always)
  func equals(_ text: StaticString) -> Bool {
    withUnsafeBufferPointer { $0.equals(text) }
  }

  /// Whether `needle` occurs anywhere in the bytes.
  package func contains(_ needle: StaticString) -> Bool {
    withUnsafeBufferPointer { $0.firstIndex(of: needle, from: 0) != nil }
  }
}
