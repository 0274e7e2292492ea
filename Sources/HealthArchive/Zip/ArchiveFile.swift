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

  /// Appends to `output` up to `count` bytes from `offset` (no more than it has room for);
  /// fewer only at the end of the file.
  /// - Returns: how many it appended.
  /// - Throws: `InputError.readFailed`.
  func read(at offset: UInt64, count: Int, into output: inout OutputRawSpan) throws -> Int {
    let count = min(count, output.freeCapacity)
    if let bytes {
      let start = Int(min(offset, size))
      return output.append(from: bytes, at: start, upTo: count)
    }
    let start = output.byteCount
    while output.byteCount - start < count {
      let before = output.byteCount
      let done = before - start
      do {
        try SystemCall.read(
          descriptor, appendingTo: &output, count: count - done, at: Int64(offset) + Int64(done), path: path)
      } catch {
        throw InputError.readFailed(path: path, reason: error.reason)
      }
      if output.byteCount == before { break }
    }
    return output.byteCount - start
  }

  /// Reads up to `count` bytes from `offset`; fewer only at the end of the file.
  /// - Throws: `InputError.readFailed`.
  func read(at offset: UInt64, count: Int) throws -> [UInt8] {
    if count == 0 { return [] }
    return try [UInt8](count: count) { output in _ = try read(at: offset, count: count, into: &output) }
  }
}
