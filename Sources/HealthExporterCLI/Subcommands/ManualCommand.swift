import HealthExport

/// `health-exporter manual`: the manual page.
enum ManualCommand: Subcommand {
  static let name = "manual"
  static let abstract = "Print the manual page (man format) made from the help, for man(1)."
  static let usageArguments = ""
  static let arguments: [(name: String, help: String)] = []
  static let options: [OptionDefinition] = []

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if let extra = arguments.positionals.first { throw usageError(.unexpectedArgument(extra)) }
    try context.output.print(ManualPage.text(subcommands: SubcommandList.all))
    return .success
  }
}
