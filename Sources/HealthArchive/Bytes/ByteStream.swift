import SystemShim

/// Bytes read in order from one place: a file, or an entry of a zip archive as it inflates.
///
/// Readers pull from a stream into their own buffer, so that no input is ever held whole.
package protocol ByteStream: AnyObject {
  /// What the stream reads, for messages: a path, or `archive.zip:entry.xml`.
  var name: String { get }

  /// Appends the next bytes of the stream to `output`, up to its free capacity: at least one
  /// when it has room, none only at the end of the stream.
  /// - Throws: an error naming the stream when reading fails or the data is corrupt.
  func read(into output: inout OutputRawSpan) throws
}

extension ByteStream {
  /// The first `count` bytes of the stream, or all of them when it is shorter: what a check of a
  /// file's kind reads (a zip's signature, SQLite's header).
  /// - Throws: the stream's errors.
  package func readPrefix(_ count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: max(count, 0))
    let filled = try bytes.fill { try read(untilFull: &$0) }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Appends the next bytes of the stream to `output` until it is full or the stream has ended.
  /// - Throws: the stream's errors; what was read before one stays in `output`.
  package func read(untilFull output: inout OutputRawSpan) throws {
    while !output.isFull {
      let before = output.byteCount
      try read(into: &output)
      if output.byteCount == before { break }
    }
  }

  /// Reads the next bytes of the stream into `chunk`, from `start` (its first byte by default)
  /// up to its end.
  /// - Returns: how many were read; 0 only at the end of the stream.
  /// - Throws: the stream's errors.
  package func read(filling chunk: inout [UInt8], from start: Int = 0) throws -> Int {
    try chunk.fill(from: start) { try read(into: &$0) }
  }
}

/// All the bytes of a stream, for small entries and files (FHIR resources).
/// - Throws: the stream's errors; `InputError.tooLarge` past `limit` bytes.
package func readAll(_ stream: any ByteStream, limit: Int) throws -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 64 << 10)
  while true {
    let count = try stream.read(filling: &chunk)
    if count == 0 { return bytes }
    bytes.append(contentsOf: chunk[0..<count])
    if bytes.count > limit { throw InputError.tooLarge(path: stream.name, limit: limit) }
  }
}
