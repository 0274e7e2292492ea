/// `health-exporter privacy`: what the tool does with health data.
enum PrivacyCommand: Subcommand {
  static let name = "privacy"
  static let abstract = "Show the privacy policy: what the tool reads, writes and never does."
  static let usageArguments = ""
  static let arguments: [(name: String, help: String)] = []
  static let options: [OptionSpec] = []

  static let policy = """
    HealthExporter privacy policy

    - Everything runs on this machine. The tool has no networking code: it never connects to
      anything, sends no telemetry, and needs no account.
    - It reads only the inputs you name on the command line.
    - It writes only where you ask (-o, --output), to a temporary file beside the destination
      that is renamed into place; files it creates are readable by you alone (permissions 0600).
      While a large JSON profile is written, temporary files are kept in a folder beside it and
      removed at the end.
    - It keeps nothing, no history and no copy of your data, except for the assistant server
      (health-exporter mcp): it keeps the database of the export it serves in
      ~/.cache/health-exporter (0600), reused while the export is unchanged; --no-cache keeps none.
    - What an AI assistant reads through the assistant server, its app may send to the
      assistant's provider.
    - Exports are data exported as-is from Apple Health, not a medical record.

    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if let extra = arguments.positionals.first {
      throw usageError(.unexpectedArgument(extra))
    }
    try context.output.print(policy)
    return .success
  }
}
