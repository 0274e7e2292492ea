import Foundation
package import HealthArchive

/// An export built by a test, file by file, written as an unpacked folder or as a zip archive the
/// way the Health app writes one.
package struct ExportFixture {
  /// The files: path inside the export (`apple_health_export/export.xml`) and content.
  package var files: [(path: String, content: [UInt8])]

  package init(files: [(path: String, content: [UInt8])] = []) {
    self.files = files
  }

  /// Adds a text file.
  package mutating func add(_ path: String, _ text: String) {
    files.append((path, Array(text.utf8)))
  }

  /// Writes the files under `folder`, creating subfolders.
  package func writeFolder(at folder: String) throws {
    for file in files {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(file.path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.content).write(to: url)
    }
  }

  /// Writes the files as a zip archive at `path`.
  package func writeZip(at path: String, options: ZipWriter.Options = ZipWriter.Options()) throws {
    let writer = try ZipWriter(path: path, options: options)
    for file in files {
      try writer.addEntry(named: file.path, bytes: file.content)
    }
    try writer.finish()
  }
}
