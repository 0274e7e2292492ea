import SystemShim

/// A file the user named, opened once and read through that one descriptor: its start is looked
/// at to tell what it is, then it is read by the reader that fits, never opened again.
///
/// A regular file is read at offsets, so that it can be read any number of times (a zip archive's
/// entries, a second pass). Anything else (a pipe, a named pipe, `/dev/stdin`, `<(cat export.xml)`)
/// is a stream: the bytes looked at are kept and handed out first, and it is read once, front to
/// back. The descriptor is closed when the file and every stream from it are gone.
package final class InputFile {
  /// The path, as the user named it.
  package let path: String
  let descriptor: Int32
  /// Whether the file can be read at offsets (a regular file), rather than once in order.
  package let isSeekable: Bool
  /// Whether the path is a folder (opened only to tell so; its files are read by name).
  package let isDirectory: Bool
  /// The size of a regular file, in bytes; nil for a stream.
  package let size: Int64?
  /// A stream's bytes read to look at its start, not yet handed out.
  private var lookahead: [UInt8] = []
  private var streamHandedOut = false

  /// Opens `path` for reading.
  /// - Throws: `InputError.notFound` when nothing is there (or a folder on the way is missing);
  ///   `.unreadable` with the system's reason otherwise (permissions, a loop of symbolic links).
  package init(path: String) throws(InputError) {
    self.path = path
    do {
      descriptor = try SystemCall.openForReading(path)
    } catch {
      throw InputError(path: path, systemError: error)
    }
    let (kind, size) = SystemCall.kind(ofDescriptor: descriptor)
    isSeekable = kind == .regularFile
    isDirectory = kind == .directory
    self.size = isSeekable ? size : nil
  }

  deinit {
    SystemCall.close(descriptor)
  }

  /// Up to `count` bytes from the start of the file, fewer only when it is shorter. A stream is
  /// read only until `isEnough` says what the bytes so far are, and keeps them for its reader.
  /// - Throws: `InputError.readFailed`.
  func start(upTo count: Int, isEnough: ([UInt8]) -> Bool = { _ in false }) throws(InputError) -> [UInt8] {
    let chunk = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
    defer { chunk.deallocate() }
    if isSeekable {
      var done = 0
      while done < count {
        let read = try read(into: chunk + done, count: count - done, at: Int64(done))
        if read == 0 { break }
        done += read
      }
      return Array(UnsafeRawBufferPointer(start: chunk, count: done))
    }
    while lookahead.count < count && !isEnough(lookahead) {
      let read = try read(into: chunk, count: min(4096, count - lookahead.count), at: nil)
      if read == 0 { break }
      lookahead.append(contentsOf: UnsafeRawBufferPointer(start: chunk, count: read))
    }
    return lookahead
  }

  /// A stream of the whole file from its first byte. A regular file gives a new one each time; a
  /// stream only once.
  /// - Throws: `InputError.unreadable` when a stream is asked for a second time.
  package func openStream() throws(InputError) -> any ByteStream {
    if isSeekable { return InputFileStream(file: self, name: path) }
    guard !streamHandedOut else {
      throw .unreadable(
        path: path,
        reason: "it is a pipe, which can be read only once; save it to a file to read it again")
    }
    streamHandedOut = true
    let stream = InputFileStream(file: self, name: path, lookahead: lookahead)
    lookahead = []
    return stream
  }

  /// A stream of a regular file from its byte at `offset`; nil for a stream, which cannot start
  /// anywhere but where it is.
  package func openStream(at offset: Int64) -> (any ByteStream)? {
    guard isSeekable else { return nil }
    return InputFileStream(file: self, name: path, offset: offset)
  }

  /// Appends to `output` the next bytes (a stream) or those at `offset` (a regular file).
  /// - Returns: how many.
  func read(into output: inout OutputRawSpan, at offset: Int64?) throws(InputError) -> Int {
    let start = output.byteCount
    do {
      if let offset {
        try SystemCall.read(descriptor, appendingTo: &output, at: offset, path: path)
      } else {
        try SystemCall.read(descriptor, appendingTo: &output, path: path)
      }
    } catch {
      throw .readFailed(path: path, reason: error.reason)
    }
    return output.byteCount - start
  }

  /// Reads up to `count` bytes at `offset` (a regular file) or next (a stream).
  private func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64?) throws(InputError)
    -> Int
  {
    do {
      if let offset {
        return try SystemCall.read(descriptor, into: buffer, count: count, at: offset, path: path)
      }
      return try SystemCall.read(descriptor, into: buffer, count: count, path: path)
    } catch {
      throw .readFailed(path: path, reason: error.reason)
    }
  }
}

/// The bytes of an `InputFile` in order: at offsets of its own for a regular file, the bytes kept
/// from the look at its start first for a stream.
final class InputFileStream: ByteStream {
  let name: String
  /// Keeps the descriptor open while the stream lives.
  private let file: InputFile
  private var offset: Int64 = 0
  private var lookahead: [UInt8]
  private var lookaheadUsed = 0

  init(file: InputFile, name: String, lookahead: [UInt8] = [], offset: Int64 = 0) {
    self.file = file
    self.name = name
    self.lookahead = lookahead
    self.offset = offset
  }

  func read(into output: inout OutputRawSpan) throws {
    if lookaheadUsed < lookahead.count {
      lookaheadUsed += output.append(from: lookahead, at: lookaheadUsed)
      if lookaheadUsed == lookahead.count { lookahead = [] }
      return
    }
    offset += Int64(try file.read(into: &output, at: file.isSeekable ? offset : nil))
  }
}
