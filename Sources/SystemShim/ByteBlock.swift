/// A block of memory the library owns for bytes on their way between two threads (a buffer read
/// ahead, a block of an output): allocated once, aligned for vector copies, freed with its last
/// reference; `count` says how much of it is filled.
package final class ByteBlock {
  /// Where the block starts.
  package let start: UnsafeMutableRawPointer
  /// Its size in bytes.
  package let capacity: Int
  /// The bytes filled, from the start.
  package var count = 0

  /// A block of `capacity` bytes, none filled.
  package init(capacity: Int) {
    start = .allocate(byteCount: capacity, alignment: 16)
    self.capacity = capacity
  }

  deinit { start.deallocate() }
}
