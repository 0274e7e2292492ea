import SystemShim

/// An open archive file, read at byte offsets so that several entry streams can read it at once.
///
/// It does not own its descriptor: the `ZipArchive` that made it closes it.
struct ArchiveFile {
  /// The open descriptor.
  let descriptor: Int32
  /// The path, for messages.
  let path: String
  /// The file's size when it was opened; every offset and length read from the file is checked
  /// against it.
  let size: UInt64

  /// Reads up to `count` bytes from `offset` into `buffer`; fewer only at the end of the file.
  /// - Throws: `InputError.readFailed`.
  func read(at offset: UInt64, into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
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
      try read(at: offset, into: buffer.baseAddress!, count: count)
    }
    bytes.removeLast(count - done)
    return bytes
  }
}
