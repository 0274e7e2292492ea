#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// Searches over memory with the C library's vectorised `memchr`.
package enum MemorySearch {
  /// The offset from `start` of the first `byte` among the `count` bytes there, or nil.
  @inlinable
  package static func firstOffset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
    guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
    return UnsafeRawPointer(found) - start
  }
}
