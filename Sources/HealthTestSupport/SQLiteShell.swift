import Foundation

/// The sqlite3 command-line shell, for tests that check a database with a tool nobody here wrote.
package enum SQLiteShell {
  /// The shell's path: the first `sqlite3` on `PATH`.
  package static let path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Whether the shell is installed (`apt-get install sqlite3`).
  package static var isAvailable: Bool { path != nil }

  /// What one run of the shell printed.
  package struct Output: Sendable {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
  }

  /// Runs `sqlite3 -batch DATABASE SQL` and returns what it printed.
  /// - Throws: when the shell cannot be started.
  package static func run(_ sql: String, on database: String) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/sqlite3")
    process.arguments = ["-batch", database, sql]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
