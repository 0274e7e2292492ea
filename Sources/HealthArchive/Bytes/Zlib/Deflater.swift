import CZlib
import SystemShim

/// A zlib stream that deflates into raw deflate data (no zlib or gzip wrapper), as zip entries
/// hold it, or into a gzip member (RFC 1952), as Parquet's GZIP pages hold it. The same input and
/// zlib version always give the same bytes.
///
/// The `z_stream` lives at a fixed heap address for the deflater's life, as zlib requires; the
/// compressed bytes are made in a chunk the deflater owns and handed out as spans.
final class Deflater {
  /// What wraps the deflate data.
  enum Wrapper {
    /// None: raw deflate data, as a zip entry holds it.
    case none
    /// A gzip header and trailer (RFC 1952).
    case gzip

    /// zlib's `windowBits` for a 32 KiB window with this wrapper.
    var windowBits: Int32 {
      switch self {
      case .none: -MAX_WBITS
      case .gzip: MAX_WBITS + 16
      }
    }
  }

  private let stream: UnsafeMutablePointer<z_stream>
  private let chunk: ByteBlock

  /// Starts a deflate stream at `level` (0–9) with `wrapper` around its data, that hands out
  /// compressed bytes up to `chunkSize` at a time; nil when zlib cannot allocate its state.
  init?(level: Int32 = 6, chunkSize: Int, wrapper: Wrapper = .none) {
    chunk = ByteBlock(capacity: max(chunkSize, 64))
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let result = czlib_deflateInit2(stream, level, wrapper.windowBits, 8, Z_DEFAULT_STRATEGY)
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

  /// Deflates all of `input`, handing each chunk of compressed bytes to `emit` as it fills.
  /// - Throws: what `emit` throws.
  func deflate<Failure: Error>(
    _ input: RawSpan, emit: (RawSpan) throws(Failure) -> Void
  ) throws(Failure) {
    guard !input.isEmpty else { return }
    try input.withUnsafeBytes { (bytes) throws(Failure) in
      // zlib only reads its input.
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(bytes.count)
      defer {
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
      }
      repeat {
        _ = try step(finishing: false, emit: emit)
      } while stream.pointee.avail_in > 0
    }
  }

  /// Flushes everything and ends the stream, handing the last compressed bytes to `emit`.
  /// - Throws: what `emit` throws.
  func finish<Failure: Error>(emit: (RawSpan) throws(Failure) -> Void) throws(Failure) {
    stream.pointee.next_in = nil
    stream.pointee.avail_in = 0
    while try !step(finishing: true, emit: emit) {}
  }

  /// Starts a new stream with the same settings, after `finish`: cheaper than a new deflater.
  func reset() {
    // With a valid stream deflateReset only returns Z_OK.
    let result = deflateReset(stream)
    precondition(result == Z_OK)
  }

  /// Deflates pending input into the chunk and hands what it made to `emit`; with `finishing`,
  /// also flushes and ends the stream.
  /// - Returns: whether the stream has ended (only when `finishing`).
  private func step<Failure: Error>(
    finishing: Bool, emit: (RawSpan) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    stream.pointee.next_out = chunk.start.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = uInt(chunk.capacity)
    let result = CZlib.deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
    // With valid arguments deflate only returns Z_OK, Z_STREAM_END or Z_BUF_ERROR (no progress
    // possible, harmless); anything else is a bug here.
    precondition(result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR)
    chunk.count = chunk.capacity - Int(stream.pointee.avail_out)
    if chunk.count > 0 { try chunk.withFilledBytes(emit) }
    return result == Z_STREAM_END
  }
}
