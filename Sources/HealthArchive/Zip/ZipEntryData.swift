/// The content of one zip entry as it is written: stored or deflated into the archive piece by
/// piece, with its CRC-32 and sizes counted on the way.
final class ZipEntryData {
  private let output: ZipOutputFile
  private let method: ZipCompressionMethod
  private let deflater: Deflater?
  /// Where deflated bytes are made before they go to the archive, `chunkSize` bytes.
  private let compressedChunk: UnsafeMutableRawPointer
  private let chunkSize: Int
  private var checksum = CRC32()
  private var compressed: UInt64 = 0
  private var uncompressed: UInt64 = 0

  /// - Throws: `ZipError.writeFailed` when zlib cannot start.
  init(output: ZipOutputFile, method: ZipCompressionMethod, chunkSize: Int) throws(ZipError) {
    self.output = output
    self.method = method
    if method == .deflated {
      guard let deflater = Deflater(level: 6) else {
        throw ZipError.writeFailed(path: output.path, reason: "zlib could not start (out of memory)")
      }
      self.deflater = deflater
    } else {
      deflater = nil
    }
    self.chunkSize = method == .deflated ? chunkSize : 0
    compressedChunk = .allocate(byteCount: self.chunkSize, alignment: 16)
  }

  deinit {
    compressedChunk.deallocate()
  }

  /// Adds `bytes` to the content.
  func write(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    checksum.update(base, count: bytes.count)
    uncompressed += UInt64(bytes.count)
    guard let deflater else {
      try output.append(base, count: bytes.count)
      compressed += UInt64(bytes.count)
      return
    }
    // zlib only reads its input.
    deflater.setInput(UnsafeMutableRawPointer(mutating: base), count: bytes.count)
    repeat {
      try deflate(deflater, finishing: false)
    } while deflater.pendingInput > 0
  }

  /// Ends the content.
  /// - Returns: its CRC-32, the bytes written to the archive and the bytes of content.
  func finish() throws(ZipError) -> (UInt32, UInt64, UInt64) {
    if let deflater {
      deflater.setInput(compressedChunk, count: 0)
      while try !deflate(deflater, finishing: true) {}
    }
    return (checksum.value, compressed, uncompressed)
  }

  /// Deflates what is pending into the archive, a chunk at a time; with `finishing`, until the
  /// stream ends.
  /// - Returns: whether the stream has ended.
  @discardableResult
  private func deflate(_ deflater: Deflater, finishing: Bool) throws(ZipError) -> Bool {
    let (produced, ended) = deflater.deflate(into: compressedChunk, count: chunkSize, finishing: finishing)
    if produced > 0 {
      try output.append(compressedChunk, count: produced)
      compressed += UInt64(produced)
    }
    return ended
  }
}
