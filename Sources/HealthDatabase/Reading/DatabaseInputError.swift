package import HealthModel

/// Why an SQLite file named as an input is not read: it is not a database of this tool's, or one
/// of a schema version this one does not read.
public enum DatabaseInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An SQLite file that is not a database of this tool.
  case notOurs(path: String, reason: String)
  /// A database of this tool of an older schema.
  case olderSchema(path: String, version: Int64)

  /// The message, as the command line shows it.
  public var description: String {
    switch self {
    case .notOurs(let path, let reason):
      "\(path) is an SQLite database, but not one of health-exporter's: \(reason); make one with 'health-exporter database', or give the export itself"
    case .olderSchema(let path, let version):
      "\(path) has schema version \(version), made by an older health-exporter, and cannot be read; make it again from the newest export: health-exporter database EXPORT -o \(path) --force"
    }
  }
}

extension DatabaseInputError: ClassifiedError {
  /// The input is not one the tool reads (65).
  package var failureKind: FailureKind { .malformedInput }
}
