import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter convert`: any input in Apple's export format or as a JSON profile, FHIR R4 or
/// GPX with heart rate.
enum ConvertCommand: Subcommand {
  static let name = "convert"
  static let abstract =
    "Write an input whole in Apple's export format (export.zip, its folder or export.xml) or as a JSON profile; or as FHIR R4, or GPX with heart rate."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = ProfileCommand.arguments

  static let options: [OptionDefinition] = [
    .sample,
    .value(
      "output", short: "o", placeholder: "path", .path,
      help:
        "Where to write: a .zip archive as the Health app makes it, an .xml file (export.xml alone), a .json profile, a folder, or - for export.xml (or, with --format profile, the profile) on standard output."
    ),
    FormatOption.convertDefinition,
    .timeZone(
      help:
        "An IANA time zone for dates that carry no UTC offset of their own (a profile's), the archive's file dates and a profile's date of birth."
    ),
    .value(
      "name", placeholder: "name", .text, help: "A profile's name (metaData.profileName).",
      default: "output and the local time, such as output20260120070000"),
    .flag("force", help: "Replace an existing output (never the input)."), .strict, .quiet,
  ]

  static let discussion: String? = """
    Everything the input holds that the output's format can carry is written: records with their \
    metadata and heart-rate beats, correlations (their members repeated at top level, as the \
    Health app does), workouts with their events, statistics, activities and routes (their GPX \
    files), activity summaries, the person's characteristics, audiograms, vision prescriptions, \
    states of mind, ECG recordings, clinical records with their FHIR files. --format fhir writes \
    the measures with LOINC codes, the days' steps and the clinical records as FHIR R4; --format \
    gpx a GPX file per workout with a route, each point with its heart rate. See docs/convert.md \
    for what each format keeps. The input is never overwritten, even with --force.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    guard let output = arguments.values["output"] else {
      throw usageError(
        .other(
          "missing '-o, --output <path>': name the .zip archive, .xml file, .json profile or folder to write")
      )
    }
    let format = try FormatOption.format(
      arguments, output: output, command: name, choices: FormatOption.convertChoices)
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(environment: context.environment, command: name)
    var path = output
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let destination: OutputDestination =
      output == "-"
      ? .sink { try context.output.writeStandardOutput($0) }
      : .file(path: path, overwrites: arguments.has("force"))
    let options = ConvertExport.Options(
      format: format, timeZone: timeZone, now: now, profileName: arguments.values["name"])
    return try run(
      ConvertExport(options: options), to: destination, timeZone: timeZone, arguments: arguments,
      context: context,
      missingHelp: "give the export.zip, its folder, export.xml or a profile to convert, or --sample")
  }
}
