import SystemShim

/// A file written whole or not at all: bytes go to a temporary file beside the destination, which
/// is flushed to disk and then renamed into place with owner-only permissions (0600). If anything
/// fails, or the file is never committed, the temporary file is removed and the destination is
/// untouched.
///
/// A destination that exists and is neither a regular file nor a folder (a device such as
/// `/dev/null` or `/dev/stdout`, a named pipe) is written to directly: it is never replaced.
package final class OutputFile {
  /// Where the file ends up.
  package let path: String
  /// The temporary file; nil when writing straight to a device or pipe.
  private let temporaryPath: String?
  private let overwrites: Bool
  private var descriptor: Int32?
  /// Past how many bytes written since the last time the file's pages are written to the disk and
  /// dropped from the page cache; nil keeps them cached.
  private let dropInterval: Int?
  private var written: Int64 = 0
  private var dropped: Int64 = 0

  /// The bytes of a large file written between two drops of its pages, by default.
  package static let defaultDropInterval = 32 << 20

  /// Creates the temporary file.
  /// - Parameters:
  ///   - path: the destination.
  ///   - overwrites: whether an existing file at `path` may be replaced.
  ///   - dropInterval: for a file of gigabytes written once (the profile), past how many bytes
  ///     written its pages are written to the disk and dropped from the page cache, so that it
  ///     does not take the cache's free pages one by one (which, on a virtual machine whose
  ///     host takes free memory back, costs more than the copying itself); nil keeps them cached.
  /// - Throws: `OutputError.alreadyExists` (checked early so no work is wasted),
  ///   `.folderNotFound` or `.cannotCreate`.
  package init(path: String, overwrites: Bool, dropInterval: Int? = nil) throws(OutputError) {
    self.path = path
    self.overwrites = overwrites
    self.dropInterval = dropInterval.map { max($0, 1) }
    try Self.checkDestination(path, overwrites: overwrites)
    if SystemCall.kind(of: path) == .other {
      do {
        descriptor = try SystemCall.openExistingForWriting(path)
      } catch {
        throw .cannotCreate(path: path, reason: error.reason)
      }
      temporaryPath = nil
      return
    }
    let temporary = try OutputPlacement.createTemporaryFile(beside: path)
    temporaryPath = temporary.path
    descriptor = temporary.descriptor
  }

  deinit {
    if let descriptor {
      SystemCall.close(descriptor)
      if let temporaryPath { OutputPlacement.remove(temporaryPath) }
    }
  }

  /// Checks, before any work is done, that a file can be placed at `path`.
  /// - Throws: `OutputError.alreadyExists`, `.folderNotFound` or `.cannotCreate`.
  package static func checkDestination(_ path: String, overwrites: Bool) throws(OutputError) {
    try OutputPlacement.check(path, overwrites: overwrites, form: .stream)
  }

  /// Appends bytes.
  /// - Throws: `OutputError.writeFailed`; the temporary file is removed.
  package func write(_ bytes: RawSpan) throws(OutputError) {
    guard let descriptor, !bytes.isEmpty else { return }
    do {
      try SystemCall.writeAll(descriptor, bytes, path: path)
      written += Int64(bytes.byteCount)
      if let dropInterval, temporaryPath != nil, written - dropped >= dropInterval {
        try SystemCall.synchronizeAndDropPages(
          descriptor, offset: dropped, count: written - dropped, path: path)
        dropped = written
      }
    } catch {
      discard()
      throw .writeFailed(path: path, reason: error.reason)
    }
  }

  /// Appends `bytes`.
  /// - Throws: `OutputError.writeFailed`; the temporary file is removed.
  package func write(_ bytes: [UInt8]) throws(OutputError) {
    try bytes.withRawSpan { (span) throws(OutputError) in try write(span) }
  }

  /// Flushes the file to disk and moves it into place.
  /// - Throws: `OutputError`; the temporary file is removed and the destination left as it was.
  package func commit() throws(OutputError) {
    guard let descriptor else { return }
    self.descriptor = nil
    guard let temporaryPath else {
      do {
        try SystemCall.closeChecked(descriptor, path: path)
      } catch {
        throw .writeFailed(path: path, reason: error.reason)
      }
      return
    }
    do {
      try SystemCall.synchronize(descriptor, path: path)
      try SystemCall.closeChecked(descriptor, path: path)
    } catch {
      OutputPlacement.remove(temporaryPath)
      throw .writeFailed(path: path, reason: error.reason)
    }
    do {
      try OutputPlacement.place(temporaryPath, at: path, overwrites: overwrites, form: .file)
    } catch {
      OutputPlacement.remove(temporaryPath)
      throw error
    }
  }

  /// Gives up: removes the temporary file.
  package func discard() {
    if let descriptor {
      SystemCall.close(descriptor)
      self.descriptor = nil
    }
    if let temporaryPath { OutputPlacement.remove(temporaryPath) }
  }

  /// The folder part of a path (`.` for a bare file name).
  package static func folder(of path: String) -> String {
    OutputPlacement.folder(of: path)
  }
}
