import Foundation
public import HealthArchive
import HealthModel
import SystemShim

/// Writes a generated export as a zip archive, a folder or export.xml alone, whole or not at all:
/// everything goes to a temporary name beside the destination, which is renamed into place at
/// the end. An existing output is replaced only when asked. export.xml names exactly the files
/// written beside it: export.xml alone names none (`SampleExport.exportXML(namingFiles:)`).
public enum SampleExportWriter {
  /// What was written.
  public struct Outcome: Hashable, Sendable {
    /// Where it was written (without a trailing `/`).
    public var path: String
    /// Zip archive, folder or export.xml alone.
    public var format: SampleOutputFormat
    /// The size of export.xml, in bytes.
    public var exportXMLBytes: Int
    /// The other files written (none for `.xml`).
    public var fileCount: Int
    /// The files not written beside export.xml alone (none for the other formats).
    public var filesLeftOut = 0
    /// The `ClinicalRecord`s export.xml alone leaves out with their files.
    public var clinicalRecordsLeftOut = 0
    /// The routes' `FileReference`s export.xml alone leaves out with their files.
    public var routeReferencesLeftOut = 0
    /// What was generated.
    public var configuration: SampleConfiguration
    /// How the export names itself: `sample (seed 2026, 2026-01-01 to 2026-06-30, America/New_York)`.
    public var exportName: String

    /// The line `generate` prints: `Wrote sample.zip (zip archive): export.xml of 88.6 MB and
    /// 161 other files; 181 days of a sample (seed 2026, 2026-01-01 to 2026-06-30, America/New_York).`
    /// export.xml alone adds what it leaves out: `; export.xml alone names no file: 83 clinical
    /// records and 76 workout route references left out, and 161 files not written (a .zip or a
    /// folder keeps them).`
    public var line: String {
      var text =
        "Wrote \(path) (\(format.displayName)): export.xml of \(TextOutput.megabytes(exportXMLBytes))"
      if fileCount > 0 { text += " and \(fileCount) other files" }
      text += "; \(configuration.days) days of a \(exportName)"
      if configuration.density != 1 {
        text += ", density \(TextOutput.text(configuration.density, decimals: 3))"
      }
      if let note = AppleExportFormat.exportXMLAloneNote(
        clinicalRecords: clinicalRecordsLeftOut, routeReferences: routeReferencesLeftOut, files: filesLeftOut,
        kept: "them")
      {
        text += "; " + note
      }
      return text + "."
    }
  }

  /// Writes `export` to `path`.
  /// - Parameters:
  ///   - export: what is written.
  ///   - path: where it is written.
  ///   - format: zip archive, folder or export.xml alone.
  ///   - overwrites: whether an existing file or folder at `path` may be replaced.
  /// - Returns: what was written.
  /// - Throws: `OutputError`; nothing is left behind on failure.
  /// - Complexity: O(*n*) in the size of the export; memory stays bounded by one file beside
  ///   export.xml and a day's records of one type.
  @discardableResult
  public static func write(
    _ export: SampleExport, to path: String, format: SampleOutputFormat, overwrites: Bool
  ) throws(OutputError) -> Outcome {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let output = try TemporaryOutput(
      path: path, overwrites: overwrites, form: format == .folder ? .folder : .file)
    var xmlBytes = 0
    var fileCount = 0
    var filesLeftOut = 0
    do {
      let archive = try archive(export, format: format, at: output.temporaryPath, displayPath: path)
      xmlBytes = try archive.writeExportXML { sink in
        let stream = export.exportXML(namingFiles: format != .xml)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
          let count = try stream.read(filling: &chunk)
          if count == 0 { break }
          try sink.write(chunk[0..<count])
        }
      }
      for file in export.filePaths {
        // Made only where the format keeps it (not beside export.xml alone).
        try archive.addFile(at: file) { sink in
          // Every path of `filePaths` has its contents.
          try sink.write(export.contents(ofFileAt: file) ?? [])
        }
      }
      try archive.finish()
      fileCount = archive.filePaths.count
      filesLeftOut = archive.filesLeftOut
      try output.commit()
    } catch {
      output.discard()
      if let error = error as? OutputError { throw error }
      throw .writeFailed(path: path, reason: "\(error)")
    }
    var outcome = Outcome(
      path: path, format: format, exportXMLBytes: xmlBytes, fileCount: fileCount,
      configuration: export.configuration, exportName: export.name)
    outcome.filesLeftOut = filesLeftOut
    if format == .xml {
      // Each route and each clinical record has a file of its own.
      outcome.clinicalRecordsLeftOut = export.filePaths.count { $0.hasPrefix("clinical-records/") }
      outcome.routeReferencesLeftOut = export.filePaths.count { $0.hasPrefix("workout-routes/") }
    }
    return outcome
  }

  /// The archive `format` writes at `temporary`: a zip archive's entries are dated the export's
  /// local time.
  private static func archive(
    _ export: SampleExport, format: SampleOutputFormat, at temporary: String, displayPath: String
  ) throws -> AppleExportArchive {
    switch format {
    case .zip:
      let model = export.model
      let local = CivilDateTime(secondsSince1970: model.exportInstant + Int64(model.exportOffset))
      return try AppleExportArchive(
        zipAt: temporary, modificationTime: ZipWriter.DOSDateTime(civil: local), displayPath: displayPath)
    case .folder:
      return AppleExportArchive(folderAt: temporary, displayPath: displayPath)
    case .xml:
      return AppleExportArchive(xmlAt: temporary, displayPath: displayPath)
    }
  }
}
