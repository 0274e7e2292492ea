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
    ("input", "The export.zip, its unpacked folder, export.xml alone, or a JSON profile.")
  ]

  static let options: [OptionSpec] = [
    OptionSpec.sample,
    OptionSpec(
      "output", short: "o", .value(name: "path"),
      help:
        "A file, a folder (the file is named HealthProfile_yyyy-MM-dd_HHmmss.json inside it), or - for standard output.",
      default: "the current folder"),
    OptionSpec(
      "name", .value(name: "name"), help: "The profile's name (metaData.profileName).",
      default: "output and the local time, such as output20260120070000"),
    OptionSpec("uuids", .flag, help: "Give every sample without one a stable uuid."),
    OptionSpec(
      "time-zone", .value(name: "tz"), help: "An IANA time zone for the date of birth and the default name.",
      default: "the TZ environment variable, else the system's"),
    OptionSpec("force", .flag, help: "Overwrite an existing output file."),
    OptionSpec("strict", .flag, help: "Make a malformed record an error instead of a counted skip."),
    OptionSpec("quiet", short: "q", .flag, help: "Print no summary on standard error."),
  ]

  static let discussion: String? = """
    Everything the profile format holds is written, with this tool's optional keys for what it \
    does not (sources, devices, metadata, lab results; see docs/profile-format.md). Types too \
    large for memory are kept in temporary files beside the output while it is written.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, environment: context.environment, command: name)
    let now = try ExportOptions.now(environment: context.environment, command: name)
    let destination = OutputDestination.resolve(
      output: arguments.values["output"],
      defaultFileName: ProfileExport.fileName(now: now, timeZone: timeZone),
      overwrites: arguments.has("force"), standardOutput: { try context.output.writeStandardOutput($0) })
    let options = ProfileWriter.Options(
      profileName: arguments.values["name"] ?? ProfileExport.defaultProfileName(now: now, timeZone: timeZone),
      creationDate: now, addsUUIDs: arguments.has("uuids"), timeZone: timeZone)
    let source = try SampleOption.source(
      arguments, command: name, timeZone: timeZone, environment: context.environment,
      missingHelp: "give the export.zip, its folder, export.xml or a profile to read, or --sample")
    let summary = try ProfileExport(options: options).run(
      source: source, destination: destination, diagnostics: Diagnostics(isStrict: arguments.has("strict")))
    if !arguments.has("quiet") {
      context.output.writeStandardError(summary.line + "\n")
    }
    return .success
  }
}
