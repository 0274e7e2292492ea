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
      "The export.zip the Health app made (Export All Health Data), its unpacked folder, or export.xml alone, whatever its name."
    )
  ]

  static let options: [OptionSpec] = [
    OptionSpec.sample,
    OptionSpec(
      "output", short: "o", .value(name: "path"),
      help:
        "A file, a folder (the file is named HealthExporter_yyyy-MM-dd_HHmmss.csv inside it), or - for standard output.",
      default: "the current folder"),
    OptionSpec(
      "metrics", .value(name: "list"),
      help: "Base metrics, comma-separated: weight, steps, glucose; or none.",
      default: "weight,steps"),
    OptionSpec(
      "vitals", .value(name: "list"),
      help:
        "Vitals, comma-separated: \(MetricRegistry.standard.vitals.map(\.optionName).joined(separator: ", ")); all; or none.",
      default: "none"),
    OptionSpec(
      "labs", .value(name: "list"),
      help:
        "Labs, comma-separated: panels (\(LabPanel.allCases.map(\.optionName).joined(separator: ", "))) and/or LOINC codes; all; or none. 'health-exporter metrics' lists them.",
      default: "none"),
    OptionSpec(
      "last-days", .value(name: "n"),
      help: "The last N calendar days, today included.", default: "30"),
    OptionSpec(
      "last-records", .value(name: "n"),
      help: "The N most recent rows of each metric, vital component and lab."),
    OptionSpec("from", .value(name: "yyyy-mm-dd"), help: "The first day of a custom range."),
    OptionSpec("to", .value(name: "yyyy-mm-dd"), help: "The last day of a custom range (included)."),
    OptionSpec("all", .flag, help: "No date limit."),
    OptionSpec("weight-unit", .value(name: "lbs|kg"), help: "The unit of weight.", default: "lbs"),
    OptionSpec(
      "temperature-unit", .value(name: "f|c"), help: "The unit of body temperature.", default: "f"),
    OptionSpec(
      "date-format", .value(name: "name"),
      help: DateFormat.allCases.map { "\($0.optionName) (\($0.pattern)\($0.isUTC ? ", UTC" : ""))" }
        .joined(separator: ", ") + ".",
      default: "default"),
    OptionSpec(
      "sort", .value(name: "asc|desc"), help: "Oldest or newest first within each block.",
      default: "asc"),
    OptionSpec(
      "time-zone", .value(name: "tz"),
      help: "An IANA time zone, such as America/New_York, for local dates and calendar days.",
      default: "the TZ environment variable, else the system's"),
    OptionSpec("force", .flag, help: "Overwrite an existing output file."),
    OptionSpec("strict", .flag, help: "Make a malformed record an error instead of a counted skip."),
    OptionSpec("quiet", short: "q", .flag, help: "Print no summary on standard error."),
  ]

  static let discussion: String? = """
    The range options --last-days, --last-records, --from/--to and --all exclude each other. \
    HEALTH_EXPORTER_NOW (an ISO 8601 date-time such as 2026-01-20T12:00:00Z), when set, is the \
    moment date ranges count from and the file name shows.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, environment: context.environment)
    let selection = try ExportOptions.selection(arguments, timeZone: timeZone) { warning in
      context.output.writeStandardError("warning: \(warning)\n")
    }
    let now = try ExportOptions.now(environment: context.environment)
    let destination = OutputDestination.resolve(
      output: arguments.values["output"], defaultFileName: CSVExport.fileName(now: now, timeZone: timeZone),
      overwrites: arguments.has("force"), standardOutput: { try context.output.writeStandardOutput($0) })

    let source = try SampleOption.source(
      arguments, command: name, timeZone: timeZone, environment: context.environment,
      missingHelp: "give the export.zip, its unpacked folder or export.xml to read, or --sample")
    let diagnostics = Diagnostics(isStrict: arguments.has("strict"))
    let summary = try CSVExport(selection: selection, now: now)
      .run(source: source, destination: destination, diagnostics: diagnostics)
    if !arguments.has("quiet") {
      context.output.writeStandardError(summary.line + "\n")
    }
    return .success
  }

}
