import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter export`: the HealthExporter CSV.
enum ExportCommand: Subcommand {
  static let name = "export"
  static let abstract = "Write the HealthExporter CSV from an Apple Health export."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = [
    (
      "input",
      "The export.zip the Health app made (Export All Health Data), its unpacked folder, or export.xml alone, whatever its name; or a database this tool made."
    )
  ]

  static let options: [OptionDefinition] =
    [
      .sample,
      .output(
        fileName: "HealthExporter_yyyy-MM-dd_HHmmss.csv",
        default: "the output setting, else the current folder"),
    ]
    + [OptionGroup.selection, .range, .units, .format, .timeZone].flatMap(\.definitions)
    + [
      .flag(
        "interactive", help: "Ask for the input and every choice, one question at a time (on a terminal).")
    ] + DeidentifyOption.definitions + [
      .force, .strict, .quiet,
    ]

  static let discussion: String? = """
    The range options --last-days, --last-records, --from/--to and --all exclude each other. \
    Saved settings ('health-exporter settings') replace the defaults shown; options replace both. \
    HEALTH_EXPORTER_NOW (an ISO 8601 date-time such as 2026-01-20T12:00:00Z), when set, is the \
    moment date ranges count from and the file name shows.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if arguments.has("interactive") { return try runGuided(arguments, context: context) }
    let timeZone = try ExportOptions.timeZone(arguments, context: context)
    let selection = try ExportOptions.selection(arguments, context: context, timeZone: timeZone)
    let now = try ExportOptions.now(arguments, environment: context.environment)
    return try run(
      CSVExport(selection: selection, now: now),
      named: CSVExport.defaultFileName(now: now),
      timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: "give the export.zip, its unpacked folder or export.xml to read, or --sample")
  }

  /// `export --interactive`: the guided export, starting from the options given.
  private static func runGuided(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    guard context.output.isInteractive else {
      throw usageError(
        .other("--interactive asks its questions on a terminal; run it in one, or give the options"))
    }
    for option in ["output", "force", "strict"] where arguments.has(option) {
      throw usageError(.conflicting("--interactive", "--\(option)"))
    }
    if arguments.positionals.count > 1 { throw usageError(.unexpectedArgument(arguments.positionals[1])) }
    if let input = arguments.positionals.first, arguments.has("sample") {
      throw usageError(.other("give either <input> ('\(input)') or --sample, not both"))
    }
    let flags: ExportChoices
    do {
      flags = try ExportChoices(parsing: arguments.exportOptions, warn: context.warn)
    } catch {
      throw UsageError(error, command: name)
    }
    return try GuidedExport.run(
      context: context, flags: flags, input: arguments.positionals.first, sample: arguments.has("sample"))
  }

  /// What `-o` names, else the saved output folder (as a folder, so that a folder that has gone
  /// is an error rather than a file of its name), else nil for the current folder.
  static func outputPath(_ arguments: ParsedArguments, context: ToolContext) -> String? {
    if let output = arguments.values["output"] { return output }
    return context.settings.outputFolder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
  }
}
