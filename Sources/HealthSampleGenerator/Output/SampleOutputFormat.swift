public import HealthArchive

/// How a generated export is written: a zip archive, a folder or export.xml alone, as any export
/// in Apple's format.
public typealias SampleOutputFormat = AppleExportFormat

extension SampleOutputFormat {
  /// The format a path's extension suggests: `.zip` a zip archive, `.xml` export.xml alone,
  /// anything else (and a path ending in `/`) a folder.
  public static func inferred(fromPath path: String) -> SampleOutputFormat {
    if path.hasSuffix("/") { return .folder }
    let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
    if name.hasSuffix(".zip") { return .zip }
    if name.hasSuffix(".xml") { return .xml }
    return .folder
  }
}
