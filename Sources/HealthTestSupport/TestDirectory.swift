import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is dropped.
package final class TestDirectory {
  /// The folder's path.
  package let path: String

  package init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/health-exporter-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the folder.
  package func file(_ name: String) -> String { "\(path)/\(name)" }

  /// Writes `text` to `name` inside the folder and returns its path.
  @discardableResult
  package func write(_ text: String, to name: String) throws -> String {
    let path = file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Writes `bytes` to `name` inside the folder and returns its path.
  @discardableResult
  package func write(bytes: [UInt8], to name: String) throws -> String {
    let path = file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The text of `name` inside the folder.
  package func read(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: file(name))), as: UTF8.self)
  }

  /// The names in the folder, sorted.
  package func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}
