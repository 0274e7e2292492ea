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
    try checkDestination(path, format: format, overwrites: overwrites)
    let temporary = temporaryPath(for: path)
    guard SystemCall.kind(of: temporary) == .missing else {
      throw .cannotCreate(path: path, reason: "\(temporary) is in the way")
    }
    var xmlBytes = 0
    var fileCount = 0
    do {
      switch format {
      case .xml:
        xmlBytes = try writeFile(at: temporary, from: export.exportXML(), displayPath: path)
      case .zip:
        (xmlBytes, fileCount) = try writeZip(export, at: temporary, displayPath: path)
      case .folder:
        (xmlBytes, fileCount) = try writeFolder(export, at: temporary, displayPath: path)
      }
      try place(temporary, at: path, overwrites: overwrites)
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      if let error = error as? OutputError { throw error }
      throw .writeFailed(path: path, reason: "\(error)")
    }
    return Summary(
      path: path, format: format, exportXMLBytes: xmlBytes, fileCount: fileCount,
      configuration: export.configuration, exportName: export.name)
  }

  /// Checks, before any work is done, that the output can be placed at `path`.
  static func checkDestination(
    _ path: String, format: SampleOutputFormat, overwrites: Bool
  ) throws(OutputError) {
    switch SystemCall.kind(of: path) {
    case .missing:
      break
    case .regularFile, .other:
      if !overwrites { throw .alreadyExists(path: path) }
      if SystemCall.kind(of: path) == .other {
        throw .cannotCreate(path: path, reason: "it is not a regular file")
      }
    case .directory:
      if !overwrites { throw .alreadyExists(path: path) }
      if format != .folder { throw .cannotCreate(path: path, reason: "it is a folder") }
    }
    guard SystemCall.kind(of: OutputFile.folder(of: path)) == .directory else {
      throw .folderNotFound(path: path)
    }
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
    _ export: SampleExport, at temporary: String, displayPath: String
  ) throws -> (Int, Int) {
    do {
      try FileManager.default.createDirectory(
        atPath: temporary, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    } catch {
      throw OutputError.cannotCreate(path: displayPath, reason: reason(error))
    }
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

  /// Writes `stream` to a new file at `path`, owner-only; returns its size.
  private static func writeFile(
    at path: String, from stream: any ByteStream, displayPath: String
  ) throws -> Int {
    let descriptor: Int32
    do {
      descriptor = try SystemCall.createExclusive(path, mode: 0o600)
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

  // MARK: - Placing

  /// `.name.PID.tmp` beside `path`.
  static func temporaryPath(for path: String) -> String {
    let folder = OutputFile.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let prefix = folder == "." && !path.hasPrefix("./") ? "" : (folder == "/" ? "/" : folder + "/")
    return "\(prefix).\(name).\(SystemCall.processID).tmp"
  }

  /// Moves the finished output into place. What it replaces is moved aside first (a folder
  /// cannot be renamed over a folder that holds files, nor over a file), then removed.
  private static func place(_ temporary: String, at path: String, overwrites: Bool) throws(OutputError) {
    let existing = SystemCall.kind(of: path)
    if existing != .missing && !overwrites { throw .alreadyExists(path: path) }
    do throws(SystemError) {
      if existing == .missing {
        try SystemCall.rename(temporary, to: path)
      } else {
        let old = temporary + ".old"
        try SystemCall.rename(path, to: old)
        do throws(SystemError) {
          try SystemCall.rename(temporary, to: path)
        } catch {
          try? SystemCall.rename(old, to: path)
          throw error
        }
        try? FileManager.default.removeItem(atPath: old)
      }
    } catch {
      throw .cannotCreate(path: path, reason: error.reason)
    }
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
