#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// Which file a path leads to: its device and inode. Two paths with the same identity are the
/// same file, whether by the same name, a hard link or a symbolic link.
package struct FileIdentity: Hashable, Sendable {
  package var device: UInt64
  package var inode: UInt64
}

extension SystemCall {
  /// The identity of the file at `path`, following symbolic links; nil when there is none.
  package static func identity(of path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; nil when it
  /// does not exist.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

extension SystemCall {
  /// What the open descriptor `fd` is, and its size in bytes (meaningful for a regular file).
  package static func kind(ofDescriptor fd: Int32) -> (kind: FileKind, size: Int64) {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return (.missing, 0) }
    return (FileKind(mode: info.st_mode), Int64(info.st_size))
  }

  /// Makes a named pipe (FIFO) at `path`, owner-only (tests of inputs that are read once).
  package static func makeFIFO(_ path: String) throws(SystemError) {
    if mkfifo(path, 0o600) != 0 {
      throw SystemError(operation: "make the named pipe", path: path, code: errno)
    }
  }
}
