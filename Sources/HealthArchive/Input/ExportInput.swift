public import Foundation

/// What a job reads, named by value: an export or a profile on disk, or one held in memory.
/// (Items an app supplies are a source of their own, `HealthItemSequence`.)
public enum ExportInput: Hashable, Sendable {
  /// The Health app's `export.zip`, its unpacked folder, the health XML alone (whatever its
  /// name) or a JSON health profile, told apart by content.
  case path(String)
  /// The bytes of an `export.zip`, of the health XML alone or of a JSON profile, held in memory
  /// (an app's document picker, a download), told apart by content; `name` is what messages
  /// call it.
  case bytes([UInt8], name: String)

  /// Opens the input.
  /// - Parameter timeZone: where a profile's date of birth is a calendar day.
  /// - Returns: the input as a source of items.
  /// - Throws: `InputError.notFound` (nothing at the path), `.notAnExport` (none of the accepted
  ///   inputs), `.ambiguous` (several health XMLs); `ZipError` for a damaged archive.
  public func open(timeZone: TimeZone) throws -> any HealthInputSource {
    switch self {
    case .path(let path):
      try HealthInput.open(path: path, timeZone: timeZone)
    case .bytes(let bytes, let name):
      try HealthInput.open(bytes: bytes, name: name, timeZone: timeZone)
    }
  }
}
