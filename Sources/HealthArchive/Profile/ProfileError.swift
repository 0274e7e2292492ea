public import Foundation
public import HealthModel

/// A JSON profile that cannot be read or written.
public enum ProfileError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// `metaData.type` names another kind of document.
  case unsupportedType(String, at: SourceLocation)
  /// The document has no `metaData` object.
  case missingMetaData(file: String)
  /// The top level is not an object.
  case notAnObject(at: SourceLocation)
  /// A temporary file for a large profile cannot be written.
  case cannotSpill(path: String, reason: String)

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .unsupportedType(let type, let location):
      "\(location), at metaData.type: the profile type is '\(type)', but only JsonSingleDocExportTarget profiles are read."
    case .missingMetaData(let file):
      "\(file) has no metaData object; it is not a health profile (HealthKitSampleGenerator format 1.0.0)."
    case .notAnObject(let location):
      "\(location): a health profile is a JSON object; this file holds something else."
    case .cannotSpill(let path, let reason):
      "Cannot write the temporary file \(path) for a large profile: \(reason)."
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}

extension ProfileError: ClassifiedError {
  /// A spill file that cannot be made is an output that cannot be; anything else, a malformed
  /// profile.
  package var failureKind: FailureKind {
    if case .cannotSpill = self { return .cannotCreate }
    return .malformedInput
  }
}
