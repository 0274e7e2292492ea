import Foundation
import SystemShim

/// Where an export's files live: an unpacked folder, a zip archive, or an export generated on the
/// fly. Paths inside are relative to the folder that holds the health XML (`apple_health_export/`
/// in a modern archive), as export.xml's `resourceFilePath` and `FileReference` paths are.
package protocol ExportContainer {
  /// What the user named, for messages.
  var name: String { get }
  /// The health XML's name inside the container (`apple_health_export/export.xml`), or its path.
  var healthXMLName: String { get }
  /// Opens the health XML.
  func openHealthXML() throws -> any ByteStream
  /// The size of the health XML in bytes (inflated, in an archive); nil when not known.
  var healthXMLSize: Int64? { get }
  /// Opens the health XML from its byte at `offset`, named as `openHealthXML` names it; nil when
  /// it can be read only from its start (an archive's entry, a pipe), as by default.
  func openHealthXML(at offset: Int64) throws -> (any ByteStream)?
  /// The health XML for readers that open it at offsets, several at once (`ChunkedXMLReading`),
  /// held `blockSize` bytes at a time where it can be read only once; by default what
  /// `openHealthXML(at:)` opens, nil when it opens nothing.
  func healthXMLAtOffsets(blockSize: Int) throws -> (any OffsetByteSource)?
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
  /// What tells the file at `path` apart from every other, so that it is read once however it is
  /// spelled (by default its path inside the export, folders and `.` collapsed, in Unicode normal
  /// form C); nil when it leaves the export.
  func fileKey(ofFileAt path: String) -> String?
  /// The bytes the files an export's records name may inflate to in all; nil when unbounded (by
  /// default: files on disk cost what they are).
  var resourceBudget: Int64? { get }
}

extension ExportContainer {
  package func openHealthXML(at offset: Int64) throws -> (any ByteStream)? { nil }

  package func healthXMLAtOffsets(blockSize: Int) throws -> (any OffsetByteSource)? {
    guard try openHealthXML(at: 0) != nil else { return nil }
    return ReopenedBytes { offset in
      guard let stream = try openHealthXML(at: offset) else {
        throw InputError.unreadable(path: healthXMLName, reason: "it cannot be read at an offset")
      }
      return stream
    }
  }

  /// The whole file in memory as a stream, for containers that make their files when asked.
  package func openFile(at path: String) throws -> (any ByteStream)? {
    try contents(ofFileAt: path, limit: 256 << 20).map {
      MemoryByteStream($0, name: displayName(ofFileAt: path))
    }
  }

  /// The path's components when it stays inside the export (no `..`), or nil.
  package static func safeComponents(of path: String) -> [Substring]? {
    let components = path.split(separator: "/").filter { $0 != "." }
    guard !components.isEmpty, !components.contains("..") else { return nil }
    return components
  }
}

/// An export on disk: the folder around the health XML.
///
/// Nothing outside the folder is read: a file an export names is read only when it resolves, links
/// followed, to a file inside the folder's own resolved path.
struct FolderContainer: ExportContainer {
  /// The folder that holds the health XML; nil when the XML arrives through a pipe, which has no
  /// folder around it (its records' files are then missing).
  let folder: String?
  let xmlPath: String
  let name: String
  /// The health XML, already open, when the user named it (so that a pipe is read once).
  let xmlFile: InputFile?
  /// The folder's resolved path, which every file read must lie inside.
  private let root: String?

  init(folder: String?, xmlPath: String, name: String, xmlFile: InputFile? = nil) {
    self.folder = folder
    self.xmlPath = xmlPath
    self.name = name
    self.xmlFile = xmlFile
    root = folder.flatMap(SystemCall.resolvedPath)
  }

  var healthXMLName: String { xmlPath }

  func openHealthXML() throws -> any ByteStream {
    if let xmlFile { return try xmlFile.openStream() }
    return try InputFile(path: xmlPath).openStream()
  }

  func openHealthXML(at offset: Int64) throws -> (any ByteStream)? {
    if let xmlFile { return xmlFile.openStream(at: offset) }
    return try InputFile(path: xmlPath).openStream(at: offset)
  }

  var healthXMLSize: Int64? {
    if let xmlFile { return xmlFile.size }
    return SystemCall.fileSize(xmlPath)
  }

  /// The path of the regular file at `path` inside the folder, when there is one and it does not
  /// lead outside the folder.
  func filePath(at path: String) -> String? {
    guard let folder, let root, let components = Self.safeComponents(of: path) else { return nil }
    let fullPath = folder + "/" + components.joined(separator: "/")
    guard SystemCall.kind(of: fullPath) == .regularFile,
      let resolved = SystemCall.resolvedPath(fullPath), Self.isInside(resolved, root)
    else { return nil }
    return fullPath
  }

  func contents(ofFileAt path: String, limit: Int) throws -> [UInt8]? {
    guard let fullPath = filePath(at: path) else { return nil }
    let size = SystemCall.fileSize(fullPath) ?? 0
    guard size <= Int64(limit) else { throw InputError.tooLarge(path: fullPath, limit: limit) }
    return try readAll(try InputFile(path: fullPath).openStream(), limit: limit)
  }

  /// The file's resolved path: a link to a file read once already is that file.
  func fileKey(ofFileAt path: String) -> String? {
    guard let components = Self.safeComponents(of: path) else { return nil }
    let fullPath = (folder ?? ".") + "/" + components.joined(separator: "/")
    return SystemCall.resolvedPath(fullPath) ?? fullPath
  }

  func openFile(at path: String) throws -> (any ByteStream)? {
    guard let fullPath = filePath(at: path) else { return nil }
    return try InputFile(path: fullPath).openStream()
  }

  func fileNames(in subfolder: String) -> [String] {
    guard let folder, let root else { return [] }
    let path = folder + "/" + subfolder
    return SystemCall.names(inFolder: path).filter { name in
      guard !name.hasPrefix("."), SystemCall.kind(of: path + "/" + name) == .regularFile,
        let resolved = SystemCall.resolvedPath(path + "/" + name)
      else { return false }
      return Self.isInside(resolved, root)
    }.sorted()
  }

  func displayName(ofFileAt path: String) -> String {
    (folder ?? ".") + "/" + (Self.safeComponents(of: path)?.joined(separator: "/") ?? path)
  }

  /// Whether the resolved path `path` lies inside the resolved folder `root`.
  static func isInside(_ path: String, _ root: String) -> Bool {
    root == "/" ? path.hasPrefix("/") : path.hasPrefix(root + "/")
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

  /// Inflated on a thread of its own, so that inflating and parsing use both cores.
  func openHealthXML() throws -> any ByteStream {
    ReadAheadByteStream(try archive.openEntry(xmlEntry))
  }

  /// Inflated once, on a thread of its own, into blocks that the readers share.
  func healthXMLAtOffsets(blockSize: Int) throws -> (any OffsetByteSource)? {
    SharedByteWindow(try archive.openEntry(xmlEntry), blockSize: blockSize)
  }

  var healthXMLSize: Int64? { Int64(exactly: xmlEntry.uncompressedSize) }

  /// An archive's files inflate to at most what its real size allows.
  var resourceBudget: Int64? {
    ResourceLimit.resourceBudget(forArchiveOf: Int64(clamping: archive.file.size))
  }

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
