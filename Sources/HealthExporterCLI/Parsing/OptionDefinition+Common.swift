import HealthExport
import HealthModel
import HealthSampleGenerator

extension OptionDefinition {
  /// `--help`, which every command takes.
  static let helpFlag = OptionDefinition.flag("help", short: "h", help: "Show help information.")

  /// `--sample`, which the commands that read an input take in place of it.
  static let sample = OptionDefinition.flag(
    "sample",
    help:
      "Read the built-in sample instead of an input: a generated record of \(SampleConfiguration.sampleDays) days ending now, made in memory (nothing is written)."
  )

  /// `-o, --output`, for a command whose file gets the default name `fileName` in a folder.
  static func output(fileName: String, default defaultDescription: String = "the current folder")
    -> OptionDefinition
  {
    .value(
      "output", short: "o", placeholder: "path", .path,
      help: "A file, a folder (the file is named \(fileName) inside it), or - for standard output.",
      default: defaultDescription)
  }

  /// `--time-zone`, for a command that reads the zone from the settings, then `TZ`, then the
  /// export; `help` says what the command uses it for.
  static func timeZone(help: String) -> OptionDefinition {
    .value(
      "time-zone", placeholder: "tz", .timeZone(keywords: [TimeZoneChoice.exportKeyword]),
      help: help + " " + ExportOption.exportZoneHelp, default: ExportOption.timeZoneDefault)
  }

  /// `--force`.
  static let force = OptionDefinition.flag("force", help: "Overwrite an existing output file.")

  /// `--strict`.
  static let strict = OptionDefinition.flag(
    "strict", help: "Make a malformed record an error instead of a counted skip.")

  /// `-q, --quiet`.
  static let quiet = OptionDefinition.flag(
    "quiet", short: "q", help: "Print no progress or summary on standard error.")
}
