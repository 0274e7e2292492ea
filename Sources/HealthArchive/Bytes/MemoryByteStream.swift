/// Bytes already in memory, read as a stream (small inputs and tests).
package final class MemoryByteStream: ByteStream {
  package let name: String
  private let bytes: [UInt8]
  private var position = 0
  private let chunkLimit: Int

  /// - Parameters:
  ///   - bytes: the content.
  ///   - name: what to call it in messages.
  ///   - chunkLimit: the most bytes one read returns (tests use small values to cut tokens).
  package init(_ bytes: [UInt8], name: String, chunkLimit: Int = .max) {
    self.bytes = bytes
    self.name = name
    self.chunkLimit = max(1, chunkLimit)
  }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, bytes.count - position, chunkLimit)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      guard let target = buffer.baseAddress, let start = source.baseAddress else { return }
      target.copyMemory(from: start + position, byteCount: count)
    }
    position += count
    return count
  }
}
