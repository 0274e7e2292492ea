import SystemShim

/// The file a `ZipWriter` writes: appends go through a buffer, and headers written before their
/// data's sizes were known can be patched in place.
final class ZipOutputFile {
  private static let bufferSize = 256 << 10

  let path: String
  private var descriptor: Int32?
  private var buffer: [UInt8] = []
  /// Bytes written or buffered so far: the offset of the next byte.
  private(set) var offset: UInt64 = 0

  /// Creates the file at `path` (emptying one that exists) with owner-only permissions.
  init(path: String) throws(ZipError) {
    self.path = path
    do {
      descriptor = try SystemCall.createOrTruncate(path, mode: 0o600)
    } catch {
      throw ZipError.writeFailed(path: path, reason: error.reason)
    }
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit {
    if let descriptor { SystemCall.close(descriptor) }
  }

  /// Appends `bytes`.
  func append(_ bytes: [UInt8]) throws(ZipError) {
    buffer.append(contentsOf: bytes)
    offset += UInt64(bytes.count)
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Appends `bytes`.
  func append(_ bytes: RawSpan) throws(ZipError) {
    buffer.append(bytes)
    offset += UInt64(bytes.byteCount)
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Writes `bytes` over what was written at `position`, which must lie before `offset`: in the
  /// buffer when it is still there, in the file otherwise.
  func overwrite(at position: UInt64, with bytes: [UInt8]) throws(ZipError) {
    precondition(position + UInt64(bytes.count) <= offset)
    let bufferStart = offset - UInt64(buffer.count)
    if position >= bufferStart {
      let start = Int(position - bufferStart)
      buffer.replaceSubrange(start..<(start + bytes.count), with: bytes)
      return
    }
    try flush()
    let descriptor = try openDescriptor()
    do {
      try bytes.withRawSpan { (raw) throws(SystemError) in
        try SystemCall.writeAll(descriptor, raw, at: Int64(position), path: path)
      }
    } catch {
      throw ZipError.writeFailed(path: path, reason: error.reason)
    }
  }

  /// Writes out what is buffered.
  func flush() throws(ZipError) {
    guard !buffer.isEmpty else { return }
    let descriptor = try openDescriptor()
    do {
      try buffer.withRawSpan { (raw) throws(SystemError) in
        try SystemCall.writeAll(descriptor, raw, path: path)
      }
    } catch {
      throw ZipError.writeFailed(path: path, reason: error.reason)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes out what is buffered and closes the file, reporting a failure to close.
  func close() throws(ZipError) {
    try flush()
    let descriptor = try openDescriptor()
    self.descriptor = nil
    do {
      try SystemCall.closeChecked(descriptor, path: path)
    } catch {
      throw ZipError.writeFailed(path: path, reason: error.reason)
    }
  }

  private func openDescriptor() throws(ZipError) -> Int32 {
    guard let descriptor else {
      throw ZipError.writeFailed(path: path, reason: "the file is already closed")
    }
    return descriptor
  }
}
