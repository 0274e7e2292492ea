import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter profile`: the JSON health profile.
enum ProfileCommand: Subcommand {
  static let name = "profile"
  static let abstract =
    "Write the JSON health profile (HealthKitSampleGenerator format 1.0.0) of an export or a profile."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = [
    (
      "input",
      "The export.zip, its unpacked folder, export.xml alone, a JSON profile, or a database this tool made."
    )
  ]

  static let options: [OptionDefinition] =
    [
      .sample,
      .output(fileName: "HealthProfile_yyyy-MM-dd_HHmmss.json"),
      .value(
        "name", placeholder: "name", .text, help: "The profile's name (metaData.profileName).",
        default: "output and the local time, such as output20260120070000"),
      .flag("uuids", help: "Give every sample without one a stable uuid."),
      .timeZone(
        help: "An IANA time zone for the date of birth and the default name."),
    ] + DeidentifyOption.definitions + [
      .force, .strict, .quiet,
    ]

  static let discussion: String? = """
    Everything the profile format holds is written, with this tool's optional keys for what it \
    does not (sources, devices, metadata, lab results; see docs/profile-format.md). Types too \
    large for memory are kept in temporary files beside the output while it is written.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let now = try ExportOptions.now(arguments, environment: context.environment, command: name)
    let options = ProfileWriter.Options(
      profileName: arguments.values["name"],
      creationDate: now, addsUUIDs: arguments.has("uuids"), timeZone: timeZone)
    return try run(
      ProfileExport(options: options),
      named: ProfileExport.defaultFileName(now: now),
      timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: "give the export.zip, its folder, export.xml or a profile to read, or --sample")
  }
}
