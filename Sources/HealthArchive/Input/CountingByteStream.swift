/// A stream that counts the bytes read through it and tells an observer after each read.
public final class CountingByteStream: ByteStream {
  private let base: any ByteStream
  private let totalBytes: Int64?
  private let observer: any ProgressObserver
  /// The bytes read so far.
  public private(set) var bytesRead: Int64 = 0

  /// - Parameters:
  ///   - base: the stream read.
  ///   - totalBytes: how many bytes it holds, where known.
  ///   - observer: told the bytes read after each read.
  public init(_ base: any ByteStream, totalBytes: Int64?, observer: any ProgressObserver) {
    self.base = base
    self.totalBytes = totalBytes
    self.observer = observer
  }

  public var name: String { base.name }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = try base.read(into: buffer)
    bytesRead += Int64(count)
    observer.update(ReadProgress(bytesDone: bytesRead, totalBytes: totalBytes))
    return count
  }
}

extension ByteStream {
  /// This stream, counted for `observer` when there is one.
  func observed(by observer: (any ProgressObserver)?, totalBytes: Int64?) -> any ByteStream {
    guard let observer else { return self }
    return CountingByteStream(self, totalBytes: totalBytes, observer: observer)
  }
}
