import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter convert`: any input in Apple's export format, as a JSON profile, or in the
/// formats others read: FHIR R4, GPX with heart rate, Parquet tables.
enum ConvertCommand: Subcommand {
  static let name = "convert"
  static let abstract =
    "Write an input whole in Apple's export format (export.zip, its folder or export.xml), as a JSON profile, as FHIR R4, as GPX with heart rate or as Parquet tables."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = ProfileCommand.arguments

  static let options: [OptionDefinition] =
    [
      .sample,
      .value(
        "output", short: "o", placeholder: "path", .path,
        help:
          "Where to write: a .zip archive as the Health app makes it, an .xml file (export.xml alone), a .json profile, a folder (of Parquet tables with --format parquet), or - for export.xml (or, with --format profile, the profile) on standard output."
      ),
      FormatOption.convertDefinition,
      .timeZone(
        help:
          "An IANA time zone for dates that carry no UTC offset of their own (a profile's), the archive's file dates, a profile's date of birth, and the Parquet tables' time_zone column and summaries."
      ),
      .value(
        "name", placeholder: "name", .text, help: "A profile's name (metaData.profileName).",
        default: "output and the local time, such as output20260120070000"),
      .value(
        "participant", placeholder: "id", .text,
        help:
          "With --format parquet: a participant column holding this id in every table, so that the tables of many exports are queried together (docs/studies.md)."
      ),
    ] + DeidentifyOption.definitions + [
      .flag("force", help: "Replace an existing output (never the input)."), .strict, .quiet,
    ]

  static let discussion: String? = """
    Everything the input holds that the output's format can carry is written: records with their \
    metadata and heart-rate beats, correlations (their members repeated at top level, as the \
    Health app does), workouts with their events, statistics, activities and routes (their GPX \
    files), activity summaries, the person's characteristics, audiograms, vision prescriptions, \
    states of mind, ECG recordings, clinical records with their FHIR files; see docs/convert.md \
    for what each format keeps. --format fhir writes the measures with LOINC codes, the days' \
    steps and the clinical records as FHIR R4; --format gpx a GPX file per workout with a route, \
    each point with its heart rate; --format parquet a folder of Parquet tables (records, \
    workouts, route_points, ecg_samples, lab_results, summaries), dates as UTC timestamps, for \
    DuckDB, Spark, pandas or R. The input is never overwritten, even with --force.
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
    if format == .gpx, arguments.has("deidentify"), !arguments.has("keep-routes") {
      throw usageError(
        .other(
          "--deidentify leaves routes out, and --format gpx writes nothing else; add --keep-routes to keep them (where you go can tell where you live)"
        ))
    }
    let participant = arguments.values["participant"]
    if let participant {
      guard format == .parquet else {
        throw usageError(
          .other("--participant names the participant of Parquet tables: add --format parquet"))
      }
      guard participant.contains(where: { !$0.isWhitespace }), !participant.contains(where: \.isNewline)
      else {
        throw usageError(
          .invalidValue(
            option: "--participant <id>", value: participant, expected: "give an id of one line, such as P001"
          ))
      }
    }
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(arguments, environment: context.environment, command: name)
    let units = try ExportOptions.days(arguments, context: context, command: name).units
    let destination = Self.destination(output, arguments: arguments, context: context)
    let options = ConvertExport.Options(
      format: format, timeZone: timeZone, now: now, profileName: arguments.values["name"],
      participant: participant, summaryUnits: units)
    return try run(
      ConvertExport(options: options), to: destination, timeZone: timeZone, arguments: arguments,
      context: context,
      missingHelp: "give the export.zip, its folder, export.xml or a profile to convert, or --sample")
  }

  /// Where `-o` puts a whole export: standard output for `-`, else the file or folder named
  /// (without trailing slashes), replaced only with `--force`.
  static func destination(_ output: String, arguments: ParsedArguments, context: ToolContext)
    -> OutputDestination
  {
    var path = output
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return output == "-"
      ? .sink { try context.output.writeStandardOutput($0) }
      : .file(path: path, overwrites: arguments.has("force"))
  }
}
