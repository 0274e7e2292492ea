import Foundation

/// Golden files: whole outputs pinned byte for byte beside the tests.
///
/// Set `HEALTH_EXPORTER_RECORD_GOLDEN=1` to rewrite them from the current output, on purpose only,
/// then review the diff before committing.
package enum Golden {
  /// Whether this run records golden files instead of comparing.
  package static var isRecording: Bool {
    ProcessInfo.processInfo.environment["HEALTH_EXPORTER_RECORD_GOLDEN"] == "1"
  }

  /// The golden file's text, or the recorded `actual` when recording.
  /// - Parameters:
  ///   - name: the file name inside the `Golden` folder.
  ///   - actual: the output under test.
  ///   - testFile: the test's `#filePath`, whose folder holds `Golden/`.
  /// - Returns: the text the output must have.
  /// - Throws: the file system's errors reading or recording the file.
  package static func expected(_ name: String, actual: String, testFile: String) throws -> String {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden")
    let url = folder.appendingPathComponent(name)
    if isRecording {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return actual
    }
    return String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  /// A line-by-line account of where two texts differ, for failure messages.
  package static func difference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report: [String] = []
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let left = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
      let right = index < actualLines.count ? String(actualLines[index]) : "<none>"
      if left != right { report.append("line \(index + 1):\n  expected: \(left)\n  actual:   \(right)") }
    }
    return report.joined(separator: "\n")
  }
}
