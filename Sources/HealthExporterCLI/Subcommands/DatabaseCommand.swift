import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// `health-exporter database`: the whole record as one SQLite database.
enum DatabaseCommand: Subcommand {
  static let name = "database"
  static let abstract =
    "Write everything an export holds into one SQLite database: records, workouts and routes, ECGs, clinical records."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = ProfileCommand.arguments

  static let options: [OptionDefinition] = [
    .sample,
    .value(
      "output", short: "o", placeholder: "path", .path,
      help: "A file, or a folder (the file is named HealthExporter_yyyy-MM-dd_HHmmss.sqlite inside it).",
      default: "the current folder"),
    .timeZone(
      help:
        "An IANA time zone for the summaries' days, for dates the input gives without an offset (a profile's), and the default name."
    ),
    .force, .strict, .quiet,
  ]

  static let discussion: String? = """
    Every element of export.xml goes in, with the points of the GPX routes, the samples of the \
    ECG recordings and every clinical record's FHIR resource; lab results are read from every \
    Observation with a LOINC code and a quantity; the summaries of every type per day, week and \
    month are computed as the summary command computes them. Each date is stored as written and \
    in Unix seconds. The tables and example queries are in docs/database.md; open the file with any \
    SQLite tool (sqlite3, DB Browser for SQLite, Datasette, pandas).
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(environment: context.environment, command: name)
    if arguments.values["output"] == "-" {
      throw usageError(
        .invalidValue(
          option: "--output <path>", value: "-",
          expected: "a database is a file; name one, such as health.sqlite"))
    }
    return try run(
      DatabaseExport(toolVersion: ToolVersion.current, timeZone: timeZone, now: now),
      named: DatabaseExport.defaultFileName(now: now),
      timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: "give the export.zip, its folder, export.xml or a profile to read, or --sample")
  }
}
