import Foundation
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
  /// - Parameters:
  ///   - path: what the user named.
  ///   - timeZone: where a profile's date of birth is a calendar day.
  /// - Throws: `InputError.notFound` (nothing there), `.notAnExport` (none of the accepted
  ///   inputs), `.ambiguous` (several health XMLs); `ZipError` for a damaged archive.
  public static func open(path: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) throws
    -> any HealthInputSource
  {
    switch SystemCall.kind(of: path) {
    case .missing:
      throw InputError.notFound(path: path)
    case .directory:
      return ExportSource(container: try folderContainer(path), shape: .folder)
    case .regularFile, .other:
      switch try kind(ofFileAt: path) {
      case .zip:
        return ExportSource(
          container: try zipContainer(ZipArchive(path: path), path: path), shape: .zipArchive)
      case .healthXML:
        let folder = (path as NSString).deletingLastPathComponent
        return ExportSource(
          container: FolderContainer(folder: folder.isEmpty ? "." : folder, xmlPath: path, name: path),
          shape: .xmlFile)
      case .json:
        return ProfileSource(path: path, timeZone: timeZone)
      case .other:
        throw InputError.notAnExport(
          path: path,
          detail:
            "it is neither a zip archive, an export folder, an XML file whose root is <HealthData>, nor a JSON profile"
        )
      }
    }
  }

  /// What the file at `path` is, from its first bytes.
  static func kind(ofFileAt path: String) throws -> Kind {
    let stream = try FileByteStream(path: path)
    return kind(ofStart: try readStart(of: stream))
  }

  /// What a file is, from its first bytes.
  static func kind(ofStart bytes: [UInt8]) -> Kind {
    if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
      && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    {
      return .zip
    }
    if contains(bytes, "<!DOCTYPE HealthData") || contains(bytes, "<HealthData") { return .healthXML }
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    if index < bytes.count && bytes[index] == UInt8(ascii: "{") { return .json }
    return .other
  }

  // MARK: - Folders

  private static func folderContainer(_ path: String) throws -> FolderContainer {
    let manager = FileManager.default
    var candidates: [String] = []
    // The health XML sits at the top of the folder or one folder down (apple_health_export/).
    var folders = [path]
    let topNames = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted()
    for name in topNames where !isJunk(name) && SystemCall.kind(of: path + "/" + name) == .directory {
      folders.append(path + "/" + name)
    }
    for folder in folders {
      let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      for name in names where !isJunk(name) {
        let file = folder + "/" + name
        guard SystemCall.kind(of: file) == .regularFile,
          (try? kind(ofFileAt: file)) == .healthXML
        else { continue }
        candidates.append(file)
      }
    }
    let xmlPath = try choose(candidates, in: path) { ($0 as NSString).lastPathComponent }
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
      if kind(ofStart: try readStart(of: stream)) == .healthXML { candidates.append(entry) }
    }
    let entry = try choose(candidates, in: path) { ($0.normalizedName as NSString).lastPathComponent }
    let components = entry.normalizedName.split(separator: "/")
    let base = components.count > 1 ? components.dropLast().joined(separator: "/") + "/" : ""
    return ZipContainer(archive: archive, xmlEntry: entry, base: base)
  }

  // MARK: - Helpers

  /// The one candidate, or the one named `export.xml` among several.
  private static func choose<Candidate>(
    _ candidates: [Candidate], in path: String, name: (Candidate) -> String
  ) throws -> Candidate {
    if candidates.count == 1 { return candidates[0] }
    if candidates.isEmpty {
      throw InputError.notAnExport(
        path: path, detail: "it holds no XML file whose root is <HealthData> (export.xml)")
    }
    let preferred = candidates.filter { name($0).lowercased() == "export.xml" }
    if preferred.count == 1 { return preferred[0] }
    throw InputError.ambiguous(path: path, candidates: candidates.map(name))
  }

  /// macOS leftovers in archives and folders: `__MACOSX/`, `.DS_Store`, `._name`.
  private static func isJunk(_ name: String) -> Bool {
    name == "__MACOSX" || name.hasPrefix(".")
  }

  private static func readStart(of stream: any ByteStream) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: sniffLength)
    var count = 0
    while count < sniffLength {
      let read = try bytes.withUnsafeMutableBytes {
        try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]))
      }
      if read == 0 { break }
      count += read
    }
    return Array(bytes[0..<count])
  }

  private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
    bytes.withUnsafeBufferPointer { $0.firstIndex(of: needle, from: 0) != nil }
  }
}
