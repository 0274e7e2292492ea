#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// What the command line needs of another program it runs (the browser `report --pdf` prints
/// with): whether a file is a program this process may run, and the end of one that overran its
/// time, with the helpers it started.
extension SystemCall {
  /// Whether `path` is a regular file, symbolic links followed, that this process may execute.
  package static func isExecutableFile(_ path: String) -> Bool {
    kind(of: path) == .regularFile && access(path, X_OK) == 0
  }

  /// Ends the process `id` at once (SIGKILL). Only for a child not yet waited for, whose id no
  /// other process can have taken.
  package static func endProcess(_ id: Int32) {
    guard id > 0 else { return }
    _ = kill(id, SIGKILL)
  }

  /// Ends every process of the process group `id` at once (SIGKILL): a child started in a group
  /// of its own and the helpers it started. A group that does not exist (any more) is passed
  /// over.
  package static func endProcessGroup(_ id: Int32) {
    guard id > 0 else { return }
    _ = kill(-id, SIGKILL)
  }
}
