package import HealthModel

/// An Apple Health export, whatever its shape (a zip archive, its unpacked folder, or export.xml
/// alone): its health XML streamed through the reader, with the lab results of its clinical
/// records read from their FHIR files when asked.
package final class ExportSource: HealthInputSource {
  let container: any ExportContainer
  let registry: MetricRegistry

  /// The shapes an export comes in.
  package typealias Shape = InputShape

  /// What the user named.
  package var name: String { container.name }
  /// Whether the export is a zip archive, an unpacked folder or the XML alone.
  package let shape: Shape
  /// The health XML's name inside the export (`apple_health_export/exportación.xml`).
  package var contentName: String { container.healthXMLName }
  /// What the reader learned about the export: the locale and DTD version once the first item
  /// has come, everything after `readItems`.
  package var header: ExportHeader { reader?.header ?? chunkedReading?.header ?? finishedHeader }
  private var finishedHeader = ExportHeader()
  /// The reader while `readItems` runs.
  private var reader: ExportXMLReader?
  /// The reading in chunks while `readItems` runs, when it reads so.
  private var chunkedReading: ChunkedXMLReading?
  /// How the last reading in chunks went; nil when the last reading was not in chunks.
  private(set) var chunkCounts: ChunkedXMLReading.Counts?
  /// About how many bytes of the health XML each of the threads that read it at once takes at a
  /// time, when the filter asks for it (`ItemFilter.readsInParallel`, `ChunkedXMLReading`); a
  /// health XML of fewer than two chunks is read by one reader. An archive's entry is inflated
  /// once into blocks of this size that the threads share (`SharedByteWindow`).
  package var chunkSize = 1 << 20

  /// An export read from `container`.
  package init(container: any ExportContainer, shape: Shape, registry: MetricRegistry = .standard) {
    self.container = container
    self.shape = shape
    self.registry = registry
  }

  /// The names of the files in one of the export's folders (`electrocardiograms`,
  /// `workout-routes`, `clinical-records`), sorted.
  package func fileNames(in folder: String) -> [String] {
    container.fileNames(in: folder)
  }

  package func readItems(
    filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    var readerFilter = filter
    readerFilter.includesClinicalRecords =
      filter.includesClinicalRecords || filter.includesLabResults || filter.includesClinicalResources
    let resources = ResourceFiles(container: container)
    func consumeXML(_ item: HealthItem, _ location: SourceLocation) throws {
      switch item {
      case .clinicalRecord(let record):
        try readClinicalRecord(
          record, at: location, filter: filter, from: resources, diagnostics: diagnostics, consume)
      case .workout(let workout):
        try consume(item, location)
        if filter.includesRoutePoints {
          try readRouteFiles(of: workout, at: location, from: resources, diagnostics: diagnostics, consume)
        }
      default:
        try consume(item, location)
      }
    }
    if filter.readsInParallel, let size = container.healthXMLSize, size >= 2 * Int64(chunkSize),
      let bytes = try container.healthXMLAtOffsets(blockSize: chunkSize)
    {
      let reading = ChunkedXMLReading(source: bytes, size: size, chunkSize: chunkSize, filter: readerFilter)
      chunkedReading = reading
      defer {
        finishedHeader = reading.header
        chunkCounts = reading.counts
        chunkedReading = nil
      }
      try reading.read(diagnostics: diagnostics, monitor: monitor, consumeXML)
    } else {
      chunkCounts = nil
      let reader = ExportXMLReader(
        stream: try container.openHealthXML().observed(by: monitor, totalBytes: container.healthXMLSize),
        filter: readerFilter, diagnostics: diagnostics)
      self.reader = reader
      defer {
        finishedHeader = reader.header
        self.reader = nil
      }
      try reader.read(consumeXML)
    }
    if filter.includesElectrocardiograms {
      try readElectrocardiograms(from: resources, diagnostics: diagnostics, consume)
    }
  }
}
