/// A stream that counts the bytes read through it, tells its monitor after each read, and stops
/// reading once the monitor is cancelled.
package final class CountingByteStream: ByteStream {
  private let base: any ByteStream
  private let totalBytes: Int64?
  private let monitor: ReadMonitor
  /// The bytes read so far.
  package private(set) var bytesRead: Int64 = 0

  /// A stream over `base`.
  /// - Parameters:
  ///   - base: the stream read.
  ///   - totalBytes: how many bytes it holds, where known.
  ///   - monitor: told the bytes read after each read, and checked before each.
  package init(_ base: any ByteStream, totalBytes: Int64?, monitor: ReadMonitor) {
    self.base = base
    self.totalBytes = totalBytes
    self.monitor = monitor
  }

  /// The name of the stream read.
  package var name: String { base.name }

  /// Reads the next bytes of the stream read, after checking that the job goes on.
  /// - Throws: `CancellationError` once the job is cancelled; what the stream read throws.
  package func read(into output: inout OutputRawSpan) throws {
    try monitor.check()
    let before = output.byteCount
    try base.read(into: &output)
    bytesRead += Int64(output.byteCount - before)
    monitor.report(ReadProgress(.bytes, done: bytesRead, total: totalBytes))
  }
}

extension ByteStream {
  /// This stream, counted for `monitor` and stopped by it, when it watches anything.
  package func observed(by monitor: ReadMonitor, totalBytes: Int64?) -> any ByteStream {
    guard monitor.isWatching else { return self }
    return CountingByteStream(self, totalBytes: totalBytes, monitor: monitor)
  }
}
