import Foundation
import HealthArchive
import HealthModel
import SystemShim

/// Writes a generated export as a zip archive, a folder or export.xml alone, whole or not at all:
/// everything goes to a temporary name beside the destination, which is renamed into place at
/// the end. An existing output is replaced only when asked.
public enum SampleExportWriter {
  /// What was written.
  public struct Summary: Hashable, Sendable {
    /// Where it was written (without a trailing `/`).
    public var path: String
    /// Zip archive, folder or export.xml alone.
    public var format: SampleOutputFormat
    /// The size of export.xml, in bytes.
    public var exportXMLBytes: Int
    /// The other files written (none for `.xml`).
    public var fileCount: Int
    /// What was generated.
    public var configuration: SampleConfiguration
    /// How the export names itself: `sample (seed 2026, 2026-01-01 to 2026-06-30, America/New_York)`.
    public var exportName: String

    /// The line `generate` prints: `Wrote sample.zip (zip archive): export.xml of 88.6 MB and
    /// 161 other files; 181 days of a sample (seed 2026, 2026-01-01 to 2026-06-30, America/New_York).`
    public var line: String {
      var text = "Wrote \(path) (\(format.displayName)): export.xml of \(XMLOutput.megabytes(exportXMLBytes))"
      if fileCount > 0 { text += " and \(fileCount) other files" }
      text += "; \(configuration.days) days of a \(exportName)"
      if configuration.density != 1 {
        text += ", density \(XMLOutput.text(configuration.density, decimals: 3))"
      }
      return text + "."
    }
  }

  /// Writes `export` to `path`.
  /// - Parameters:
  ///   - format: zip archive, folder or export.xml alone.
  ///   - overwrites: whether an existing file or folder at `path` may be replaced.
  /// - Returns: what was written.
  /// - Throws: `OutputError`; nothing is left behind on failure.
  /// - Complexity: O(*n*) in the size of the export; memory stays bounded by one file beside
  ///   export.xml and a day's records of one type.
  @discardableResult
  public static func write(
    _ export: SampleExport, to path: String, format: SampleOutputFormat, overwrites: Bool
  ) throws(OutputError) -> Summary {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let output = try TemporaryOutput(
      path: path, overwrites: overwrites, form: format == .folder ? .folder : .file)
    var xmlBytes = 0
    var fileCount = 0
    do {
      switch format {
      case .xml:
        xmlBytes = try writeFile(at: output.temporaryPath, from: export.exportXML(), displayPath: path)
      case .zip:
        (xmlBytes, fileCount) = try writeZip(export, at: output.temporaryPath, displayPath: path)
      case .folder:
        (xmlBytes, fileCount) = try writeFolder(export, in: output.temporaryPath, displayPath: path)
      }
      try output.commit()
    } catch {
      output.discard()
      if let error = error as? OutputError { throw error }
      throw .writeFailed(path: path, reason: "\(error)")
    }
    return Summary(
      path: path, format: format, exportXMLBytes: xmlBytes, fileCount: fileCount,
      configuration: export.configuration, exportName: export.name)
  }

  // MARK: - Formats

  private static func writeZip(
    _ export: SampleExport, at temporary: String, displayPath: String
  ) throws -> (Int, Int) {
    let model = export.model
    let local = CivilDateTime(secondsSince1970: model.exportInstant + Int64(model.exportOffset))
    let time =
      (1980...2107).contains(local.year)
      ? ZipWriter.Timestamp(
        year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute,
        second: local.second)
      : ZipWriter.Timestamp.dosEpoch
    let writer: ZipWriter
    do {
      writer = try ZipWriter(
        path: temporary, options: ZipWriter.Options(usesDataDescriptors: true, modificationTime: time))
    } catch {
      throw OutputError.cannotCreate(path: displayPath, reason: reason(error))
    }
    let counter = CountingStream(export.exportXML())
    do {
      try writer.addEntry(named: "\(SampleExport.folderName)/export.xml", contentsOf: counter)
      for path in export.filePaths {
        try writer.addEntry(
          named: "\(SampleExport.folderName)/\(path)", bytes: export.contents(ofFileAt: path)!)
      }
      try writer.finish()
    } catch {
      throw OutputError.writeFailed(path: displayPath, reason: reason(error))
    }
    return (counter.count, export.filePaths.count)
  }

  private static func writeFolder(
    _ export: SampleExport, in temporary: String, displayPath: String
  ) throws -> (Int, Int) {
    let xmlBytes = try writeFile(
      at: temporary + "/export.xml", from: export.exportXML(), displayPath: displayPath)
    var folders: Set<String> = []
    for path in export.filePaths {
      let folder = OutputFile.folder(of: path)
      if !folders.contains(folder) {
        do {
          try FileManager.default.createDirectory(
            atPath: temporary + "/" + folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        } catch {
          throw OutputError.writeFailed(path: displayPath, reason: reason(error))
        }
        folders.insert(folder)
      }
      let bytes = export.contents(ofFileAt: path)!
      _ = try writeFile(
        at: temporary + "/" + path, from: MemoryByteStream(bytes, name: path), displayPath: displayPath)
    }
    return (xmlBytes, export.filePaths.count)
  }

  /// Writes `stream` to the file at `path` (made owner-only, emptied if it is there); returns its
  /// size.
  private static func writeFile(
    at path: String, from stream: any ByteStream, displayPath: String
  ) throws -> Int {
    let descriptor: Int32
    do {
      descriptor = try SystemCall.createOrTruncate(path, mode: 0o600)
    } catch {
      throw OutputError.cannotCreate(path: displayPath, reason: error.reason)
    }
    var isOpen = true
    defer { if isOpen { SystemCall.close(descriptor) } }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    do {
      while true {
        let count = try stream.read(into: buffer)
        if count == 0 { break }
        try SystemCall.writeAll(descriptor, buffer.baseAddress!, count: count, path: path)
        total += count
      }
      isOpen = false
      try SystemCall.closeChecked(descriptor, path: path)
    } catch {
      throw OutputError.writeFailed(path: displayPath, reason: reason(error))
    }
    return total
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? ZipError {
      switch error {
      case .writeFailed(_, let reason): return reason
      default: return "\(error)"
      }
    }
    if let error = error as? SystemError { return error.reason }
    if let error = error as? OutputError {
      switch error {
      case .writeFailed(_, let reason), .cannotCreate(_, let reason): return reason
      default: return error.description
      }
    }
    return (error as NSError).localizedDescription
  }
}
