import SystemShim

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
  ///   - offset: where reading starts.
  package init(_ bytes: [UInt8], name: String, chunkLimit: Int = .max, from offset: Int = 0) {
    self.bytes = bytes
    self.name = name
    self.chunkLimit = max(1, chunkLimit)
    position = min(max(offset, 0), bytes.count)
  }

  package func read(into output: inout OutputRawSpan) throws {
    let count = min(output.freeCapacity, bytes.count - position, chunkLimit)
    guard count > 0 else { return }
    bytes.withRawSpan { output.append($0.extracting(position..<position + count)) }
    position += count
  }
}
