public import Foundation
import SystemShim

/// Opens what the user names, deciding by content, not by name, what it is: a zip archive (the
/// Health app's `export.zip`), an unpacked export folder, the health XML alone (whatever its name:
/// `export.xml`, `Exportieren.xml`, `exportación.xml`, `导出.xml`), or a JSON health profile (a
/// file whose first character is `{`).
public enum HealthInput {
  /// How many bytes from the start of a file are looked at to tell what it is.
  static let sniffLength = 64 << 10

  /// What the start of a file says it is.
  enum Kind: Equatable {
    case zip
    case healthXML
    case json
    case other
  }

  /// Opens the export or profile at `path`.
  ///
  /// The path is opened once and read through that descriptor, so that a named pipe,
  /// `/dev/stdin` or `<(cat export.xml)` is read as a stream (once, front to back); a zip archive
  /// needs a file. `ARCHIVE.zip:NAME` names one health XML of an archive that holds several.
  /// - Parameters:
  ///   - path: what the user named.
  ///   - timeZone: where a profile's date of birth is a calendar day.
  /// - Returns: the input as a source of items.
  /// - Throws: `InputError.notFound` (nothing there), `.unreadable` (it cannot be opened, or is a
  ///   zip archive in a pipe), `.notAnExport` (none of the accepted inputs), `.ambiguous` (several
  ///   health XMLs); `ZipError` for a damaged archive.
  public static func open(path: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt) throws
    -> any HealthInputSource
  {
    let file: InputFile
    do {
      file = try InputFile(path: path)
    } catch .notFound(let missing) {
      if let source = try archiveEntry(named: path) { return source }
      throw InputError.notFound(path: missing)
    }
    if file.isDirectory {
      return ExportSource(container: try folderContainer(path), shape: .folder)
    }
    let start = try file.start(upTo: sniffLength, isEnough: { kind(ofStart: $0, isFinal: false) != nil })
    switch kind(ofStart: start) {
    case .zip:
      return ExportSource(
        container: try zipContainer(try ZipArchive(file: file), path: path), shape: .zipArchive)
    case .healthXML:
      let folder = (path as NSString).deletingLastPathComponent
      return ExportSource(
        container: FolderContainer(
          folder: file.isSeekable ? (folder.isEmpty ? "." : folder) : nil, xmlPath: path, name: path,
          xmlFile: file),
        shape: .xmlFile)
    case .json:
      return ProfileSource(file: file, timeZone: timeZone)
    case .other:
      throw InputError.notAnExport(path: path, detail: notAnExportDetail(start))
    }
  }

  /// The first bytes of every SQLite database.
  static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

  /// Whether `path` is a regular file that starts as every SQLite database does.
  /// - Throws: `InputError` when it cannot be read.
  package static func isSQLiteDatabase(at path: String) throws -> Bool {
    guard SystemCall.kind(of: path) == .regularFile else { return false }
    return try FileByteStream(path: path).readPrefix(sqliteMagic.count) == sqliteMagic
  }

  /// Why a file whose start is `start` is not an input, naming what it is when that is known
  /// (a SQLite database, a GPX route, an ECG recording, a PDF, an image, an empty or text file:
  /// `FileSignature`); otherwise listing what is accepted, an export folder among them unless the
  /// file is held in memory.
  static func notAnExportDetail(_ start: [UInt8], inMemory: Bool = false) -> String {
    if start.starts(with: sqliteMagic) {
      return "it is a SQLite database, which the command line reads where it names one (a database "
        + "health-exporter made); an app gives it as a DatabaseSource"
    }
    let text = String(decoding: start.prefix(4096), as: UTF8.self)
    if text.contains("<gpx") { return "it is a GPX route, which an export holds in workout-routes/" }
    if text.contains("\nSample Rate,") && text.contains("\nLead,") {
      return "it is an ECG recording, which an export holds in electrocardiograms/"
    }
    if let kind = FileSignature.description(ofStart: start) { return "it is \(kind)" }
    return "it is neither a zip archive, \(inMemory ? "" : "an export folder, ")an XML file whose root is "
      + "<HealthData>, nor a JSON profile"
  }

  /// What the file at `path` is, from its first bytes.
  static func kind(ofFileAt path: String) throws -> Kind {
    kind(ofStart: try InputFile(path: path).start(upTo: sniffLength))
  }

  /// What a file is, from its first bytes.
  static func kind(ofStart bytes: [UInt8]) -> Kind {
    kind(ofStart: bytes, isFinal: true) ?? .other
  }

  /// What a file is from its first bytes, or nil when more bytes may still tell (`isFinal` false).
  static func kind(ofStart bytes: [UInt8], isFinal: Bool) -> Kind? {
    if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
      && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    {
      return .zip
    }
    if bytes.contains("<!DOCTYPE HealthData") || bytes.contains("<HealthData") { return .healthXML }
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    if index < bytes.count && bytes[index] == UInt8(ascii: "{") { return .json }
    if !isFinal && (bytes.count < 4 || (index < bytes.count && bytes[index] == UInt8(ascii: "<"))) {
      return nil  // a zip's magic or the XML's root may still come
    }
    return isFinal || index < bytes.count ? .other : nil
  }

