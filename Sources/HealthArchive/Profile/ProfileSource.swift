package import Foundation
package import HealthModel
import SystemShim

/// A JSON health profile on disk, read as an input like an export.
package final class ProfileSource: HealthInputSource {
  package let path: String
  package var name: String { path }
  package var shape: InputShape { .profile }
  package var contentName: String { path }
  package private(set) var header = ExportHeader()
  /// What the profile's `metaData` said; complete after `readItems`.
  package private(set) var metadata = ProfileReader.Metadata()
  private let timeZone: TimeZone
  /// The profile, already open when the user named it (so that a pipe is read once).
  private let file: InputFile?
  /// The profile, when it is held in memory.
  private let bytes: [UInt8]?

  /// - Parameters:
  ///   - path: the profile.
  ///   - timeZone: where the date of birth is read as a calendar day.
  package init(path: String, timeZone: TimeZone) {
    self.path = path
    self.timeZone = timeZone
    file = nil
    bytes = nil
  }

  /// A profile already open.
  /// - Parameters:
  ///   - file: the profile.
  ///   - timeZone: where the date of birth is read as a calendar day.
  package init(file: InputFile, timeZone: TimeZone) {
    self.path = file.path
    self.timeZone = timeZone
    self.file = file
    bytes = nil
  }

  /// A profile held in memory.
  /// - Parameters:
  ///   - bytes: the whole profile.
  ///   - name: what messages call it.
  ///   - timeZone: where the date of birth is read as a calendar day.
  package init(bytes: [UInt8], name: String, timeZone: TimeZone) {
    self.path = name
    self.timeZone = timeZone
    file = nil
    self.bytes = bytes
  }

  package func fileNames(in folder: String) -> [String] { [] }

  package func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let stream: any ByteStream
    let totalBytes: Int64?
    if let bytes {
      stream = MemoryByteStream(bytes, name: path)
      totalBytes = Int64(bytes.count)
    } else {
      let input = try file ?? InputFile(path: path)
      stream = try input.openStream()
      totalBytes = input.size
    }
    let reader = ProfileReader(
      stream: stream.observed(by: monitor, totalBytes: totalBytes),
      filter: filter, diagnostics: diagnostics, timeZone: timeZone)
    defer {
      metadata = reader.metadata
      header.timeZones = reader.timeZones
    }
    try reader.read(consume)
  }
}
