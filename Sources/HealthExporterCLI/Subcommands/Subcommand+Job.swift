import Foundation
import HealthArchive
import HealthExport
import HealthModel

extension Subcommand {
  /// Runs `job` as `run(_:to:timeZone:arguments:context:missingHelp:)` does, to where `-o` (else
  /// the saved output folder, else the current folder) puts the output, named `defaultName` in a
  /// folder (on the clocks of the job's zone); `-` is standard output; `--force` overwrites.
  /// - Parameters:
  ///   - job: the job, made from the command's options.
  ///   - defaultName: the output's name in a folder.
  ///   - timeZone: the job's zone: named, or the export's own.
  ///   - arguments: the command's arguments.
  ///   - context: where messages go.
  ///   - missingHelp: what to give when no input is named.
  /// - Returns: success.
  /// - Throws: `UsageError`, and the job's errors.
  static func run<Job: ExportJob>(
    _ job: Job, named defaultName: DefaultFileName, timeZone: TimeZoneChoice, arguments: ParsedArguments,
    context: ToolContext, missingHelp: String
  ) throws -> ExitCode where Job.Outcome: JobOutcome {
    let destination = OutputDestination.resolve(
      output: ExportCommand.outputPath(arguments, context: context), defaultName: defaultName,
      timeZone: timeZone, overwrites: arguments.has("force"),
      standardOutput: { try context.output.writeStandardOutput($0) })
    return try run(
      job, to: destination, timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: missingHelp)
  }

  /// Runs `job` as every writing command does, through the library's front door: de-identified
  /// with `--deidentify`, checks that the output is not the input, opens the input (or the
  /// sample), shows the progress line as the job's progress observer, then prints the job's
  /// warnings and, unless `--quiet`, its closing line.
  /// - Parameters:
  ///   - job: the job, made from the command's options.
  ///   - destination: where its output goes.
  ///   - timeZone: the job's zone: the built-in sample is made on its clocks (the machine's for the
  ///     export's own).
  ///   - arguments: the command's arguments: the input or `--sample`, `--strict`, `--quiet`.
  ///   - context: where messages go.
  ///   - missingHelp: what to give when no input is named.
  /// - Returns: success.
  /// - Throws: `UsageError`, and the job's errors.
  static func run<Job: ExportJob>(
    _ job: Job, to destination: OutputDestination, timeZone: TimeZoneChoice, arguments: ParsedArguments,
    context: ToolContext, missingHelp: String
  ) throws -> ExitCode where Job.Outcome: JobOutcome {
    if let deidentification = try DeidentifyOption.deidentification(arguments, command: name) {
      return try runJob(
        DeidentifiedExport(job, deidentification), to: destination, timeZone: timeZone, arguments: arguments,
        context: context, missingHelp: missingHelp)
    }
    return try runJob(
      job, to: destination, timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: missingHelp)
  }

  /// Runs `job` as `run(_:to:timeZone:arguments:context:missingHelp:)` says, once it is the
  /// de-identified job where `--deidentify` asks for one.
  private static func runJob<Job: ExportJob>(
    _ job: Job, to destination: OutputDestination, timeZone: TimeZoneChoice, arguments: ParsedArguments,
    context: ToolContext, missingHelp: String
  ) throws -> ExitCode where Job.Outcome: JobOutcome {
    try SampleOption.checkOutput(destination, isNotInputOf: arguments)
    let source = try SampleOption.source(
      arguments, command: name, timeZone: timeZone.provisional, environment: context.environment,
      missingHelp: missingHelp)
    let progress = ProgressLine.make(for: arguments, context: context, label: source.progressLabel)
    defer { progress?.finish() }
    let outcome = try job.run(
      source, to: destination, progress: progress, diagnostics: Diagnostics(isStrict: arguments.has("strict"))
    )
    progress?.finish()
    for warning in outcome.warnings {
      context.warn(warning)
    }
    if !arguments.has("quiet") {
      context.output.message(outcome.line + "\n")
    }
    return .success
  }
}
