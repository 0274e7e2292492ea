import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthSampleGenerator

/// The input of `export`, `profile` and `inspect`: the path given, or the built-in sample.
enum SampleOption {
  /// The export named by the positional argument, or the generated sample for `--sample` (the
  /// default seed and days, ending at "now" in `timeZone`).
  /// - Throws: `UsageError` when both or neither are given, or "now" is not a date-time; the
  ///   input's errors.
  static func source(
    _ arguments: ParsedArguments, command: String, timeZone: TimeZone, environment: [String: String],
    missingHelp: String
  ) throws -> any HealthInputSource {
    if arguments.positionals.count > 1 {
      throw UsageError(.unexpectedArgument(arguments.positionals[1]), command: command)
    }
    if arguments.has("sample") {
      if let input = arguments.positionals.first {
        throw UsageError(.other("give either <input> ('\(input)') or --sample, not both"), command: command)
      }
      let now = try ExportOptions.now(environment: environment, command: command)
      let configuration = SampleConfiguration.sample(now: now, timeZoneIdentifier: timeZone.identifier)
      return try SampleExport(configuration: configuration).source(endingAt: now)
    }
    guard let input = arguments.positionals.first else {
      throw UsageError(.missingArgument(name: "input", help: missingHelp), command: command)
    }
    // A database of this tool is the person's kept record: read back as an input.
    if try HealthInput.isSQLiteDatabase(at: input) { return try DatabaseSource(path: input) }
    return try HealthInput.open(path: input, timeZone: timeZone)
  }

  /// Checks that the output is not the input, nor a file inside an input folder.
  /// - Throws: `OutputError.isAnInput`, even with `--force`.
  static func checkOutput(_ destination: OutputDestination, isNotInputOf arguments: ParsedArguments) throws {
    guard let path = destination.path, !arguments.has("sample") else { return }
    try OutputFile.checkNotAnInput(path, inputs: arguments.positionals)
  }
}