  /// The health XML `NAME` of the archive `ARCHIVE.zip` that `path` names as `ARCHIVE.zip:NAME`;
  /// nil when `path` is not of that shape.
  private static func archiveEntry(named path: String) throws -> (any HealthInputSource)? {
    var separator = path.firstIndex(of: ":")
    while let colon = separator {
      let archivePath = String(path[..<colon])
      let name = String(path[path.index(after: colon)...])
      if !archivePath.isEmpty, !name.isEmpty, SystemCall.kind(of: archivePath) == .regularFile {
        let file = try InputFile(path: archivePath)
        guard kind(ofStart: try file.start(upTo: 4)) == .zip else { return nil }
        let archive = try ZipArchive(file: file)
        guard let entry = archive.entry(named: name), !entry.isDirectory else {
          throw InputError.notFound(path: path)
        }
        guard kind(ofStart: try archive.openEntry(entry).readPrefix(sniffLength)) == .healthXML else {
          throw InputError.notAnExport(path: path, detail: "it holds no XML file whose root is <HealthData>")
        }
        return ExportSource(container: container(for: entry, in: archive), shape: .zipArchive)
      }
      separator = path[path.index(after: colon)...].firstIndex(of: ":")
    }
    return nil
  }

  // MARK: - Folders

  /// The health XML of a folder: at its top or one folder down, found by content. A link that
  /// leads outside the folder (`apple_health_export -> ..`) is not followed.
  private static func folderContainer(_ path: String) throws -> FolderContainer {
    guard let root = SystemCall.resolvedPath(path) else { throw InputError.notFound(path: path) }
    func isInside(_ candidate: String) -> Bool {
      SystemCall.resolvedPath(candidate).map { FolderContainer.isInside($0, root) } ?? false
    }
    var candidates: [String] = []
    // The health XML sits at the top of the folder or one folder down (apple_health_export/).
    var folders = [path]
    for name in SystemCall.names(inFolder: path).sorted() where !isJunk(name) {
      let folder = path + "/" + name
      if SystemCall.kind(of: folder) == .directory && isInside(folder) { folders.append(folder) }
    }
    for folder in folders {
      for name in SystemCall.names(inFolder: folder).sorted() where !isJunk(name) {
        let file = folder + "/" + name
        guard SystemCall.kind(of: file) == .regularFile, isInside(file),
          (try? kind(ofFileAt: file)) == .healthXML
        else { continue }
        candidates.append(file)
      }
    }
    let xmlPath = try choose(
      candidates, in: path, shownAs: { String($0.dropFirst(path.count + 1)) },
      name: { ($0 as NSString).lastPathComponent })
    return FolderContainer(
      folder: (xmlPath as NSString).deletingLastPathComponent, xmlPath: xmlPath, name: path)
  }

  // MARK: - Zip archives

  static func zipContainer(_ archive: ZipArchive, path: String) throws -> ZipContainer {
    var candidates: [ZipEntry] = []
    for entry in archive.entries where !entry.isDirectory {
      let components = entry.normalizedName.split(separator: "/")
      guard components.count <= 2, let last = components.last, !isJunk(String(last)),
        !isJunk(String(components.first ?? ""))
      else { continue }
      let stream = try archive.openEntry(entry)
      if kind(ofStart: try stream.readPrefix(sniffLength)) == .healthXML { candidates.append(entry) }
    }
    let entry = try choose(
      candidates, in: path, shownAs: { "\(path):\($0.normalizedName)" },
      name: { ($0.normalizedName as NSString).lastPathComponent })
    return container(for: entry, in: archive)
  }

  /// The container of `entry`, the health XML of `archive`.
  private static func container(for entry: ZipEntry, in archive: ZipArchive) -> ZipContainer {
    let components = entry.normalizedName.split(separator: "/")
    let base = components.count > 1 ? components.dropLast().joined(separator: "/") + "/" : ""
    return ZipContainer(archive: archive, xmlEntry: entry, base: base)
  }

  // MARK: - Helpers

  /// The one candidate, or the one named `export.xml` among several.
  /// - Parameters:
  ///   - candidates: the health XMLs found.
  ///   - path: what the user named.
  ///   - shownAs: how a message names a candidate so that the user can pass it.
  ///   - name: the candidate's file name.
  /// - Returns: the candidate chosen.
  /// - Throws: `InputError.notAnExport` for none, `.ambiguous` for several and none preferred.
  private static func choose<Candidate>(
    _ candidates: [Candidate], in path: String, shownAs: (Candidate) -> String,
    name: (Candidate) -> String
  ) throws -> Candidate {
    if candidates.count == 1 { return candidates[0] }
    if candidates.isEmpty {
      throw InputError.notAnExport(
        path: path, detail: "it holds no XML file whose root is <HealthData> (export.xml)")
    }
    let preferred = candidates.filter { name($0).lowercased() == "export.xml" }
    if preferred.count == 1 { return preferred[0] }
    throw InputError.ambiguous(
      path: path, candidates: (preferred.isEmpty ? candidates : preferred).map(shownAs))
  }

  /// macOS leftovers in archives and folders: `__MACOSX/`, `.DS_Store`, `._name`.
  private static func isJunk(_ name: String) -> Bool {
    name == "__MACOSX" || name.hasPrefix(".")
  }
}
