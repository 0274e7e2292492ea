import SystemShim

/// A file written whole or not at all: bytes go to a temporary file beside the destination, which
/// is flushed to disk and then renamed into place with owner-only permissions (0600). If anything
/// fails, or the file is never committed, the temporary file is removed and the destination is
/// untouched.
///
/// A destination that exists and is neither a regular file nor a folder (a device such as
/// `/dev/null` or `/dev/stdout`, a named pipe) is written to directly: it is never replaced.
public final class OutputFile {
  /// Where the file ends up.
  public let path: String
  /// The temporary file; nil when writing straight to a device or pipe.
  private let temporaryPath: String?
  private let overwrites: Bool
  private var descriptor: Int32?

  /// Creates the temporary file.
  /// - Parameters:
  ///   - path: the destination.
  ///   - overwrites: whether an existing file at `path` may be replaced.
  /// - Throws: `OutputError.alreadyExists` (checked early so no work is wasted),
  ///   `.folderNotFound` or `.cannotCreate`.
  public init(path: String, overwrites: Bool) throws(OutputError) {
    self.path = path
    self.overwrites = overwrites
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
    let folder = Self.folder(of: path)
    let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    let prefix = folder == "." && !path.hasPrefix("./") ? "" : folder + "/"
    var attempt = 0
    while true {
      let candidate = "\(prefix).\(name).\(SystemCall.processID).\(attempt).tmp"
      do {
        descriptor = try SystemCall.createExclusive(candidate, mode: 0o600)
        temporaryPath = candidate
        break
      } catch let error where error.isAlreadyExists && attempt < 100 {
        attempt += 1
      } catch {
        throw .cannotCreate(path: path, reason: error.reason)
      }
    }
  }

  deinit {
    if let descriptor {
      SystemCall.close(descriptor)
      if let temporaryPath { SystemCall.removeFile(temporaryPath) }
    }
  }

  /// Checks, before any work is done, that a file can be placed at `path`.
  /// - Throws: `OutputError.alreadyExists`, `.folderNotFound` or `.cannotCreate`.
  public static func checkDestination(_ path: String, overwrites: Bool) throws(OutputError) {
    switch SystemCall.kind(of: path) {
    case .missing:
      break
    case .other:
      return  // a device or a pipe, written to directly
    case .regularFile:
      if !overwrites { throw .alreadyExists(path: path) }
    case .directory:
      throw .cannotCreate(path: path, reason: "it is a folder")
    }
    guard SystemCall.kind(of: folder(of: path)) == .directory else {
      throw .folderNotFound(path: path)
    }
  }

  /// Appends bytes.
  /// - Throws: `OutputError.writeFailed`; the temporary file is removed.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
    guard let descriptor, let base = bytes.baseAddress, bytes.count > 0 else { return }
    do {
      try SystemCall.writeAll(descriptor, base, count: bytes.count, path: path)
    } catch {
      discard()
      throw .writeFailed(path: path, reason: error.reason)
    }
  }

  /// Flushes the file to disk and moves it into place.
  /// - Throws: `OutputError`; the temporary file is removed and the destination left as it was.
  public func commit() throws(OutputError) {
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
      SystemCall.removeFile(temporaryPath)
      throw .writeFailed(path: path, reason: error.reason)
    }
    do {
      if overwrites {
        try SystemCall.rename(temporaryPath, to: path)
      } else {
        try placeWithoutOverwriting(temporaryPath)
      }
    } catch let error as OutputError {
      SystemCall.removeFile(temporaryPath)
      throw error
    } catch {
      SystemCall.removeFile(temporaryPath)
      throw .cannotCreate(path: path, reason: "\(error)")
    }
  }

  /// Gives up: removes the temporary file.
  public func discard() {
    if let descriptor {
      SystemCall.close(descriptor)
      self.descriptor = nil
    }
    if let temporaryPath { SystemCall.removeFile(temporaryPath) }
  }

  /// Links the temporary file to the destination, which fails if something appeared there
  /// meanwhile, then drops the temporary name. Where the file system has no hard links, checks
  /// and renames.
  private func placeWithoutOverwriting(_ temporaryPath: String) throws {
    do {
      try SystemCall.link(temporaryPath, to: path)
      SystemCall.removeFile(temporaryPath)
    } catch let error where error.isAlreadyExists {
      throw OutputError.alreadyExists(path: path)
    } catch let error where error.isLinkUnsupported {
      guard SystemCall.kind(of: path) == .missing else { throw OutputError.alreadyExists(path: path) }
      try SystemCall.rename(temporaryPath, to: path)
    } catch {
      throw OutputError.cannotCreate(path: path, reason: error.reason)
    }
  }

  /// The folder part of a path (`.` for a bare file name).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }
}
