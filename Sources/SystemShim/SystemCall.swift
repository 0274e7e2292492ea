#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// A failed call into the operating system, with the path it was about and the C library's words.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done, in plain words ("open", "write", "rename").
  package var operation: String
  /// The file the call was about.
  package var path: String
  /// The `errno` value the call left.
  package var code: Int32

  package init(operation: String, path: String, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// The C library's description of `code`, such as "No such file or directory".
  package var reason: String { String(cString: strerror(code)) }

  /// Whether the file or a folder on its path does not exist.
  package var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
  /// Whether the file already exists.
  package var isAlreadyExists: Bool { code == EEXIST }
  /// Whether permission was refused.
  package var isPermissionDenied: Bool { code == EACCES || code == EPERM || code == EROFS }
  /// Whether the file system cannot make hard links.
  package var isLinkUnsupported: Bool {
    code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV || code == EMLINK
  }

  package var description: String { "cannot \(operation) \(path): \(reason)" }
}

/// Runs a call that returns -1 and sets `errno` on failure, retrying when a signal interrupted it.
@inline(__always)
private func retrying<T: BinaryInteger>(
  _ operation: String, _ path: String, _ call: () -> T
) throws(SystemError) -> T {
  while true {
    let result = call()
    if result >= 0 { return result }
    let code = errno
    if code == EINTR { continue }
    throw SystemError(operation: operation, path: path, code: code)
  }
}

