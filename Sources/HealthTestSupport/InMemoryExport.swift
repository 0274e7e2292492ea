package import HealthArchive
package import HealthModel

/// An export.xml held as text, read through the streaming reader: the input of tests that need
/// no file.
package final class InMemoryExport: HealthInputSource {
  package let xml: String
  package var name: String { "export.xml" }
  package var shape: InputShape { .xmlFile }
  package var contentName: String { name }
  /// What the reader learned, once the items are read.
  package private(set) var header = ExportHeader()

  package init(xml: String) {
    self.xml = xml
  }

  package func fileNames(in folder: String) -> [String] { [] }

  package func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let bytes = Array(xml.utf8)
    let reader = ExportXMLReader(
      stream: MemoryByteStream(bytes, name: name).observed(by: monitor, totalBytes: Int64(bytes.count)),
      filter: filter, diagnostics: diagnostics)
    defer { header = reader.header }
    try reader.read(consume)
  }
}
