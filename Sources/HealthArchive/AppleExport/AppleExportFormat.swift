/// How an export in Apple's format is written.
public enum AppleExportFormat: String, Hashable, Sendable, CaseIterable {
  /// A zip archive holding `apple_health_export/…`, as the Health app's `export.zip`.
  case zip
  /// A folder holding what `apple_health_export/` holds: export.xml and its subfolders.
  case folder
  /// export.xml alone.
  case xml

  /// The folder an archive's files sit in, as in the Health app's.
  public static let folderName = "apple_health_export"

  /// How messages name it.
  public var displayName: String {
    switch self {
    case .zip: "zip archive"
    case .folder: "folder"
    case .xml: "XML file"
    }
  }
}
