import SystemShim

/// An open archive file, read at byte offsets so that several entry streams can read it at once.
///
/// It does not own its descriptor: the `ZipArchive` that made it closes it. An archive held in
/// memory has its bytes instead of a descriptor.
struct ArchiveFile {
  /// The open descriptor; -1 for an archive in memory.
  let descriptor: Int32
  /// The path, for messages.
  let path: String
  /// The file's size when it was opened; every offset and length read from the file is checked
  /// against it.
  let size: UInt64
  /// The archive's bytes, when it is held in memory.
  let bytes: [UInt8]?

  init(descriptor: Int32, path: String, size: UInt64) {
    self.descriptor = descriptor
    self.path = path
    self.size = size
    bytes = nil
  }

  /// An archive held in memory, named `name` in messages.
  init(bytes: [UInt8], name: String) {
    descriptor = -1
    path = name
    size = UInt64(bytes.count)
    self.bytes = bytes
  }

  /// Reads up to `count` bytes from `offset` into `buffer`; fewer only at the end of the file.
  /// - Throws: `InputError.readFailed`.
  func read(at offset: UInt64, into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
    if let bytes {
      let start = Int(min(offset, size))
      let done = min(count, bytes.count - start)
      bytes.withUnsafeBytes { source in
        guard let base = source.baseAddress, done > 0 else { return }
        buffer.copyMemory(from: base + start, byteCount: done)
      }
      return done
    }
    var done = 0
    while done < count {
      let n: Int
      do {
        n = try SystemCall.read(
          descriptor, into: buffer + done, count: count - done, at: Int64(offset) + Int64(done),
          path: path)
      } catch {
        throw InputError.readFailed(path: path, reason: error.reason)
      }
      if n == 0 { break }
      done += n
    }
    return done
  }

  /// Reads up to `count` bytes from `offset`; fewer only at the end of the file.
  /// - Throws: `InputError.readFailed`.
  func read(at offset: UInt64, count: Int) throws -> [UInt8] {
    if count == 0 { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let done = try bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return try read(at: offset, into: base, count: count)
    }
    bytes.removeLast(count - done)
    return bytes
  }
}
