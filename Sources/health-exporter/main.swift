import Foundation
import HealthExporterCLI

// The executable only hands the process's arguments and environment to the library.
CommandLineTool.removeTemporariesOnSignals()
let code = CommandLineTool.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
  output: ProcessOutput())
exit(code)
