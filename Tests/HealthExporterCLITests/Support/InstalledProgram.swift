import Foundation

/// A program the tests run besides the tool (a shell, groff), found on `PATH`.
struct InstalledProgram {
  /// The executable's path.
  let path: String

  /// The first executable named `name` on `PATH`; nil where it is not installed.
  init?(named name: String) {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard
      let path = folders.map({ "\($0)/\(name)" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    self.path = path
  }

  /// Runs the program with `arguments`, with only `PATH`, a temporary `HOME` and `environment`
  /// set, and nothing on standard input.
  /// - Returns: the exit status and what it printed on standard output and error together.
  /// - Throws: when it cannot be started.
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(environment) {
      $1
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
