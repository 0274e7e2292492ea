import SystemShim

/// A temporary file beside an output for what a stage cannot keep in memory (sorted runs of
/// rows): made owner-only under a temporary name of its own, written at its end, read back at
/// any offset, and removed when the last reference to it goes away, whatever happened.
package final class SpillFile {
  /// Where it is.
  package let path: String
  private let writing: Int32
  private var reading: Int32?
  /// The bytes written so far, and so the offset of the next.
  package private(set) var size: Int64 = 0

  /// Makes the file beside `output` (in its folder, under a temporary name).
  /// - Throws: `OutputError.cannotCreate`.
  package init(beside output: String) throws(OutputError) {
    (path, writing) = try OutputPlacement.createTemporaryFile(beside: output)
  }

  deinit {
    SystemCall.close(writing)
    if let reading { SystemCall.close(reading) }
    OutputPlacement.remove(path)
  }

  /// Writes `bytes` at the end of the file.
  /// - Returns: the offset they were written at.
  /// - Throws: `OutputError.writeFailed`.
  package func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) -> Int64 {
    let offset = size
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return offset }
    do {
      try SystemCall.writeAll(writing, base, count: bytes.count, at: offset, path: path)
    } catch {
      throw OutputError.writeFailed(path: path, reason: error.reason)
    }
    size += Int64(bytes.count)
    return offset
  }

  /// Reads `buffer.count` bytes from `offset`, which must all have been written.
  /// - Throws: `OutputError.writeFailed` (the output cannot be made without them).
  package func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(OutputError) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    var done = 0
    do {
      let descriptor = try readingDescriptor()
      while done < buffer.count {
        let count = try SystemCall.read(
          descriptor, into: base + done, count: buffer.count - done, at: offset + Int64(done), path: path)
        if count == 0 { break }
        done += count
      }
    } catch {
      throw OutputError.writeFailed(path: path, reason: error.reason)
    }
    guard done == buffer.count else {
      throw OutputError.writeFailed(path: path, reason: "the temporary file ended early")
    }
  }

  private func readingDescriptor() throws(SystemError) -> Int32 {
    if let reading { return reading }
    let descriptor = try SystemCall.openForReading(path)
    reading = descriptor
    return descriptor
  }
}
