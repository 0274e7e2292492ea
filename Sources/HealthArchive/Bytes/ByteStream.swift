/// Bytes read in order from one place: a file, or an entry of a zip archive as it inflates.
///
/// Readers pull from a stream into their own buffer, so that no input is ever held whole.
package protocol ByteStream: AnyObject {
  /// What the stream reads, for messages: a path, or `archive.zip:entry.xml`.
  var name: String { get }

  /// Reads up to `buffer.count` bytes into `buffer`.
  /// - Returns: the number of bytes read; 0 only at the end of the stream.
  /// - Throws: an error naming the stream when reading fails or the data is corrupt.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension ByteStream {
  /// The first `count` bytes of the stream, or all of them when it is shorter: what a check of a
  /// file's kind reads (a zip's signature, SQLite's header).
  /// - Throws: the stream's errors.
  package func readPrefix(_ count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: max(count, 0))
    var filled = 0
    while filled < bytes.count {
      let read = try bytes.withUnsafeMutableBytes {
        try self.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      if read == 0 { break }
      filled += read
    }
    bytes.removeSubrange(filled...)
    return bytes
  }
}

/// All the bytes of a stream, for small entries and files (FHIR resources).
/// - Throws: the stream's errors; `InputError.tooLarge` past `limit` bytes.
package func readAll(_ stream: any ByteStream, limit: Int) throws -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 64 << 10)
  while true {
    let count = try chunk.withUnsafeMutableBytes { try stream.read(into: $0) }
    if count == 0 { return bytes }
    bytes.append(contentsOf: chunk[0..<count])
    if bytes.count > limit { throw InputError.tooLarge(path: stream.name, limit: limit) }
  }
}