/// The file system calls the package needs, in one place, so that no other module imports a C
/// library directly.
package enum SystemCall {
  /// Opens an existing file for reading.
  package static func openForReading(_ path: String) throws(SystemError) -> Int32 {
    try retrying("open", path) { open(path, O_RDONLY | O_CLOEXEC) }
  }

  /// Creates a new file for writing, failing if anything exists at `path`; the file gets `mode`.
  package static func createExclusive(_ path: String, mode: UInt16) throws(SystemError) -> Int32 {
    let fd = try retrying("create", path) {
      open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
    }
    // The umask may have taken permissions away, never added any; set exactly what was asked.
    _ = fchmod(fd, mode_t(mode))
    return fd
  }

  /// Creates a new, empty file at `path` for writing, with `mode`, in place of any file of that
  /// name (a writer's own temporary file, made empty beforehand to reserve the name).
  ///
  /// The old name is removed and the file created anew with `O_EXCL`, so that a symbolic link or
  /// a hard link put in its place meanwhile is never followed or written through: if anything
  /// appears at the name between the two steps, creating fails. Both steps hold the lock of
  /// `TemporaryPaths.shared`, so that a signal's cleanup that has removed the temporary never
  /// sees it made again before the process ends.
  package static func createOrTruncate(_ path: String, mode: UInt16) throws(SystemError) -> Int32 {
    try TemporaryPaths.shared.whileLocked { () throws(SystemError) -> Int32 in
      if unlink(path) != 0 && errno != ENOENT {
        throw SystemError(operation: "replace", path: path, code: errno)
      }
      return try createExclusive(path, mode: mode)
    }
  }

  /// Opens an existing file, such as a device or a named pipe, for writing, without creating or
  /// truncating it.
  package static func openExistingForWriting(_ path: String) throws(SystemError) -> Int32 {
    try retrying("open", path) { open(path, O_WRONLY | O_CLOEXEC) }
  }

  /// Reads up to `count` bytes into `buffer`; 0 means the end of the file.
  package static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String
  ) throws(SystemError) -> Int {
    try retrying("read", path) { posixRead(fd, buffer, count) }
  }

  /// Reads up to `count` bytes from byte `offset` of the file into `buffer`, leaving the file
  /// position alone; 0 means the offset is at or past the end of the file.
  package static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64, path: String
  ) throws(SystemError) -> Int {
    try retrying("read", path) { posixPread(fd, buffer, count, offset) }
  }

  /// Writes all `count` bytes at byte `offset` of the file, leaving the file position alone.
  package static func writeAll(
    _ fd: Int32, _ bytes: UnsafeRawPointer, count: Int, at offset: Int64, path: String
  ) throws(SystemError) {
    var written = 0
    while written < count {
      let n = try retrying("write", path) {
        posixPwrite(fd, bytes + written, count - written, offset + Int64(written))
      }
      written += n
    }
  }

  /// Reads into the free capacity of `output` (at most `count` bytes when given); nothing read
  /// means the end of the file.
  package static func read(
    _ fd: Int32, appendingTo output: inout OutputRawSpan, count: Int? = nil, path: String
  ) throws(SystemError) {
    let wanted = min(count ?? output.freeCapacity, output.freeCapacity)
    guard wanted > 0 else { return }
    try output.withUnsafeMutableBytes { (buffer, initialized) throws(SystemError) in
      guard let base = buffer.baseAddress else { return }
      initialized += try read(fd, into: base + initialized, count: wanted, path: path)
    }
  }

  /// Reads into the free capacity of `output` (at most `count` bytes when given) from byte
  /// `offset` of the file, leaving the file position alone; nothing read means the offset is at or
  /// past the end of the file.
  package static func read(
    _ fd: Int32, appendingTo output: inout OutputRawSpan, count: Int? = nil, at offset: Int64, path: String
  ) throws(SystemError) {
    let wanted = min(count ?? output.freeCapacity, output.freeCapacity)
    guard wanted > 0 else { return }
    try output.withUnsafeMutableBytes { (buffer, initialized) throws(SystemError) in
      guard let base = buffer.baseAddress else { return }
      initialized += try read(fd, into: base + initialized, count: wanted, at: offset, path: path)
    }
  }

  /// Writes all of `bytes`, however many calls it takes.
  package static func writeAll(_ fd: Int32, _ bytes: RawSpan, path: String) throws(SystemError) {
    try bytes.withUnsafeBytes { (buffer) throws(SystemError) in
      guard let base = buffer.baseAddress else { return }
      try writeAll(fd, base, count: buffer.count, path: path)
    }
  }

  /// Writes all of `bytes` at byte `offset` of the file, leaving the file position alone.
  package static func writeAll(_ fd: Int32, _ bytes: RawSpan, at offset: Int64, path: String)
    throws(SystemError)
  {
    try bytes.withUnsafeBytes { (buffer) throws(SystemError) in
      guard let base = buffer.baseAddress else { return }
      try writeAll(fd, base, count: buffer.count, at: offset, path: path)
    }
  }

  /// The size in bytes of the open file `fd`.
  package static func size(of fd: Int32, path: String) throws(SystemError) -> Int64 {
    var info = stat()
    _ = try retrying("stat", path) { fstat(fd, &info) }
    return Int64(info.st_size)
  }

  /// Writes all `count` bytes, however many calls it takes.
  package static func writeAll(
    _ fd: Int32, _ bytes: UnsafeRawPointer, count: Int, path: String
  ) throws(SystemError) {
    var written = 0
    while written < count {
      let n = try retrying("write", path) { posixWrite(fd, bytes + written, count - written) }
      written += n
    }
  }

  /// Flushes the file's data to the storage device.
  package static func synchronize(_ fd: Int32, path: String) throws(SystemError) {
    _ = try retrying("sync", path) { fsync(fd) }
  }

  /// On Linux, writes the file's data to the storage device and drops `count` bytes of it from
  /// byte `offset` on from the page cache, so that a file of gigabytes written once does not take
  /// the cache's free pages one by one. Elsewhere it does nothing: without the advice to drop the
  /// pages, writing them early would only cost time.
  package static func synchronizeAndDropPages(
    _ fd: Int32, offset: Int64, count: Int64, path: String
  ) throws(SystemError) {
    #if os(Linux)
      _ = try retrying("sync", path) { fsync(fd) }
      // Only advice: a failure leaves the pages cached, which changes nothing else.
      _ = posix_fadvise(fd, off_t(offset), off_t(count), POSIX_FADV_DONTNEED)
    #endif
  }

  /// Closes a descriptor; errors on close of a file opened for reading are of no use and ignored.
  package static func close(_ fd: Int32) {
    _ = posixClose(fd)
  }

  /// Closes a written file, reporting a failure (some file systems report write errors only here).
  package static func closeChecked(_ fd: Int32, path: String) throws(SystemError) {
    if posixClose(fd) != 0 {
      throw SystemError(operation: "close", path: path, code: errno)
    }
  }

  /// Moves `source` to `destination`, replacing whatever is there, in one atomic step.
  package static func rename(_ source: String, to destination: String) throws(SystemError) {
    _ = try retrying("rename", destination) { posixRename(source, destination) }
  }

  /// Makes `destination` a second name of `source`; fails if `destination` exists.
  package static func link(_ source: String, to destination: String) throws(SystemError) {
    _ = try retrying("link", destination) { posixLink(source, destination) }
  }

  /// Removes a file name; a missing file is not an error.
  package static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// Creates a new folder, failing if anything exists at `path`; the folder gets `mode`.
  package static func createFolder(_ path: String, mode: UInt16) throws(SystemError) {
    _ = try retrying("create", path) { mkdir(path, mode_t(mode)) }
    // The umask may have taken permissions away, never added any; set exactly what was asked
    // (of the folder just made: a symbolic link put in its place is not followed).
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if fd >= 0 {
      _ = fchmod(fd, mode_t(mode))
      _ = posixClose(fd)
    }
  }

  /// Sets the permission bits of the file or folder at `path`.
  package static func setPermissions(_ path: String, mode: UInt16) throws(SystemError) {
    _ = try retrying("change the permissions of", path) { chmod(path, mode_t(mode)) }
  }

  /// What lies at a path.
  package enum FileKind: Equatable, Sendable {
    case missing, regularFile, directory, other

    /// The kind a `stat` mode's file type bits say.
    init(mode: mode_t) {
      switch mode & S_IFMT {
      case S_IFREG: self = .regularFile
      case S_IFDIR: self = .directory
      default: self = .other
      }
    }
  }

  /// What lies at `path`, following symbolic links.
  package static func kind(of path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return FileKind(mode: info.st_mode)
  }

  /// The size of the file at `path` in bytes, or nil when it cannot be read.
  package static func fileSize(_ path: String) -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int64(info.st_size)
  }

  /// The permission bits of the file at `path`.
  package static func permissions(of path: String) -> UInt16? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt16(info.st_mode & 0o7777)
  }

  /// This process's id, for unique temporary file names.
  package static var processID: Int32 { getpid() }

  /// The largest resident memory this process has had, in bytes.
  package static func peakResidentMemoryBytes() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)  // bytes on Apple platforms
    #else
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }
}

// The C functions under names that do not clash with the static methods above.
@inline(__always) private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(fd, buffer, count)
}
@inline(__always) private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
@inline(__always) private func posixPread(
  _ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int64
) -> Int {
  pread(fd, buffer, count, off_t(offset))
}
@inline(__always) private func posixPwrite(
  _ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ offset: Int64
) -> Int {
  pwrite(fd, buffer, count, off_t(offset))
}
@inline(__always) private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func posixRename(_ a: String, _ b: String) -> Int32 { rename(a, b) }
@inline(__always) private func posixLink(_ a: String, _ b: String) -> Int32 { link(a, b) }
