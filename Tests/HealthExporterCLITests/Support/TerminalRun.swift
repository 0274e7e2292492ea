import Foundation
import SystemShim
import Testing

/// One run of the built executable on a pseudo-terminal, as a user at a terminal runs it:
/// standard input, output and error are the terminal; `input` is typed as the run starts.
struct TerminalRun {
  var status: Int32
  /// Everything the terminal showed (output, error and the echo of what was typed), in order.
  var screen: String

  init(
    _ arguments: [String], input: String = "", environment: [String: String], folder: String? = nil
  ) throws {
    let path = try #require(
      ExecutableTests.executable, "build the package first: the health-exporter executable was not found")
    let terminal = try PseudoTerminal()
    let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    terminal.closeSecondary()
    try terminal.type(input)
    let bytes = terminal.readToEnd()
    process.waitUntilExit()
    status = process.terminationStatus
    screen = String(decoding: bytes, as: UTF8.self)
  }
}
