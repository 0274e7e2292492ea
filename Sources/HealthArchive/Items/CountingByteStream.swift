/// A stream that counts the bytes read through it, tells an observer after each read, and stops
/// reading once its job is cancelled.
package final class CountingByteStream: ByteStream {
  private let base: any ByteStream
  private let totalBytes: Int64?
  private let observer: (any ProgressObserver)?
  private let cancellation: CancellationFlag?
  /// The bytes read so far.
  package private(set) var bytesRead: Int64 = 0

  /// A stream over `base`.
  /// - Parameters:
  ///   - base: the stream read.
  ///   - totalBytes: how many bytes it holds, where known.
  ///   - observer: told the bytes read after each read.
  ///   - cancellation: checked before each read.
  package init(
    _ base: any ByteStream, totalBytes: Int64?, observer: (any ProgressObserver)?,
    cancellation: CancellationFlag? = nil
  ) {
    self.base = base
    self.totalBytes = totalBytes
    self.observer = observer
    self.cancellation = cancellation
  }

  /// The name of the stream read.
  package var name: String { base.name }

  /// Reads the next bytes of the stream read, after checking that the job goes on.
  /// - Parameter buffer: where the bytes go.
  /// - Returns: how many bytes were read; 0 at the end.
  /// - Throws: `CancellationError` once the job is cancelled; what the stream read throws.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try cancellation?.check()
    let count = try base.read(into: buffer)
    bytesRead += Int64(count)
    observer?.update(ReadProgress(.bytes, done: bytesRead, total: totalBytes))
    return count
  }
}

extension ByteStream {
  /// This stream, counted for `observer` and stopped by `cancellation` when there are any.
  func observed(
    by observer: (any ProgressObserver)?, cancellation: CancellationFlag? = nil, totalBytes: Int64?
  ) -> any ByteStream {
    guard observer != nil || cancellation != nil else { return self }
    return CountingByteStream(self, totalBytes: totalBytes, observer: observer, cancellation: cancellation)
  }
}
