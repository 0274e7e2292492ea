/// The content of one zip entry as it is written: stored or deflated into the archive piece by
/// piece, with its CRC-32 and sizes counted on the way.
final class ZipEntryData {
  private let output: ZipOutputFile
  private let method: ZipCompressionMethod
  private let deflater: Deflater?
  private var checksum = CRC32()
  private var compressed: UInt64 = 0
  private var uncompressed: UInt64 = 0

  /// - Throws: `ZipError.writeFailed` when zlib cannot start.
  init(output: ZipOutputFile, method: ZipCompressionMethod, chunkSize: Int) throws(ZipError) {
    self.output = output
    self.method = method
    if method == .deflated {
      guard let deflater = Deflater(level: 6, chunkSize: chunkSize) else {
        throw ZipError.writeFailed(path: output.path, reason: "zlib could not start (out of memory)")
      }
      self.deflater = deflater
    } else {
      deflater = nil
    }
  }

  /// Adds `bytes` to the content.
  func write(_ bytes: RawSpan) throws(ZipError) {
    guard !bytes.isEmpty else { return }
    checksum.update(bytes)
    uncompressed += UInt64(bytes.byteCount)
    guard let deflater else { return try emit(bytes) }
    try deflater.deflate(bytes, emit: emit)
  }

  /// Ends the content.
  /// - Returns: its CRC-32, the bytes written to the archive and the bytes of content.
  func finish() throws(ZipError) -> (UInt32, UInt64, UInt64) {
    try deflater?.finish(emit: emit)
    return (checksum.value, compressed, uncompressed)
  }

  /// Appends content, stored or deflated, to the archive.
  private func emit(_ bytes: RawSpan) throws(ZipError) {
    try output.append(bytes)
    compressed += UInt64(bytes.byteCount)
  }
}
