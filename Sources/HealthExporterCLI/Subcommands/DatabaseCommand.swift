import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel
import SystemShim

/// `health-exporter database`: the whole record as one SQLite database.
enum DatabaseCommand: Subcommand {
  static let name = "database"
  static let abstract =
    "Write everything an export holds into one SQLite database: records, workouts and routes, ECGs, clinical records."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = ProfileCommand.arguments

  static let options: [OptionDefinition] =
    [
      .sample,
      .value(
        "output", short: "o", placeholder: "path", .path,
        help: "A file, or a folder (the file is named HealthExporter_yyyy-MM-dd_HHmmss.sqlite inside it).",
        default: "the current folder"),
      .timeZone(
        help:
          "An IANA time zone for the summaries' days, for dates the input gives without an offset (a profile's), and the default name."
      ),
    ] + OptionGroup.units.definitions + [
      .flag(
        "update",
        help:
          "Bring the database named by --output up to date with this newer export: what is new is added, what the export no longer holds is moved into the table removed."
      ),
      .flag(
        "allow-older", help: "With --update, take an export made before the newest one the database holds."),
      .flag(
        "allow-other-person",
        help: "With --update, take an export whose date of birth or sex differ from the database's."),
    ] + DeidentifyOption.definitions + [
      .force, .strict, .quiet,
    ]

  static let discussion: String? = """
    Every element of export.xml goes in, with the points of the GPX routes, the samples of the \
    ECG recordings and every clinical record's FHIR resource; lab results are read from every \
    Observation with a LOINC code and a quantity; the summaries of every type per day, week and \
    month are computed as the summary command computes them. Each date is stored in the database's \
    time zone and in Unix seconds. With --update, a newer export updates the database in place, in \
    its own time zone and units: each reading is kept once, with its id, and the history is in the \
    tables imports and removed. The tables, views and example queries are in docs/database.md; open \
    the file with any SQLite tool (sqlite3, DB Browser for SQLite, Datasette, pandas).
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if arguments.has("update") { return try update(arguments, context: context) }
    for flag in ["allow-older", "allow-other-person"] where arguments.has(flag) {
      throw usageError(.other("--\(flag) goes with --update"))
    }
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(arguments, environment: context.environment, command: name)
    let units = try ExportOptions.days(arguments, context: context, command: name).units
    if arguments.values["output"] == "-" {
      throw usageError(
        .invalidValue(
          option: "--output <path>", value: "-",
          expected: "a database is a file; name one, such as health.sqlite"))
    }
    return try run(
      DatabaseExport(toolVersion: ToolVersion.current, timeZone: timeZone, now: now, summaryUnits: units),
      named: DatabaseExport.defaultFileName(now: now),
      timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: "give the export.zip, its folder, export.xml or a profile to read, or --sample")
  }

  /// `--update`: the database named by `--output` brought up to date, in its own zone and units.
  private static func update(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if arguments.has("force") { throw usageError(.conflicting("--update", "--force")) }
    if arguments.has("deidentify") {
      throw usageError(
        .other(
          "--deidentify makes a database of its own, which no export can update; leave out --update and name a new file"
        ))
    }
    guard let path = arguments.values["output"], path != "-", !path.hasSuffix("/"),
      SystemCall.kind(of: path) != .directory
    else {
      throw usageError(
        .other(
          "--update brings the database named by --output up to date: name its file, such as -o health.sqlite"
        ))
    }
    let now = try ExportOptions.now(environment: context.environment, command: name)
    let kept = try DatabaseUpdate.settings(ofDatabaseAt: path)
    // The database's own zone and units win over the settings and the environment; naming others
    // is refused.
    if let named = arguments.values["time-zone"],
      TimeZone(identifier: named)?.identifier != kept.timeZone.identifier
    {
      throw UpdateRefusal.otherSetting(option: "--time-zone", kept: kept.timeZone.identifier, named: named)
    }
    try ExportOptions.refuseOtherUnits(than: kept.units, arguments, context: context, command: name)
    var job = DatabaseUpdate(toolVersion: ToolVersion.current, now: now)
    job.allowsOlderExport = arguments.has("allow-older")
    job.allowsOtherPerson = arguments.has("allow-other-person")
    return try run(
      job, to: .file(path: path, overwrites: true), timeZone: .named(kept.timeZone), arguments: arguments,
      context: context,
      missingHelp: "give the newer export.zip, its folder or export.xml to update the database with")
  }
}
