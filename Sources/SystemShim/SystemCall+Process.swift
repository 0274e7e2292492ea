import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// What a long-running server needs of the system: a file's identity (size and modification
/// time, the real path), a private temporary folder, and the signals that end it.
extension SystemCall {
  /// The size and modification time of the file or folder at `path`, following links.
  package struct FileStatus: Hashable, Sendable {
    package var size: Int64
    /// Seconds since 1970.
    package var modifiedSeconds: Int64
    /// The nanoseconds past `modifiedSeconds`.
    package var modifiedNanoseconds: Int64
  }

  /// The status of `path`, or nil when nothing is there or it cannot be read.
  package static func status(of path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return FileStatus(
      size: Int64(info.st_size), modifiedSeconds: Int64(modified.tv_sec),
      modifiedNanoseconds: Int64(modified.tv_nsec))
  }

  /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; nil when it does
  /// not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Where temporary folders go: `TMPDIR` when it names an absolute path, else `/tmp`.
  package static func temporaryBase(environment: [String: String]) -> String {
    environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
  }

  /// Creates a new folder with a unique name that starts with `prefix` inside `folder`, readable
  /// by its owner only (0700).
  /// - Throws: `SystemError` when it cannot be created.
  package static func makeTemporaryFolder(in folder: String, prefix: String) throws(SystemError) -> String {
    var template = Array("\(folder)/\(prefix)XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
    guard let made else { throw SystemError(operation: "create a folder in", path: folder, code: errno) }
    return String(cString: made)
  }

  /// Removes an empty folder; a missing one is not an error.
  package static func removeFolder(_ path: String) {
    _ = rmdir(path)
  }

  /// Lets a write to a closed pipe fail with an error (EPIPE) instead of ending the process.
  package static func ignoreBrokenPipes() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Runs `handler` with the signal's number, on a queue of its own, when the process is told to
  /// stop (SIGINT, SIGTERM, SIGHUP), in place of the default of ending at once. The handler is
  /// expected to clean up and end the process.
  package static func onTerminationSignal(_ handler: @escaping @Sendable (Int32) -> Void) {
    let queue = DispatchQueue(label: "health-exporter.signals")
    for number in [SIGINT, SIGTERM, SIGHUP] {
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      terminationSources.append(source)
    }
  }

  /// Ends the process with `code` at once.
  package static func exitProcess(_ code: Int32) -> Never {
    exit(code)
  }

  nonisolated(unsafe) private static var terminationSources: [any DispatchSourceSignal] = []
}
