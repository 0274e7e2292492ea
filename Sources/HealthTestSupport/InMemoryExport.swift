package import HealthArchive
package import HealthModel

/// An export.xml held in memory, as an input.
package struct InMemoryExport: HealthItemSource {
  package var xml: String
  package var name: String { "export.xml" }

  package init(xml: String) {
    self.xml = xml
  }

  package func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: name), filter: filter, diagnostics: diagnostics)
    try reader.read(consume)
  }
}
