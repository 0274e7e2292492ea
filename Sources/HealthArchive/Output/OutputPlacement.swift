import Foundation
import SystemShim

/// How every file and folder the tool writes is placed: checked before any work, made under a
/// temporary name beside its destination, synced and made owner-only, then moved into place in
/// one step. `OutputFile` (bytes) and `TemporaryOutput` (a file or folder made by path) are its
/// two faces.
enum OutputPlacement {
  /// What is placed.
  enum Form {
    /// Bytes written in order: a device or named pipe at the destination is written to directly.
    case stream
    /// A regular file, made by path.
    case file
    /// A folder of files.
    case folder
  }

  /// Checks, before any work is done, that an output of `form` can be placed at `path`.
  /// - Throws: `OutputError.alreadyExists`, `.folderNotFound` or `.cannotCreate`.
  static func check(_ path: String, overwrites: Bool, form: Form) throws(OutputError) {
    switch SystemCall.kind(of: path) {
    case .missing:
      break
    case .other:
      if form == .stream { return }  // a device or a pipe, written to directly
      if !overwrites { throw .alreadyExists(path: path) }
      throw .cannotCreate(path: path, reason: "it is not a regular file")
    case .regularFile:
      if !overwrites { throw .alreadyExists(path: path) }
    case .directory:
      guard form == .folder else { throw .cannotCreate(path: path, reason: "it is a folder") }
      if !overwrites { throw .alreadyExists(path: path) }
    }
    guard SystemCall.kind(of: folder(of: path)) == .directory else {
      throw .folderNotFound(path: path)
    }
  }

  /// The folder part of a path (`.` for a bare file name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  // MARK: - Temporary names

  /// Creates a new, empty, owner-only file beside `path` under a name of its own
  /// (`.NAME.PID.N.tmp`), never one that is already there, and registers it for removal if a
  /// signal ends the process.
  /// - Returns: the temporary file's path and a descriptor open for writing.
  static func createTemporaryFile(beside path: String) throws(OutputError) -> (
    path: String, descriptor: Int32
  ) {
    try createTemporary(beside: path) { candidate throws(SystemError) in
      (candidate, try SystemCall.createExclusive(candidate, mode: 0o600))
    }
  }

  /// Creates a new, empty, owner-only folder beside `path` under a name of its own, registered as
  /// `createTemporaryFile(beside:)` registers a file.
  /// - Returns: the temporary folder's path.
  static func createTemporaryFolder(beside path: String) throws(OutputError) -> String {
    try createTemporary(beside: path) { candidate throws(SystemError) in
      try SystemCall.createFolder(candidate, mode: 0o700)
      return candidate
    }
  }

  /// The temporary name of `path`'s `attempt`th try: `.NAME.PID.N.tmp` in its folder.
  static func temporaryName(of path: String, attempt: Int, processID: Int32 = SystemCall.processID)
    -> String
  {
    let folder = folder(of: path)
    let name = fileName(of: path)
    let prefix = folder == "." && !path.hasPrefix("./") ? "" : (folder == "/" ? "/" : folder + "/")
    return "\(prefix).\(name).\(processID).\(attempt).tmp"
  }

  /// The last component of a path (`out.csv` for `out.csv` and `reports/out.csv`).
  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Makes a temporary with `create` under the first free name, and registers it.
  /// - Returns: what `create` returns.
  private static func createTemporary<Made>(
    beside path: String, _ create: (String) throws(SystemError) -> Made
  ) throws(OutputError) -> Made {
    StaleTemporaries.remove(in: folder(of: path))
    var attempt = 0
    while true {
      let candidate = temporaryName(of: path, attempt: attempt)
      do {
        return try TemporaryPaths.shared.whileLocked { () throws(SystemError) -> Made in
          let made = try create(candidate)
          TemporaryPaths.shared.register(candidate)
          return made
        }
      } catch let error where error.isAlreadyExists && attempt < 100 {
        attempt += 1
      } catch {
        throw .cannotCreate(path: path, reason: error.reason)
      }
    }
  }

  // MARK: - Syncing

