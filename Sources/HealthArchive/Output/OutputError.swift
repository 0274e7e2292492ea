public import Foundation
package import HealthModel

/// An output file that cannot be written.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file exists and overwriting was not asked for.
  case alreadyExists(path: String)
  /// The folder the file should go in does not exist.
  case folderNotFound(path: String)
  /// The file cannot be created there (permissions, a read-only disk, a path that is not a file).
  case cannotCreate(path: String, reason: String)
  /// The file is one of the inputs (the same file, a hard link or a symbolic link to it, or a
  /// file inside an input folder); it is never replaced, even when overwriting was asked for.
  case isAnInput(path: String, input: String)
  /// Writing failed part-way (disk full, I/O error); nothing was left behind.
  case writeFailed(path: String, reason: String)

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .alreadyExists(let path):
      "\(path) already exists. Pass --force to overwrite it, or choose another path with --output."
    case .folderNotFound(let path):
      "The folder for \(path) does not exist. Create it first, or choose another path with --output."
    case .cannotCreate(let path, let reason):
      "Cannot create \(path): \(reason)."
    case .isAnInput(let path, let input):
      "\(path) is the input \(input) or part of it, which is never overwritten, even with --force. Choose another path with --output."
    case .writeFailed(let path, let reason):
      "Writing \(path) failed: \(reason). Nothing was written."
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }

  /// Whether the error happened while writing rather than creating (an I/O error).
  public var isWriteFailure: Bool {
    if case .writeFailed = self { return true }
    return false
  }
}

extension OutputError {
  /// What went wrong, without the path: the system's words where it gave any.
  package var reason: String {
    switch self {
    case .cannotCreate(_, let reason), .writeFailed(_, let reason): reason
    default: description
    }
  }
}

extension OutputError: ClassifiedError {
  package var failureKind: FailureKind { isWriteFailure ? .inputOutput : .cannotCreate }
}
