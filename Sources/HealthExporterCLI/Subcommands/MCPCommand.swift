import Foundation
import HealthArchive
import HealthAssistant
import HealthDatabase
import HealthExport
import HealthModel
import SystemShim

/// `health-exporter mcp`: the assistant server, the Model Context Protocol over standard input and
/// output.
enum MCPCommand: Subcommand {
  static let name = "mcp"
  static let abstract =
    "Serve an export to an AI assistant (Claude Desktop, an IDE agent) over the Model Context Protocol on stdio."
  static let usageArguments = "<input>"

  static let arguments: [(name: String, help: String)] = [
    ("input", "The export.zip, its unpacked folder, export.xml alone, a JSON profile, or a health database.")
  ]

  static let options: [OptionDefinition] =
    [
      .timeZone(
        help:
          "An IANA time zone for the days the tools take and the times they return, and the summaries' days.")
    ] + OptionGroup.units.definitions + [
      .flag(
        "no-cache",
        help: "Index into a temporary database removed when the server ends, instead of the cache folder.")
    ]

  static let discussion: String? = """
    The assistant's app starts this command and talks to it through pipes; nothing opens a socket. \
    The export is indexed once into a database in $XDG_CACHE_HOME/health-exporter (else \
    ~/.cache/health-exporter), reused while the export is unchanged. The tools read it only. What \
    the assistant reads may be sent to its provider; see docs/assistant.md.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(environment: context.environment, command: name)
    if arguments.positionals.count > 1 {
      throw UsageError(.unexpectedArgument(arguments.positionals[1]), command: name)
    }
    guard let input = arguments.positionals.first else {
      throw UsageError(
        .missingArgument(
          name: "input", help: "give the export.zip, its folder, export.xml, a profile or a database"),
        command: name)
    }
    // The units of the tools' values: the options, else the settings file; a database's own.
    let units = try ExportOptions.days(arguments, context: context, command: name).units
    if (try? HealthInput.isSQLiteDatabase(at: input)) == true,
      let kept = try? DatabaseUpdate.settings(ofDatabaseAt: input)
    {
      try ExportOptions.refuseOtherUnits(than: kept.units, arguments, context: context, command: name)
    }
    let output = context.output
    // Lines come from the indexing thread too: they go to the process's standard error directly.
    let log: @Sendable (String) -> Void = { StandardStreams.writeStandardError($0) }
    SystemCall.ignoreBrokenPipes()
    var options = AssistantDatabase.Options(
      input: input, timeZone: timeZone, usesCache: !arguments.has("no-cache"),
      environment: context.environment,
      now: now, toolVersion: ToolVersion.current)
    options.units = units
    let database = try AssistantDatabase.open(options, log: { log("health-exporter mcp: " + $0) })
    SystemCall.onTerminationSignal { signal in
      database.removeUnfinishedFiles()
      SystemCall.exitProcess(128 + signal)
    }
    let tools = HealthTools(database: database)
    let session = AssistantSession(
      info: AssistantServerInfo(
        version: ToolVersion.current,
        instructions: AssistantInstructions.text(timeZone: database.knownTimeZone ?? timeZone.namedZone)),
      tools: tools.tools, resources: tools.resources,
      output: MessageOutput(sink: ByteSink { try output.writeStandardOutput($0) }), log: log)
    defer { database.removeUnfinishedFiles() }
    do {
      try session.serve(input: StandardInput())
    } catch let error as SystemError where error.path == "standard output" {
      log("health-exporter mcp: the client closed its end (\(error.reason)); stopping")
    }
    return .success
  }
}
