/// Bytes that readers open at offsets, several at once (`ChunkedXMLReading`): a file or bytes in
/// memory, read again from where they lie, or an archive's entry, inflated once into a window that
/// its readers share (`SharedByteWindow`).
package protocol OffsetByteSource {
  /// A stream of the bytes from `offset` on.
  /// - Throws: when they cannot be read from there.
  func open(at offset: Int64) throws -> any ByteStream

  /// Says that no stream will be opened before `offset` any more, so that what is held of the
  /// bytes before it (and not read by a stream still open) can go.
  func release(before offset: Int64)
}

/// Bytes read again from where they lie, at any offset: a file, bytes in memory. Nothing is held,
/// so nothing is released.
struct ReopenedBytes: OffsetByteSource {
  let opening: (Int64) throws -> any ByteStream

  func open(at offset: Int64) throws -> any ByteStream { try opening(offset) }

  func release(before offset: Int64) {}
}
