import CZlib

/// A zlib stream that deflates into raw deflate data (no zlib or gzip wrapper), as zip entries
/// hold it. The same input and zlib version always give the same bytes.
///
/// The `z_stream` lives at a fixed heap address for the deflater's life, as zlib requires.
final class Deflater {
  private let stream: UnsafeMutablePointer<z_stream>

  /// Starts a raw deflate stream at `level` (0–9); nil when zlib cannot allocate its state.
  init?(level: Int32 = 6) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let result = czlib_deflateInit2(stream, level, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY)
    guard result == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      return nil
    }
  }

  deinit {
    deflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// The bytes of the last input given that are not yet consumed.
  var pendingInput: Int { Int(stream.pointee.avail_in) }

  /// Gives the next `count` bytes at `bytes`, which must stay valid until consumed.
  func setInput(_ bytes: UnsafeMutableRawPointer, count: Int) {
    stream.pointee.next_in = bytes.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_in = uInt(count)
  }

  /// Deflates pending input into up to `count` bytes at `output`; with `finishing`, also flushes
  /// everything and ends the stream.
  /// - Returns: the bytes written, and whether the stream has ended (only when `finishing`).
  func deflate(into output: UnsafeMutableRawPointer, count: Int, finishing: Bool) -> (Int, Bool) {
    stream.pointee.next_out = output.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = uInt(count)
    let result = CZlib.deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
    // With valid arguments deflate only returns Z_OK, Z_STREAM_END or Z_BUF_ERROR (no progress
    // possible, harmless); anything else is a bug here.
    precondition(result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR)
    return (count - Int(stream.pointee.avail_out), result == Z_STREAM_END)
  }
}
