import HealthArchive

/// A generated export seen as an export's folder: export.xml and its files made when asked, so
/// that `ExportSource` reads it like an archive without anything written to disk.
final class SampleExportContainer: ExportContainer {
  let export: SampleExport

  init(export: SampleExport) {
    self.export = export
  }

  var name: String { export.name }
  var healthXMLName: String { "\(SampleExport.folderName)/export.xml" }

  func openHealthXML() throws -> any ByteStream {
    export.exportXML()
  }

  /// Not known before it is made.
  var healthXMLSize: Int64? { nil }

  func contents(ofFileAt path: String, limit: Int) throws -> [UInt8]? {
    guard let components = Self.safeComponents(of: path) else { return nil }
    guard let bytes = export.contents(ofFileAt: components.joined(separator: "/")) else { return nil }
    guard bytes.count <= limit else {
      throw InputError.unreadable(
        path: displayName(ofFileAt: path), reason: "it is larger than \(limit / 1_048_576) MiB")
    }
    return bytes
  }

  func fileNames(in folder: String) -> [String] {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return export.filePaths.compactMap { path in
      guard path.hasPrefix(prefix) else { return nil }
      let rest = path.dropFirst(prefix.count)
      return rest.contains("/") ? nil : String(rest)
    }.sorted()
  }

  func displayName(ofFileAt path: String) -> String {
    "\(name):\(SampleExport.folderName)/\(Self.safeComponents(of: path)?.joined(separator: "/") ?? path)"
  }
}
