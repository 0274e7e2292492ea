import HealthExport
import HealthModel
import SystemShim

/// The `health-exporter` command line: picks the subcommand, parses its arguments, runs it, and
/// turns every error into a one-line message on standard error and an exit code.
package enum CommandLineTool {
  static var subcommands: [any Subcommand.Type] { SubcommandList.all }

  /// Makes SIGINT, SIGTERM and SIGHUP remove the unfinished outputs (temporary files and folders)
  /// and end the process with 130, 143 or 129. For the executable: an app embedding the library
  /// keeps its own signal handling.
  package static func removeTemporariesOnSignals() {
    SignalCleanup.install(
      message: "Interrupted: the unfinished output was removed; nothing was written.",
      messageWhenNothingWasRemoved: "Interrupted.")
  }

  /// Runs the tool.
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - environment: the process environment (`TZ`, `HEALTH_EXPORTER_NOW`).
  ///   - output: where to write.
  /// - Returns: the exit code.
  package static func run(
    _ arguments: [String], environment: [String: String], output: any ToolOutput
  ) -> Int32 {
    let context = ToolContext(environment: environment, output: output)
    var command: (any Subcommand.Type)? = nil
    do {
      guard let first = arguments.first else {
        if output.isInteractive { return try GuidedExport.run(context: context).rawValue }
        throw UsageError(
          .other("no command given (on a terminal, '\(ToolName.value)' alone starts the guided export)"),
          command: nil)
      }
      switch first {
      case "--help", "-h", "help":
        if first == "help", arguments.count > 1 {
          guard let named = subcommand(named: arguments[1]) else {
            throw unknownCommand(arguments[1])
          }
          try output.print(named.helpText)
        } else {
          try output.print(helpText)
        }
        return ExitCode.success.rawValue
      case "--version":
        try output.print("\(ToolName.value) \(ToolVersion.current)\n")
        return ExitCode.success.rawValue
      default:
        guard let named = subcommand(named: first) else {
          if first.hasPrefix("-") {
            throw UsageError(.unknownOption(first, suggestion: nil), command: nil)
          }
          throw unknownCommand(first)
        }
        command = named
        let parsed = try ParsedArguments(
          Array(arguments.dropFirst()), options: named.options, command: named.name)
        if parsed.has("help") {
          try output.print(named.helpText)
          return ExitCode.success.rawValue
        }
        return try named.run(parsed, context: context).rawValue
      }
    } catch let error as UsageError {
      let usage = command?.usage ?? "\(ToolName.value) <command> [<options>]"
      let helpCommand = error.command.map { "\(ToolName.value) \($0) --help" } ?? "\(ToolName.value) --help"
      output.message("Error: \(error)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n")
      return ExitCode.usage.rawValue
    } catch {
      output.message("Error: \(error)\n")
      return ExitCode(for: error).rawValue
    }
  }

  private static func unknownCommand(_ text: String) -> UsageError {
    UsageError(
      .unknownCommand(text, suggestion: Suggestion.nearest(to: text, in: subcommands.map { $0.name })),
      command: nil)
  }

  private static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.name == name }
  }

  /// The tool's own `--help` page.
  static var helpText: String {
    var help = HelpText()
    help.section(
      "OVERVIEW",
      "Your Apple Health data, exported to files you can use, privately on your own machine.")
    help.section("USAGE", "\(ToolName.value) <command> [<options>]")
    help.heading("COMMANDS")
    for command in subcommands { help.entry(command.name, command.abstract) }
    help.heading("OPTIONS")
    help.entry("--version", "Show the version.")
    help.entry(OptionDefinition.helpFlag.helpLabel, OptionDefinition.helpFlag.help)
    help.line("")
    help.line("  See '\(ToolName.value) help <command>' for detailed help.")
    return help.text
  }
}
