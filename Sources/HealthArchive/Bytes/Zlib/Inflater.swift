import CZlib
import SystemShim

/// A zlib stream that inflates raw deflate data (no zlib or gzip wrapper), as zip entries hold it.
///
/// The `z_stream` lives at a fixed heap address for the inflater's life, as zlib requires, and so
/// does the compressed input, which the inflater owns: it is filled through a span and inflated
/// into the caller's span.
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
  /// The compressed input; made at the first fill.
  private var input: ByteBlock?
  private let inputCapacity: Int

  /// Starts a raw inflate stream whose input is filled `inputCapacity` bytes at a time; nil when
  /// zlib cannot allocate its state.
  init?(inputCapacity: Int) {
    self.inputCapacity = max(inputCapacity, 1)
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

  /// Replaces the input, which must be used up, with the compressed bytes `fill` appends to an
  /// empty span of the input's size.
  /// - Returns: how many it appended.
  /// - Throws: what `fill` throws; the input is then empty.
  func fillInput<Failure: Error>(_ fill: (inout OutputRawSpan) throws(Failure) -> Void) throws(Failure) -> Int
  {
    precondition(pendingInput == 0, "the inflater's input is not used up")
    let block = input ?? ByteBlock(capacity: inputCapacity)
    input = block
    block.count = 0
    stream.pointee.avail_in = 0
    try block.fill(fill)
    stream.pointee.next_in = block.start.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_in = uInt(block.count)
    return block.count
  }

  /// Inflates into the free capacity of `output`, at most `limit` bytes of it (and at most
  /// `UInt32.max`).
  /// - Returns: how the call ended.
  func inflate(into output: inout OutputRawSpan, limit: Int) -> Outcome {
    let count = Int(min(UInt64(min(limit, output.freeCapacity)), UInt64(UInt32.max)))
    let result = output.withUnsafeMutableBytes { buffer, initialized in
      stream.pointee.next_out = buffer.baseAddress.map {
        ($0 + initialized).assumingMemoryBound(to: Bytef.self)
      }
      stream.pointee.avail_out = uInt(count)
      let result = CZlib.inflate(stream, Z_NO_FLUSH)
      initialized += count - Int(stream.pointee.avail_out)
      return result
    }
    switch result {
    case Z_OK: return .proceeding
    case Z_STREAM_END: return .finished
    case Z_BUF_ERROR: return .starved
    case Z_NEED_DICT: return .damaged("the deflate stream asks for a preset dictionary")
    case Z_MEM_ERROR: return .damaged("zlib ran out of memory")
    default:
      let words = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)"
      return .damaged("invalid deflate data (\(words))")
    }
  }

  /// Lets go of the input, once the stream has ended.
  func releaseInput() {
    stream.pointee.avail_in = 0
    input = nil
  }
}
