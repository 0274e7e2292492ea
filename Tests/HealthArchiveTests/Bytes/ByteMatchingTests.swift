import Testing

@testable import HealthArchive

@Suite struct ByteMatchingTests {
  /// Equal bytes of every length up to 40 are equal, and one byte different at any place of them
  /// makes them different (the words overlap at the end, and below eight bytes half words).
  @Test func memoryIsEqualOnlyWhereEveryByteIs() {
    for length in 0...40 {
      let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      a.withUnsafeBufferPointer { left in
        let base = left.baseAddress ?? UnsafePointer(bitPattern: 1)!
        var b = a
        b.withUnsafeBufferPointer { #expect(memoryEqual(base, $0.baseAddress ?? base, length)) }
        for place in 0..<length {
          b = a
          b[place] ^= 0x40
          b.withUnsafeBufferPointer { right in
            #expect(!memoryEqual(base, right.baseAddress!, length), "byte \(place) of \(length)")
          }
        }
      }
    }
  }

  /// The shared prefix of equal bytes of every length up to 40 is all of them, and with one byte
  /// different at any place it ends there.
  @Test func theCommonPrefixEndsAtTheFirstDifference() {
    for length in 0...40 {
      let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      a.withUnsafeBufferPointer { left in
        let base = left.baseAddress ?? UnsafePointer(bitPattern: 1)!
        a.withUnsafeBufferPointer {
          #expect(commonPrefixLength(base, $0.baseAddress ?? base, length) == length)
        }
        for place in 0..<length {
          var b = a
          b[place] ^= 0x01
          b.withUnsafeBufferPointer { right in
            #expect(
              commonPrefixLength(base, right.baseAddress!, length) == place, "byte \(place) of \(length)")
            #expect(commonPrefixLength(base, right.baseAddress!, place) == place)
          }
        }
      }
    }
  }

  @Test(arguments: [
    ("", "", true), ("a", "a", true), ("a", "b", false), ("unit", "unit", true), ("unit", "uniT", false),
    ("sourceName", "sourceName", true), ("sourceName", "sourceNamf", false),
    ("sourceName", "tourceName", false),
  ])
  func bytesEqualText(bytes: String, text: String, equal: Bool) {
    let view = Array(bytes.utf8)
    let other = Array(text.utf8)
    view.withUnsafeBufferPointer { v in
      other.withUnsafeBufferPointer { o in #expect(v.equals(o) == equal) }
    }
  }
}
