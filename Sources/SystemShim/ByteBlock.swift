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

  /// Runs `body` on the filled bytes.
  @inlinable
  package func withFilledBytes<Value, Failure: Error>(
    _ body: (RawSpan) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try body(RawSpan(_unsafeBytes: UnsafeRawBufferPointer(start: start, count: count)))
  }

  /// Appends to the filled bytes what `fill` appends to a span of the free ones.
  @inlinable
  package func fill<Failure: Error>(_ fill: (inout OutputRawSpan) throws(Failure) -> Void) throws(Failure) {
    let free = UnsafeMutableRawBufferPointer(start: start + count, count: capacity - count)
    var output = OutputRawSpan(buffer: free, initializedCount: 0)
    do {
      try fill(&output)
    } catch {
      count += output.finalize(for: free)
      throw error
    }
    count += output.finalize(for: free)
  }
}
