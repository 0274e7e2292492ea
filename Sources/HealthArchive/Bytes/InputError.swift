public import Foundation
package import HealthModel
import SystemShim

/// An input that cannot be opened or read.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The path exists but cannot be read (permissions, a special file).
  case unreadable(path: String, reason: String)
  /// Reading failed part-way (a disk or network file system error).
  case readFailed(path: String, reason: String)
  /// The input is none of the accepted kinds.
  case notAnExport(path: String, detail: String)
  /// A folder or archive holds several health XMLs and none is named export.xml.
  case ambiguous(path: String, candidates: [String])
  /// A file read whole is larger than the limit, in bytes.
  case tooLarge(path: String, limit: Int)
  /// Items an app supplies (`HealthItemSequence`), gone through twice by one job, gave a
  /// different number of items the second time.
  case changedBetweenPasses(name: String, first: Int, second: Int)

  init(path: String, systemError: SystemError) {
    self =
      systemError.isNotFound
      ? .notFound(path: path) : .unreadable(path: path, reason: systemError.reason)
  }

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .notFound(let path):
      "No such file or folder: \(path). Check the path, or pass the export.zip, its unpacked folder or export.xml."
    case .unreadable(let path, let reason):
      "Cannot read \(path): \(reason)."
    case .readFailed(let path, let reason):
      "Reading \(path) failed: \(reason)."
    case .notAnExport(let path, let detail):
      "\(path) is not an Apple Health export: \(detail). Pass the export.zip the Health app made, its unpacked folder, or export.xml."
    case .tooLarge(let path, let limit):
      "\(path) is larger than \(ResourceLimit.text(bytes: limit)), more than a file of its kind holds; check that it is the right file."
    case .changedBetweenPasses(let name, let first, let second):
      "\(name) gave \(first) items the first time they were gone through and \(second) the second: a database or Apple's format in the export's own zone goes through an app's items twice, to find the zone, then to write them. Supply a collection, or name the zone."
    case .ambiguous(let path, let candidates):
      "\(path) holds several Health exports (\(candidates.joined(separator: ", "))). Pass the one to read\(Self.choosing(candidates, in: path))."
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }

  /// How to pass one of several exports: an archive's as `ARCHIVE.zip:NAME`, a folder's by its
  /// path inside the folder.
  private static func choosing(_ candidates: [String], in path: String) -> String {
    guard let first = candidates.first else { return "" }
    if first.hasPrefix(path + ":") { return ", such as \(first)" }
    return ", such as \(path)/\(first)"
  }
}

extension InputError: ClassifiedError {
  package var failureKind: FailureKind {
    switch self {
    case .readFailed: .inputOutput
    case .notFound, .unreadable: .missingInput
    case .notAnExport, .ambiguous, .tooLarge, .changedBetweenPasses: .malformedInput
    }
  }
}
