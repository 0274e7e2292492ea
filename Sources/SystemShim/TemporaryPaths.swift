#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// The temporary files and folders of this process that must not outlive it: unfinished outputs,
/// spill files. Whoever makes one registers it and forgets it once it is placed or
/// removed; when a signal ends the process (`SignalCleanup`), everything still registered is
/// removed first.
///
/// One lock guards the list. Moving a temporary into place and forgetting it happen under that lock
/// (`whileLocked`), so that a signal's cleanup sees either the temporary or the placed output,
/// never a half of each; the cleanup takes the lock and never gives it back, so nothing is
/// registered or placed after it has run. A writer that makes its reserved temporary again by
/// path (`SystemCall.createOrTruncate`, a database created by SQLite) holds the lock too, so that
/// it never makes again what the cleanup removed.
package final class TemporaryPaths: @unchecked Sendable {
  // @unchecked: every access to `paths` holds `mutex`, a recursive pthread mutex that lives at a
  // fixed heap address for the life of the process.

  /// The process's registry.
  package static let shared = TemporaryPaths()

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var paths: [String] = []

  /// A registry of its own (tests); the process's is `shared`.
  package init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  /// Runs `body` with the list locked: a temporary placed inside is never removed half-way by a
  /// signal's cleanup.
  package func whileLocked<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Adds a temporary file or folder to remove if a signal ends the process.
  package func register(_ path: String) {
    whileLocked { paths.append(path) }
  }

  /// Drops a temporary that has been placed or removed.
  package func forget(_ path: String) {
    whileLocked {
      if let index = paths.lastIndex(of: path) { paths.remove(at: index) }
    }
  }

  /// The temporaries registered now, oldest first.
  package var registered: [String] {
    whileLocked { paths }
  }

  /// Removes every registered temporary, folders with everything in them, and keeps the lock so
  /// that nothing else is registered or placed: the process is about to end.
  /// - Returns: how many were removed.
  @discardableResult
  package func removeAllForExit() -> Int {
    pthread_mutex_lock(mutex)
    var removed = 0
    for path in paths.reversed() where SystemCall.removeTree(path) { removed += 1 }
    paths.removeAll()
    return removed
  }

  /// Removes every registered temporary and forgets them, leaving the lock free (a registry of a
  /// test's own).
  package func removeAll() {
    whileLocked {
      for path in paths.reversed() { _ = SystemCall.removeTree(path) }
      paths.removeAll()
    }
  }
}

extension SystemCall {
  /// Removes the file, symbolic link or folder at `path`, a folder with everything inside it,
  /// without following any symbolic link.
  /// - Returns: whether something was there and is gone.
  @discardableResult
  package static func removeTree(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    if info.st_mode & S_IFMT != S_IFDIR { return unlink(path) == 0 }
    removeContents(ofFolder: path)
    return rmdir(path) == 0
  }

  private static func removeContents(ofFolder path: String) {
    for name in names(inFolder: path) { removeTree(path + "/" + name) }
  }
}

/// What `lstat` says of a path: the link itself, never what it points to.
package struct LinkStatus: Hashable, Sendable {
  package var kind: SystemCall.FileKind
  /// Whether it is a symbolic link (`kind` is then `.other`).
  package var isSymbolicLink: Bool
  /// The permission bits.
  package var permissions: UInt16
  /// The owner's user id.
  package var owner: UInt32
}

extension SystemCall {
  /// What lies at `path` itself, a symbolic link not followed; nil when nothing is there.
  package static func linkStatus(of path: String) -> LinkStatus? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return LinkStatus(
      kind: FileKind(mode: info.st_mode), isSymbolicLink: info.st_mode & S_IFMT == S_IFLNK,
      permissions: UInt16(info.st_mode & 0o7777),
      owner: UInt32(info.st_uid))
  }

  /// The names in a folder, `.` and `..` left out, unsorted; empty when it cannot be read.
  package static func names(inFolder path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether a process with this id is running (one of another user's counts).
  package static func isProcessAlive(_ id: Int32) -> Bool {
    guard id > 0 else { return false }
    return kill(id, 0) == 0 || errno == EPERM
  }

  /// The user this process runs as.
  package static var userID: UInt32 { UInt32(getuid()) }
}
