import Foundation

/// The real Apple Health exports kept in `../shared/real-exports` beside the package, read in
/// place (they are never copied into the package: several carry no licence to redistribute).
package enum RealExports {
  /// The folder's absolute path, found from this source file's place in the package.
  package static let folder: String = {
    // Sources/HealthTestSupport/RealExports.swift → the package root → ../shared/real-exports.
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent("../shared/real-exports").standardizedFileURL.path
  }()

  /// Whether the folder is there; suites that read it are skipped when it is not.
  package static var isAvailable: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
      && isFolder.boolValue
  }

  /// The path of `file` in the folder.
  package static func path(_ file: String) -> String {
    folder + "/" + file
  }
}
