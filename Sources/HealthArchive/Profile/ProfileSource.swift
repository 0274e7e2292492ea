import Foundation
import HealthModel
import SystemShim

/// A JSON health profile on disk, read as an input like an export.
public final class ProfileSource: HealthInputSource, ReadProgressReporting {
  public let path: String
  public var name: String { path }
  public var shape: InputShape { .profile }
  public var contentName: String { path }
  public private(set) var header = ExportHeader()
  /// What the profile's `metaData` said; complete after `readItems`.
  public private(set) var metadata = ProfileReader.Metadata()
  private let timeZone: TimeZone
  /// The profile, already open when the user named it (so that a pipe is read once).
  private let file: InputFile?
  /// Told the bytes of the profile read, of its size.
  public var progressObserver: (any ProgressObserver)?

  /// - Parameters:
  ///   - path: the profile.
  ///   - timeZone: where the date of birth is read as a calendar day.
  public init(path: String, timeZone: TimeZone) {
    self.path = path
    self.timeZone = timeZone
    file = nil
  }

  /// A profile already open.
  /// - Parameters:
  ///   - file: the profile.
  ///   - timeZone: where the date of birth is read as a calendar day.
  public init(file: InputFile, timeZone: TimeZone) {
    self.path = file.path
    self.timeZone = timeZone
    self.file = file
  }

  public func fileNames(in folder: String) -> [String] { [] }

  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let input = try file ?? InputFile(path: path)
    let reader = ProfileReader(
      stream: try input.openStream().observed(by: progressObserver, totalBytes: input.size),
      filter: filter, diagnostics: diagnostics, timeZone: timeZone)
    defer { metadata = reader.metadata }
    try reader.read(consume)
  }
}
