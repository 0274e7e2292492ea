/// How a generated export is written.
public enum SampleOutputFormat: String, Hashable, Sendable, CaseIterable {
  /// A zip archive holding `apple_health_export/…`, as the Health app's `export.zip`.
  case zip
  /// A folder holding what `apple_health_export/` holds: export.xml and its subfolders.
  case folder
  /// export.xml alone.
  case xml

  /// The format a path's extension suggests: `.zip` a zip archive, `.xml` export.xml alone,
  /// anything else (and a path ending in `/`) a folder.
  public static func inferred(fromPath path: String) -> SampleOutputFormat {
    if path.hasSuffix("/") { return .folder }
    let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
    if name.hasSuffix(".zip") { return .zip }
    if name.hasSuffix(".xml") { return .xml }
    return .folder
  }

  /// How messages name it.
  public var displayName: String {
    switch self {
    case .zip: "zip archive"
    case .folder: "folder"
    case .xml: "XML file"
    }
  }
}
