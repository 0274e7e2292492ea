import HealthExport

/// `health-exporter privacy`: what the tool does with health data.
enum PrivacyCommand: Subcommand {
  static let name = "privacy"
  static let abstract = "Show the privacy policy: what the tool reads, writes and never does."
  static let usageArguments = ""
  static let arguments: [(name: String, help: String)] = []
  static let options: [OptionDefinition] = []

  /// The policy, as `docs/privacy-policy.md` has it word for word (a test keeps them equal).
  static let policy = """
    HealthExporter privacy policy
    =============================

    HealthExporter is a data export utility: it turns the archive the Health app makes (Export All
    Health Data) into files you can use. It is not a medical device and gives no medical advice.

    - Everything stays on this machine. The tool has no networking code: it never connects to
      anything, needs no account, and has no analytics, telemetry, advertising or tracking of any
      kind.
    - It reads only what you name: the export, folder or file you give it (or its own built-in
      sample, which holds no personal data).
    - It writes only where you say (-o, --output, or the output folder you saved), and its
      settings file (health-exporter settings path shows where). Files are written to a temporary
      file beside the destination and renamed into place, readable by you alone (permissions 0600);
      an input is never overwritten, nor a file you did not name. While a large JSON profile is
      written, temporary files are kept in a folder beside it and removed at the end; while a
      database is updated (database --update), the newer export is read into files beside it (a
      database, the keys of its records), removed at the end; diff reads exports into a folder in
      TMPDIR, removed once it has printed.
    - report --pdf starts a browser found on this machine (Chromium, Google Chrome or Microsoft
      Edge, or the one HEALTH_EXPORTER_BROWSER names) to print the report: headless, kept off the
      network, with a new profile in a temporary folder (in TMPDIR) that is removed afterwards. It
      is the only time the tool starts another program.
    - It keeps nothing else: no history, no copy of your data. The settings file holds only your
      choices (units, formats, what to export, the output folder), never health data. The one cache
      is the assistant server's (health-exporter mcp): the database of the export it serves, in
      ~/.cache/health-exporter (0600), reused while the export is unchanged; --no-cache keeps none.
    - What an AI assistant reads through the assistant server, the assistant's app may send to its
      provider, under that provider's terms.
    - With --deidentify, a command writes the record without what names you: sources become
      Source 1, Source 2, …, devices keep only maker and model, identifiers and serial numbers go,
      the date of birth becomes its year, clinical records lose the records of people and
      organizations and every name, address and identifier, routes are left out (--keep-routes
      keeps them) and --shift-days moves every date. The values stay, and can still tell who you
      are to someone who knows them; docs/deidentification.md says what it does and does not protect.
    - The CSV is plain text that you control: you decide where it goes and whom to share it
      with. It holds data exported as-is from Apple Health; it is not a medical record. Verify it
      with your healthcare provider before any clinical use.
    - No warranty. The tool is provided as is, without warranty of accuracy, completeness or
      fitness for any purpose.

    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if let extra = arguments.positionals.first {
      throw usageError(.unexpectedArgument(extra))
    }
    try context.output.print(policy)
    return .success
  }
}
