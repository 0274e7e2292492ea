import HealthModel

/// An input that yields health items: an export.xml, an archive, a profile.
public protocol HealthItemSource {
  /// What the user named, for messages.
  var name: String { get }

  /// Reads the whole input once, handing each item the filter wants to `consume` with where it
  /// starts.
  /// - Throws: the format's errors (`XMLError`, `InputError`, …), `StrictModeError` in strict
  ///   mode, and whatever `consume` throws.
  func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws
}

/// An export.xml file on disk, whatever its name.
public struct ExportXMLFile: HealthItemSource {
  public let path: String
  public var name: String { path }

  public init(path: String) {
    self.path = path
  }

  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let stream = try FileByteStream(path: path)
    let reader = ExportXMLReader(stream: stream, filter: filter, diagnostics: diagnostics)
    try reader.read(consume)
  }
}
