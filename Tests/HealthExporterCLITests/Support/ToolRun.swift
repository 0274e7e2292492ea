import Foundation
import HealthExporterCLI
import SystemShim

/// Captures what the tool writes.
final class CapturedOutput: ToolOutput {
  var standardOutput: [UInt8] = []
  var standardError = ""
  /// When set, writing to standard output fails with this error (a full disk, a closed pipe).
  var outputFailure: (any Error)?

  func writeStandardOutput(_ bytes: RawSpan) throws {
    if let outputFailure { throw outputFailure }
    standardOutput.append(bytes)
  }

  func writeStandardError(_ text: String) {
    standardError += text
  }
}

/// What one run of the tool gave.
struct ToolRun {
  var status: Int32
  var standardOutput: String
  var standardError: String

  /// Runs the tool in process, as `health-exporter ARGUMENTS`.
  init(
    _ arguments: [String], environment: [String: String] = ["TZ": "America/New_York"],
    failingOutput: (any Error)? = nil
  ) {
    let output = CapturedOutput()
    output.outputFailure = failingOutput
    status = CommandLineTool.run(arguments, environment: environment, output: output)
    standardOutput = String(decoding: output.standardOutput, as: UTF8.self)
    standardError = output.standardError
  }
}

/// The package's root folder, found from this file's path
/// (`Tests/HealthExporterCLITests/Support/ToolRun.swift`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The example export shipped in `Examples/`.
let exampleExport = packageRoot + "/Examples/export.xml"
