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
