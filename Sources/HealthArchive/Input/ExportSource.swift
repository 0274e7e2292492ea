import HealthModel

/// An Apple Health export, whatever its shape (a zip archive, its unpacked folder, or export.xml
/// alone): its health XML streamed through the reader, with the lab results of its clinical
/// records read from their FHIR files when asked.
public final class ExportSource: HealthInputSource, ReadProgressReporting {
  /// The largest FHIR file read, in bytes.
  static let clinicalFileLimit = 16 << 20

  let container: any ExportContainer
  private let registry: MetricRegistry

  /// The shapes an export comes in.
  public typealias Shape = InputShape

  /// What the user named.
  public var name: String { container.name }
  /// Whether the export is a zip archive, an unpacked folder or the XML alone.
  public let shape: Shape
  /// The health XML's name inside the export (`apple_health_export/exportación.xml`).
  public var contentName: String { container.healthXMLName }
  /// What the reader learned about the export: the locale and DTD version once the first item
  /// has come, everything after `readItems`.
  public var header: ExportHeader { reader?.header ?? finishedHeader }
  private var finishedHeader = ExportHeader()
  /// The reader while `readItems` runs.
  private var reader: ExportXMLReader?
  /// Told the bytes of the health XML read, of its size.
  public var progressObserver: (any ProgressObserver)?

  /// An export read from `container`.
  public init(container: any ExportContainer, shape: Shape, registry: MetricRegistry = .standard) {
    self.container = container
    self.shape = shape
    self.registry = registry
  }

  /// The names of the files in one of the export's folders (`electrocardiograms`,
  /// `workout-routes`, `clinical-records`), sorted.
  public func fileNames(in folder: String) -> [String] {
    container.fileNames(in: folder)
  }

  public func readItems(
    filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    var readerFilter = filter
    readerFilter.includesClinicalRecords = filter.includesClinicalRecords || filter.includesLabResults
    let reader = ExportXMLReader(
      stream: try container.openHealthXML().observed(
        by: progressObserver, totalBytes: container.healthXMLSize),
      filter: readerFilter, diagnostics: diagnostics)
    self.reader = reader
    defer {
      finishedHeader = reader.header
      self.reader = nil
    }
    try reader.read { item, location in
      guard case .clinicalRecord(let record) = item else {
        try consume(item, location)
        return
      }
      if filter.includesClinicalRecords { try consume(item, location) }
      if filter.includesLabResults {
        try readLabResults(of: record, at: location, diagnostics: diagnostics, consume)
      }
    }
  }

  /// Reads the FHIR file of an Observation record and hands on its lab result, or reports why
  /// it gives none.
  private func readLabResults(
    of record: ClinicalRecord, at location: SourceLocation, diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    guard record.type == "Observation" else { return }
    func skip(_ reason: String, _ kind: Diagnostic.Kind = .malformed) throws {
      try diagnostics.report(Diagnostic(reason: reason, location: location, kind: kind))
    }
    guard let path = record.resourceFilePath, !path.isEmpty else {
      return try skip("a clinical record without a resourceFilePath")
    }
    guard FolderContainer.safeComponents(of: path) != nil else {
      return try skip("a clinical record whose resourceFilePath leaves the export")
    }
    guard let bytes = try container.contents(ofFileAt: path, limit: Self.clinicalFileLimit) else {
      return try skip("a clinical record whose file is missing")
    }
    let resource: JSONValue
    do {
      resource = try JSONValue(parsing: bytes, name: container.displayName(ofFileAt: path))
    } catch let error as JSONError {
      // Where the JSON goes wrong, rather than the export.xml line that points at the file.
      let place = SourceLocation(file: error.name, line: 0, byteOffset: Int64(error.offset))
      return try diagnostics.report(
        Diagnostic(reason: "a clinical record whose file is not valid JSON", location: place))
    }
    switch FHIRObservation.read(resource, record: record, registry: registry) {
    case .result(let result):
      try consume(.labResult(result), location)
    case .skipped(let reason, let kind):
      try skip(reason, kind)
    case .notAnObservation:
      return
    }
  }
}
