import HealthArchive
import HealthModel

/// An export.xml held in memory, as an input.
public struct InMemoryExport: HealthItemSource {
  public var xml: String
  public var name: String { "export.xml" }

  public init(xml: String) {
    self.xml = xml
  }

  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: name), filter: filter, diagnostics: diagnostics)
    try reader.read(consume)
  }
}
