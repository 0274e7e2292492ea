import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel
import SystemShim

/// `health-exporter diff`: what changed between two exports, or a database and an export.
enum DiffCommand: Subcommand {
  static let name = "diff"
  static let abstract = "Show what changed between two exports, or a database and a newer export."
  static let usageArguments = "<old> <new>"

  static let arguments: [(name: String, help: String)] = [
    (
      "old",
      "The older export (zip, folder, export.xml or profile), or a database made with 'health-exporter database'."
    ),
    ("new", "The newer export, or a database."),
  ]

  static let options: [OptionDefinition] = [
    .flag("json", help: "Print JSON for scripts instead of text."),
    .timeZone(
      help: "An IANA time zone for the dates shown when neither side is a database (which has its own)."),
    .quiet,
  ]

  static let discussion: String? = """
    Readings are compared as 'database --update' compares them, by their natural keys (type, \
    source, value and dates as instants): per record type the readings added and removed and the \
    span of their starts, then workouts, correlations and clinical records. Nothing is written: an \
    export is read into a scratch database in TMPDIR, removed once the diff is printed.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    guard arguments.positionals.count == 2 else {
      if arguments.positionals.count > 2 {
        throw usageError(.unexpectedArgument(arguments.positionals[2]))
      }
      throw usageError(
        .missingArgument(
          name: arguments.positionals.isEmpty ? "old" : "new",
          help: "give the older and the newer export, or a database and a newer export"))
    }
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(environment: context.environment, command: name)
    func side(_ path: String) throws -> DatabaseDiff.Side {
      if try HealthInput.isSQLiteDatabase(at: path) { return .database(path) }
      return .export(try HealthInput.open(path: path, timeZone: timeZone.provisional))
    }
    let old = try side(arguments.positionals[0])
    let new = try side(arguments.positionals[1])
    let scratch = try SystemCall.makeTemporaryFolder(
      in: SystemCall.temporaryBase(environment: context.environment), prefix: "health-exporter-diff.")
    let difference = try DatabaseDiff(
      toolVersion: ToolVersion.current, timeZone: timeZone, now: now, scratchFolder: scratch
    ).run(old: old, new: new)
    if arguments.has("json") {
      try context.output.writeStandardOutput(Array(difference.json.utf8))
    } else {
      try context.output.show(difference.text)
    }
    return .success
  }
}
