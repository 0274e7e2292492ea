/// Whether `count` bytes at two addresses are equal: a word at a time, then byte by byte.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  var i = 0
  let rawA = UnsafeRawPointer(a)
  let rawB = UnsafeRawPointer(b)
  while i + 8 <= count {
    if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      != rawB.loadUnaligned(fromByteOffset: i, as: UInt64.self)
    {
      return false
    }
    i += 8
  }
  while i < count {
    if a[i] != b[i] { return false }
    i += 1
  }
  return true
}

/// Comparisons and searches over bytes in place, without making a `String`.
extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are exactly `text`.
  @inline(__always)
  func equals(_ text: StaticString) -> Bool {
    let length = text.utf8CodeUnitCount
    guard count == length else { return false }
    return length == 0 || memoryEqual(baseAddress!, text.utf8Start, length)
  }

  /// Whether the bytes are exactly `other`.
  @inline(__always)
  func equals(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    return count == 0 || memoryEqual(baseAddress!, other.baseAddress!, count)
  }

  /// Whether the bytes from `position` on begin with `prefix`.
  @inline(__always)
  func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard position >= 0, count - position >= length else { return false }
    return length == 0 || memoryEqual(baseAddress! + position, prefix.utf8Start, length)
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
