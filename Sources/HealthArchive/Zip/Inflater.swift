import CZlib

/// A zlib stream that inflates raw deflate data (no zlib or gzip wrapper), as zip entries hold it.
///
/// The `z_stream` lives at a fixed heap address for the inflater's life, as zlib requires.
final class Inflater {
  /// What one call to `inflate` ended with.
  enum Outcome: Equatable {
    /// Progress was made, or more input or output space is needed.
    case proceeding
    /// The end of the deflate stream was reached.
    case finished
    /// No progress was possible: the input is used up and the stream is not finished.
    case starved
    /// The data is not valid deflate; zlib's words.
    case damaged(String)
  }

  private let stream: UnsafeMutablePointer<z_stream>

  /// Starts a raw inflate stream; nil when zlib cannot allocate its state.
  init?() {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    guard czlib_inflateInit2(stream, -MAX_WBITS) == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      return nil
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// The bytes of the last input given that are not yet consumed.
  var pendingInput: Int { Int(stream.pointee.avail_in) }

  /// Gives the next `count` compressed bytes at `bytes`, which must stay valid until consumed.
  func setInput(_ bytes: UnsafeMutableRawPointer, count: Int) {
    stream.pointee.next_in = bytes.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_in = uInt(count)
  }

  /// Inflates into up to `count` bytes at `output` (at most `UInt32.max`).
  /// - Returns: the bytes written and how the call ended.
  func inflate(into output: UnsafeMutableRawPointer, count: Int) -> (Int, Outcome) {
    stream.pointee.next_out = output.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = uInt(count)
    let result = CZlib.inflate(stream, Z_NO_FLUSH)
    let produced = count - Int(stream.pointee.avail_out)
    switch result {
    case Z_OK: return (produced, .proceeding)
    case Z_STREAM_END: return (produced, .finished)
    case Z_BUF_ERROR: return (produced, .starved)
    case Z_NEED_DICT: return (produced, .damaged("the deflate stream asks for a preset dictionary"))
    case Z_MEM_ERROR: return (produced, .damaged("zlib ran out of memory"))
    default:
      let words = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)"
      return (produced, .damaged("invalid deflate data (\(words))"))
    }
  }
}
