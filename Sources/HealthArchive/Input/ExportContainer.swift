import Foundation
import SystemShim

/// Where an export's files live: an unpacked folder, a zip archive, or an export generated on the
/// fly. Paths inside are relative to the folder that holds the health XML (`apple_health_export/`
/// in a modern archive), as export.xml's `resourceFilePath` and `FileReference` paths are.
public protocol ExportContainer {
  /// What the user named, for messages.
  var name: String { get }
  /// The health XML's name inside the container (`apple_health_export/export.xml`), or its path.
  var healthXMLName: String { get }
  /// Opens the health XML.
  func openHealthXML() throws -> any ByteStream
  /// The size of the health XML in bytes (inflated, in an archive); nil when not known.
  var healthXMLSize: Int64? { get }
  /// The content of the file at `path` (such as `/clinical-records/Observation-1.json`), or nil
  /// when there is none.
  /// - Throws: when the file exists but cannot be read, or is larger than `limit`.
  func contents(ofFileAt path: String, limit: Int) throws -> [UInt8]?
  /// The file at `path` as a stream, read as it is consumed (GPX routes can be large), or nil
  /// when there is none.
  /// - Throws: when the file exists but cannot be opened.
  func openFile(at path: String) throws -> (any ByteStream)?
  /// The files inside `folder` (such as `electrocardiograms`), by name, sorted.
  func fileNames(in folder: String) -> [String]
  /// How `path` is named in messages (`archive.zip:apple_health_export/clinical-records/x.json`).
  func displayName(ofFileAt path: String) -> String
}

extension ExportContainer {
  /// The whole file in memory as a stream, for containers that make their files when asked.
  public func openFile(at path: String) throws -> (any ByteStream)? {
    try contents(ofFileAt: path, limit: 256 << 20).map {
      MemoryByteStream($0, name: displayName(ofFileAt: path))
    }
  }

  /// The path's components when it stays inside the export (no `..`), or nil.
  public static func safeComponents(of path: String) -> [Substring]? {
    let components = path.split(separator: "/").filter { $0 != "." }
    guard !components.isEmpty, !components.contains("..") else { return nil }
    return components
  }
}

/// An export on disk: the folder around the health XML.
struct FolderContainer: ExportContainer {
  /// The folder that holds the health XML.
  let folder: String
  let xmlPath: String
  let name: String

  var healthXMLName: String { xmlPath }

  func openHealthXML() throws -> any ByteStream {
    try FileByteStream(path: xmlPath)
  }

  var healthXMLSize: Int64? { SystemCall.fileSize(xmlPath) }

  func contents(ofFileAt path: String, limit: Int) throws -> [UInt8]? {
    guard let components = Self.safeComponents(of: path) else { return nil }
    let fullPath = folder + "/" + components.joined(separator: "/")
    guard SystemCall.kind(of: fullPath) == .regularFile else { return nil }
    let size = SystemCall.fileSize(fullPath) ?? 0
    guard size <= Int64(limit) else {
      throw InputError.unreadable(path: fullPath, reason: "it is larger than \(limit / 1_048_576) MiB")
    }
    let stream = try FileByteStream(path: fullPath)
    return try readAll(stream, limit: limit)
  }

  func openFile(at path: String) throws -> (any ByteStream)? {
    guard let components = Self.safeComponents(of: path) else { return nil }
    let fullPath = folder + "/" + components.joined(separator: "/")
    guard SystemCall.kind(of: fullPath) == .regularFile else { return nil }
    return try FileByteStream(path: fullPath)
  }

  func fileNames(in subfolder: String) -> [String] {
    let path = folder + "/" + subfolder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { !$0.hasPrefix(".") && SystemCall.kind(of: path + "/" + $0) == .regularFile }
      .sorted()
  }

  func displayName(ofFileAt path: String) -> String {
    folder + "/" + (Self.safeComponents(of: path)?.joined(separator: "/") ?? path)
  }
}

/// An export in its zip archive, read without extracting anything.
struct ZipContainer: ExportContainer {
  let archive: ZipArchive
  let xmlEntry: ZipEntry
  /// The folder of the health XML inside the archive, with its trailing `/` (or empty).
  let base: String

  var name: String { archive.path }
  var healthXMLName: String { xmlEntry.normalizedName }

  func openHealthXML() throws -> any ByteStream {
    try archive.openEntry(xmlEntry)
  }

  var healthXMLSize: Int64? { Int64(exactly: xmlEntry.uncompressedSize) }

  func contents(ofFileAt path: String, limit: Int) throws -> [UInt8]? {
    guard let components = Self.safeComponents(of: path),
      let entry = archive.entry(named: base + components.joined(separator: "/"))
    else { return nil }
    return try archive.contents(of: entry, limit: limit)
  }

  func openFile(at path: String) throws -> (any ByteStream)? {
    guard let components = Self.safeComponents(of: path),
      let entry = archive.entry(named: base + components.joined(separator: "/"))
    else { return nil }
    return try archive.openEntry(entry)
  }

  func fileNames(in folder: String) -> [String] {
    let prefix = base + folder + "/"
    return archive.entries.compactMap { entry in
      let name = entry.normalizedName
      guard !entry.isDirectory, name.hasPrefix(prefix) else { return nil }
      let rest = name.dropFirst(prefix.count)
      return rest.contains("/") || rest.hasPrefix(".") ? nil : String(rest)
    }.sorted()
  }

  func displayName(ofFileAt path: String) -> String {
    "\(archive.path):\(base)\(Self.safeComponents(of: path)?.joined(separator: "/") ?? path)"
  }
}
