import SystemShim

/// A temporary file beside an output for what a stage cannot keep in memory (sorted runs of
/// rows): made owner-only under a temporary name of its own, written at its end, read back at
/// any offset, and removed when the last reference to it goes away, whatever happened.
///
/// What is appended is copied into blocks that a thread of the file's own writes (a
/// `BackgroundOutput`), so that the kernel's copying runs on the other core while the stage goes
/// on; a read first waits until everything appended is in the file. A write's failure is thrown
/// by the next append or read.
package final class SpillFile {
  /// Where it is.
  package let path: String
  private let writing: Int32
  private var reading: Int32?
  /// The bytes appended so far, and so the offset of the next.
  package private(set) var size: Int64 = 0
  /// Writes the appended bytes at the file's end, on its thread.
  private let output: BackgroundOutput
  /// Whether bytes were appended since everything was last known to be in the file.
  private var isPending = false

  /// The bytes handed to the file's thread at a time, by default: four such blocks at most are
  /// in memory (half a MiB; the database has a spill file for each of its three periods).
  package static let defaultBlockSize = 128 << 10

  /// Makes the file beside `output` (in its folder, under a temporary name).
  /// - Parameters:
  ///   - output: the output the file is made beside.
  ///   - blockSize: the bytes handed to the file's thread at a time.
  /// - Throws: `OutputError.cannotCreate`.
  package convenience init(beside output: String, blockSize: Int = defaultBlockSize)
    throws(OutputError)
  {
    try self.init(beside: output, blockSize: blockSize, writesBlock: nil)
  }

  /// Makes the file beside `output`, its blocks written by `writesBlock`.
  /// - Parameters:
  ///   - output: the output the file is made beside.
  ///   - blockSize: the bytes handed to the file's thread at a time.
  ///   - writesBlock: stands in for writing a block at the file's end (for tests); nil writes it.
  /// - Throws: `OutputError.cannotCreate`.
  init(
    beside output: String, blockSize: Int,
    writesBlock: ByteSink?
  ) throws(OutputError) {
    let (path, writing) = try OutputPlacement.createTemporaryFile(beside: output)
    self.path = path
    self.writing = writing
    let writer = BlockWriter(descriptor: writing, path: path)
    self.output = BackgroundOutput(
      sink: writesBlock ?? ByteSink { try writer.write($0) }, blockSize: blockSize)
  }

  deinit {
    // The thread is done with the descriptor before it is closed.
    output.stop()
    SystemCall.close(writing)
    if let reading { SystemCall.close(reading) }
    OutputPlacement.remove(path)
  }

  /// Appends `bytes` at the end of the file.
  /// - Returns: the offset they are at.
  /// - Throws: `OutputError.writeFailed`, for these bytes or for bytes appended before them.
  package func append(_ bytes: RawSpan) throws(OutputError) -> Int64 {
    let offset = size
    guard !bytes.isEmpty else { return offset }
    try outputError { try output.write(bytes) }
    isPending = true
    size += Int64(bytes.byteCount)
    return offset
  }

  /// Waits until every byte appended is in the file.
  /// - Throws: `OutputError.writeFailed`, for bytes appended before.
  package func settle() throws(OutputError) {
    guard isPending else { return }
    try outputError { try output.drain() }
    isPending = false
  }

  /// Appends the bytes of `elements` (bytes, or rows of plain values) at the end of the file.
  /// - Returns: the offset they are at.
  /// - Throws: `OutputError.writeFailed`, for these bytes or for bytes appended before them.
  package func append<Element: BitwiseCopyable>(_ elements: [Element]) throws(OutputError) -> Int64 {
    var result: Result<Int64, OutputError> = .success(size)
    elements.withRawSpan { bytes in
      do throws(OutputError) { result = .success(try append(bytes)) } catch { result = .failure(error) }
    }
    return try result.get()
  }

  /// Appends to `output` the `count` bytes from `offset`, which must all have been appended.
  /// - Throws: `OutputError.writeFailed` (the output cannot be made without them).
  package func read(at offset: Int64, count: Int, into output: inout OutputRawSpan) throws(OutputError) {
    guard count > 0 else { return }
    try settle()
    let start = output.byteCount
    do {
      let descriptor = try readingDescriptor()
      while output.byteCount - start < count {
        let before = output.byteCount
        let done = before - start
        try SystemCall.read(
          descriptor, appendingTo: &output, count: count - done, at: offset + Int64(done), path: path)
        if output.byteCount == before { break }
      }
    } catch {
      throw OutputError.writeFailed(path: path, reason: error.reason)
    }
    guard output.byteCount - start == count else {
      throw OutputError.writeFailed(path: path, reason: "the temporary file ended early")
    }
  }

  /// The `count` elements (bytes, or rows of plain values) from `offset`, which must all have been
  /// appended.
  /// - Throws: `OutputError.writeFailed` (the output cannot be made without them).
  package func read<Element: BitwiseCopyable>(
    _ count: Int, of type: Element.Type = Element.self, at offset: Int64
  ) throws(OutputError) -> [Element] {
    try [Element](count: count) { (output) throws(OutputError) in
      try read(at: offset, count: count * MemoryLayout<Element>.stride, into: &output)
    }
  }

  /// Runs `body`, which throws only what the file's thread threw: an `OutputError`.
  private func outputError(_ body: () throws -> Void) throws(OutputError) {
    do {
      try body()
    } catch let error as OutputError {
      throw error
    } catch {
      throw OutputError.writeFailed(path: path, reason: "\(error)")
    }
  }

  private func readingDescriptor() throws(SystemError) -> Int32 {
    if let reading { return reading }
    let descriptor = try SystemCall.openForReading(path)
    reading = descriptor
    return descriptor
  }
}

/// Writes blocks one after the other from the start of a file, on a `BackgroundOutput`'s thread.
private final class BlockWriter: @unchecked Sendable {
  // Unchecked: `written` is touched only by the one thread that calls the sink.
  private let descriptor: Int32
  private let path: String
  private var written: Int64 = 0

  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  func write(_ bytes: RawSpan) throws(OutputError) {
    guard !bytes.isEmpty else { return }
    do {
      try SystemCall.writeAll(descriptor, bytes, at: written, path: path)
    } catch {
      throw OutputError.writeFailed(path: path, reason: error.reason)
    }
    written += Int64(bytes.byteCount)
  }
}
