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

  /// Appends `count` bytes at `bytes`.
  func append(_ bytes: UnsafeRawPointer, count: Int) throws(ZipError) {
    buffer.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
    offset += UInt64(count)
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
    let failure = bytes.withUnsafeBytes { raw -> SystemError? in
      guard let base = raw.baseAddress, raw.count > 0 else { return nil }
      do throws(SystemError) {
        try SystemCall.writeAll(descriptor, base, count: raw.count, at: Int64(position), path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw ZipError.writeFailed(path: path, reason: failure.reason) }
  }

  /// Writes out what is buffered.
  func flush() throws(ZipError) {
    guard !buffer.isEmpty else { return }
    let descriptor = try openDescriptor()
    let failure = buffer.withUnsafeBytes { raw -> SystemError? in
      guard let base = raw.baseAddress else { return nil }
      do throws(SystemError) {
        try SystemCall.writeAll(descriptor, base, count: raw.count, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw ZipError.writeFailed(path: path, reason: failure.reason) }
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
