import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter inspect`: what an input holds.
enum InspectCommand: Subcommand {
  static let name = "inspect"
  static let abstract =
    "Show what an export holds: records by type and source, workouts, clinical records, problems."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = [
    ("input", "The export.zip, its unpacked folder, or export.xml alone, whatever its name.")
  ]

  static let options: [OptionDefinition] = [
    .sample,
    .flag("json", help: "Print JSON for scripts instead of a table (dates in UTC)."),
    .timeZone(
      help: "An IANA time zone for the table's dates."),
    .quiet,
  ]

  static let discussion: String? = """
    Every record is read once; nothing is written. Diagnostics list each record that was skipped \
    or repaired, with its line.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let source = try SampleOption.source(
      arguments, command: name, timeZone: timeZone.provisional, environment: context.environment,
      missingHelp: "give the export.zip, its unpacked folder or export.xml to inspect, or --sample")
    let progress = ProgressLine.make(for: arguments, context: context, label: source.progressLabel)
    defer { progress?.finish() }
    let inspection = try ExportInspection.inspect(source, monitor: ReadMonitor(progress: progress))
    progress?.finish()
    if arguments.has("json") {
      let bytes = inspection.json(timeZone: timeZone)
      try context.output.writeStandardOutput(bytes)
    } else {
      try context.output.show(inspection.text(timeZone: timeZone))
    }
    return .success
  }
}