  /// Makes what a writer left at `temporary` owner-only (files 0600, folders 0700) and flushes
  /// it to the storage device, every file of a folder included.
  /// - Throws: `OutputError.writeFailed` naming `path`.
  static func seal(_ temporary: String, form: Form, for path: String) throws(OutputError) {
    let expected: SystemCall.FileKind = form == .folder ? .directory : .regularFile
    guard SystemCall.kind(of: temporary) == expected else {
      throw .writeFailed(path: path, reason: "\(temporary) is no longer there")
    }
    do throws(SystemError) {
      switch form {
      case .stream, .file:
        try SystemCall.setPermissions(temporary, mode: 0o600)
        try synchronize(temporary)
      case .folder:
        let names = FileManager.default.enumerator(atPath: temporary)?.compactMap { $0 as? String } ?? []
        for name in names.sorted() {
          let file = temporary + "/" + name
          switch SystemCall.kind(of: file) {
          case .regularFile:
            try SystemCall.setPermissions(file, mode: 0o600)
            try synchronize(file)
          case .directory:
            try SystemCall.setPermissions(file, mode: 0o700)
          case .missing, .other:
            break
          }
        }
        try SystemCall.setPermissions(temporary, mode: 0o700)
        try synchronize(temporary)
      }
    } catch {
      throw .writeFailed(path: path, reason: error.reason)
    }
  }

  private static func synchronize(_ path: String) throws(SystemError) {
    let descriptor = try SystemCall.openForReading(path)
    defer { SystemCall.close(descriptor) }
    try SystemCall.synchronize(descriptor, path: path)
  }

  // MARK: - Placing

  /// Moves a finished, synced output from `temporary` to `path`. Without `overwrites`, nothing
  /// that appeared at `path` meanwhile is replaced. A folder, or a file replacing a folder's
  /// place, moves what it replaces aside first (a folder cannot be renamed over a folder that
  /// holds files, nor over a file) and removes it once the new one is in place.
  /// - Throws: `OutputError.alreadyExists` or `.cannotCreate`; `temporary` is left for the caller
  ///   to remove.
  static func place(_ temporary: String, at path: String, overwrites: Bool, form: Form) throws(OutputError) {
    if form == .folder {
      try placeFolder(temporary, at: path, overwrites: overwrites)
    } else if overwrites {
      try rename(temporary, to: path)
    } else {
      try placeWithoutOverwriting(temporary, at: path)
    }
  }

  /// Renames the temporary file to the destination, replacing what is there, and stops tracking
  /// the temporary name, both under the lock a signal's cleanup takes.
  private static func rename(_ temporary: String, to path: String) throws(OutputError) {
    try TemporaryPaths.shared.whileLocked { () throws(OutputError) in
      do throws(SystemError) {
        try SystemCall.rename(temporary, to: path)
      } catch {
        throw .cannotCreate(path: path, reason: error.reason)
      }
      TemporaryPaths.shared.forget(temporary)
    }
  }

  /// Links the temporary file to the destination, which fails if something appeared there
  /// meanwhile, then drops the temporary name, both under the lock a signal's cleanup takes (so
  /// that it never removes the temporary of an output already placed, and says nothing was
  /// written). Where the file system has no hard links, checks and renames.
  private static func placeWithoutOverwriting(_ temporary: String, at path: String) throws(OutputError) {
    do {
      try TemporaryPaths.shared.whileLocked { () throws(SystemError) in
        try SystemCall.link(temporary, to: path)
        remove(temporary)
      }
    } catch let error where error.isAlreadyExists {
      throw .alreadyExists(path: path)
    } catch let error where error.isLinkUnsupported {
      guard SystemCall.kind(of: path) == .missing else { throw .alreadyExists(path: path) }
      try rename(temporary, to: path)
    } catch {
      throw .cannotCreate(path: path, reason: error.reason)
    }
  }

  private static func placeFolder(_ temporary: String, at path: String, overwrites: Bool) throws(OutputError)
  {
    let existing = SystemCall.kind(of: path)
    if existing != .missing && !overwrites { throw .alreadyExists(path: path) }
    let old = temporary + ".old"
    do throws(SystemError) {
      // The swap happens under the registry's lock: a signal's cleanup waits for it, and then
      // finds the old folder registered in the temporary's place.
      try TemporaryPaths.shared.whileLocked { () throws(SystemError) in
        if existing == .missing {
          try SystemCall.rename(temporary, to: path)
        } else {
          try SystemCall.rename(path, to: old)
          do throws(SystemError) {
            try SystemCall.rename(temporary, to: path)
          } catch {
            try? SystemCall.rename(old, to: path)
            throw error
          }
          TemporaryPaths.shared.register(old)
        }
        TemporaryPaths.shared.forget(temporary)
      }
    } catch {
      throw .cannotCreate(path: path, reason: error.reason)
    }
    if existing != .missing { remove(old) }
  }

  /// Removes a temporary file or folder and everything in it (never following a symbolic link),
  /// and forgets it; nothing there is not an error.
  static func remove(_ temporary: String) {
    SystemCall.removeTree(temporary)
    TemporaryPaths.shared.forget(temporary)
  }
}
