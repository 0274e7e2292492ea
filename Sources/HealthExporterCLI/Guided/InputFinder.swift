import Foundation
import SystemShim

/// The exports the guided export offers: `export*.zip` in the current folder and in
/// `~/Downloads`, newest first (browsers name a second download `export (1).zip` or `export-2.zip`).
enum InputFinder {
  /// One export found.
  struct Found: Hashable {
    var path: String
    var bytes: Int64
    var modified: Date
  }

  /// The exports in `folders`, newest first.
  static func exports(in folders: [String]) -> [Found] {
    var found: [Found] = []
    var seen: Set<String> = []
    for folder in folders {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names.sorted() {
        let lower = name.lowercased()
        guard lower.hasPrefix("export"), lower.hasSuffix(".zip") else { continue }
        let path = folder == "." ? name : folder + "/" + name
        guard SystemCall.kind(of: path) == .regularFile,
          let resolved = SystemCall.resolvedPath(path), seen.insert(resolved).inserted,
          let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        else { continue }
        found.append(
          Found(
            path: path, bytes: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
            modified: attributes[.modificationDate] as? Date ?? .distantPast))
      }
    }
    return found.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path < $1.path }
  }

  /// The folders looked in: the current folder, and `Downloads` in the home folder.
  static func folders(environment: [String: String]) -> [String] {
    ["."] + (environment["HOME"].map { [$0 + "/Downloads"] } ?? [])
  }
}
