package import HealthArchive
public import HealthModel

/// One simulated person's whole Apple Health export, made on demand from a configuration:
/// export.xml as a stream, and the files beside it (FHIR clinical records, GPX routes, ECG
/// recordings) by path. Nothing is written anywhere and nothing is held but what is being read.
///
///     let export = try SampleExport(configuration: SampleConfiguration(days: 30))
///     let source = export.source()      // read like any export: CSV, inspect…
///     try SampleExportWriter.write(export, to: "sample.zip", format: .zip)
///
/// The same configuration always gives the same bytes, on any machine and in any time zone.
public final class SampleExport {
  /// The folder the files sit in inside a zip archive, as in the Health app's.
  public static let folderName = AppleExportFormat.folderName

  /// What was asked.
  public var configuration: SampleConfiguration { model.configuration }
  /// The model every byte comes from (for tests that predict the output).
  package let model: SampleModel
  /// The files beside export.xml, made on first use.
  private var builtIndex: FileIndex?
  /// Told the bytes of export.xml made, as it is read; nil for none.
  package var progressObserver: (any ProgressObserver)?

  /// The file a path names.
  enum GeneratedFile {
    case clinical(ClinicalDocument, patientIdentifier: String)
    case route(dayNumber: Int64)
    case electrocardiogram(ElectrocardiogramFile)
  }

  /// The export of `configuration`.
  /// - Throws: `SampleConfigurationError` when a value is out of range or the time zone unknown.
  package init(configuration: SampleConfiguration) throws(SampleConfigurationError) {
    model = try SampleModel(configuration: configuration)
  }

  /// When the export is made: the last second of its last day, as its `ExportDate` says.
  public var exportDate: Timestamp { Timestamp(secondsSince1970: model.exportInstant) }

  /// A short description for messages: `sample (seed 2026, 2026-01-01 to 2026-06-30, America/New_York)`.
  public var name: String {
    let first = CivilDateTime.civil(fromDays: model.firstDayNumber)
    let last = configuration.end
    return "sample (seed \(configuration.seed), \(TextOutput.dayText(first.year, first.month, first.day)) to "
      + "\(TextOutput.dayText(last.year, last.month, last.day)), \(configuration.timeZoneIdentifier))"
  }

  /// export.xml, made as it is read.
  /// - Parameter namingFiles: whether it names the files beside it (`filePaths`), as it does
  ///   where they are written; export.xml alone names none: its routes have no `FileReference`
  ///   and it has no `ClinicalRecord`.
  /// - Returns: the stream of its bytes.
  package func exportXML(namingFiles: Bool = true) -> any ByteStream {
    let stream = ExportXMLStream(
      model: model, name: "\(name):\(Self.folderName)/export.xml", namesFiles: namingFiles)
    guard let progressObserver else { return stream }
    return CountingByteStream(stream, totalBytes: nil, monitor: ReadMonitor(progress: progressObserver))
  }

  /// The export as a container that export readers open like an archive.
  package func container() -> any ExportContainer {
    SampleExportContainer(export: self)
  }

  /// The export as an input for the CSV export and `inspect`, of shape `.generated`.
  package func source(registry: MetricRegistry = .standard) -> ExportSource {
    ExportSource(container: container(), shape: .generated, registry: registry)
  }

  /// The paths of the files beside export.xml, relative to its folder
  /// (`clinical-records/Observation-….json`), in the order an archive holds them: ECGs, routes,
  /// clinical records.
  /// - Complexity: O(*days*) the first time.
  package var filePaths: [String] {
    fileIndex().paths
  }

  /// The content of the file at `path` (`/clinical-records/….json` or without the leading `/`),
  /// or nil when the export has none there.
  package func contents(ofFileAt path: String) -> [UInt8]? {
    let key = path.hasPrefix("/") ? String(path.dropFirst()) : path
    switch fileIndex().files[key] {
    case nil:
      return nil
    case .clinical(let document, let patientIdentifier):
      return model.fhirJSON(document, patientIdentifier: patientIdentifier)
    case .route(let dayNumber):
      return model.gpx(forRouteOn: dayNumber)
    case .electrocardiogram(let file):
      return model.electrocardiogramCSV(file)
    }
  }

  /// The files by path, and their paths in order.
  struct FileIndex {
    var files: [String: GeneratedFile]
    var paths: [String]
  }

  private func fileIndex() -> FileIndex {
    if let builtIndex { return builtIndex }
    var index: [String: GeneratedFile] = [:]
    var paths: [String] = []
    func add(_ path: String, _ file: GeneratedFile) {
      index[path] = file
      paths.append(path)
    }
    for file in model.electrocardiogramFiles() {
      add("electrocardiograms/" + file.fileName, .electrocardiogram(file))
    }
    for route in model.routeFiles() {
      add("workout-routes/" + route.fileName, .route(dayNumber: route.dayNumber))
    }
    let documents = model.clinicalDocuments()
    var patients: [String: String] = [:]
    for document in documents where document.resourceType == "Patient" {
      patients[document.provider.name] = document.identifier
    }
    for document in documents {
      add(
        String(document.resourceFilePath.dropFirst()),
        .clinical(document, patientIdentifier: patients[document.provider.name] ?? document.identifier))
    }
    let built = FileIndex(files: index, paths: paths)
    builtIndex = built
    return built
  }
}
