import Foundation
import HealthArchive
import HealthModel

/// Apple's format as an output of the pipeline: the items of an input written as they are read,
/// into a zip archive or a folder made beside the destination, or export.xml as bytes (which may
/// go to standard output).
struct AppleExportOutput: ExportWriter {
  var format: AppleExportFormat
  var options: AppleExportWriter.Options
  /// The date of a zip archive's entries.
  var modificationTime: ZipWriter.DOSDateTime

  var outputForm: TemporaryOutput.Form? {
    switch format {
    case .zip: .file
    case .folder: .folder
    case .xml: nil
    }
  }

  func write(_ items: HealthItems, to destination: OutputDestination) throws -> AppleExportWriter.Outcome {
    let displayPath = destination.path ?? "standard output"
    let locale = { items.source.header.locale }
    func write(into archive: AppleExportArchive) throws -> AppleExportWriter.Outcome {
      try AppleExportWriter(archive: archive, options: options).write(locale: locale) { add in
        try items.read { item, _ in try add(item) }
      }
    }
    switch format {
    case .zip:
      return try destination.writeFile { temporaryPath in
        try write(
          into: AppleExportArchive(
            zipAt: temporaryPath, modificationTime: modificationTime, displayPath: displayPath))
      }
    case .folder:
      return try destination.writeFile(form: .folder) { temporaryPath in
        try write(into: AppleExportArchive(folderAt: temporaryPath, displayPath: displayPath))
      }
    case .xml:
      return try destination.write { sink in
        try write(into: AppleExportArchive(xmlTo: sink, displayPath: displayPath))
      }
    }
  }
}
