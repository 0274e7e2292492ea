// A file that fuzz targets of path-based readers write each input to: one per process, in
// /dev/shm where there is one (memory, not the disk), removed when the process exits.
import Foundation

enum FuzzFile {
  /// A path of this process's own.
  static func path(extension ext: String) -> String {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(folder)/health-exporter-fuzz-\(getpid()).\(ext)"
    atexit { FuzzFile.removeAll() }
    paths.append(path)
    return path
  }

  /// Replaces the file's content with `count` bytes at `start`.
  static func write(_ start: UnsafePointer<UInt8>, _ count: Int, to path: String) {
    let data = Data(bytes: start, count: count)
    _ = FileManager.default.createFile(atPath: path, contents: data)
  }

  nonisolated(unsafe) private static var paths: [String] = []

  fileprivate static func removeAll() {
    for path in paths { unlink(path) }
  }
}
