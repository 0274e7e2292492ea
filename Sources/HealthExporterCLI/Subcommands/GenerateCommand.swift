import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator

/// `health-exporter generate`: a synthetic health record in Apple's export format.
enum GenerateCommand: Subcommand {
  static let name = "generate"
  static let abstract = "Generate a synthetic Apple Health export: one simulated person's whole record."
  static let usageArguments = ""
  static let arguments: [(name: String, help: String)] = []

  static let options: [OptionDefinition] =
    [
      .value(
        "output", short: "o", placeholder: "path", .path,
        help:
          "Where to write: a .zip archive, an .xml file (export.xml alone), a .json profile, a folder, or - for export.xml (or, with --format profile, the profile) on standard output."
      ),
      FormatOption.definition,
      .value(
        "seed", placeholder: "n", .number,
        help: "Decides the person and every value; the same seed gives the same bytes.",
        default: "\(SampleConfiguration.defaultSeed)"),
      .value(
        "days", placeholder: "n", .number, help: "How many days the record covers, the end day included.",
        default: "\(SampleConfiguration.defaultDays)"),
      .value(
        "end", placeholder: "yyyy-mm-dd", .day,
        help: "The last day of the record; the export is made at its end.",
        default: "\(CalendarDay(SampleConfiguration.defaultEnd))"),
      .value(
        "time-zone", placeholder: "tz", .timeZone(keywords: []),
        help: "The IANA time zone the person lives in (TZ is not read).",
        default: SampleConfiguration.defaultTimeZone),
      .value(
        "size", placeholder: "size", .text,
        help:
          "The size export.xml should have, such as 200MB or 2GB (10^6 and 10^9 bytes): the record is lengthened (or, with --days, made denser) until export.xml is within 10% of it."
      ),
    ] + DeidentifyOption.definitions + [
      .flag("force", help: "Replace an existing output."),
      .quiet,
    ]

  static let discussion: String? = """
    The same options give the same bytes on any machine, on any day and in any TZ. The archive \
    holds apple_health_export/ as the Health app's does: export.xml, clinical-records/ (FHIR R4 \
    and DSTU2), workout-routes/ (GPX) and electrocardiograms/ (ECG CSV).
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    if let extra = arguments.positionals.first {
      throw usageError(.unexpectedArgument(extra))
    }
    guard let output = arguments.values["output"] else {
      throw usageError(
        .other("missing '-o, --output <path>': name the .zip archive, .xml file or folder to write"))
    }
    let target = try GenerateOptions.target(arguments, output: output)
    // export.xml alone (a file or standard output) names no file beside it: sized without them.
    let configuration = try GenerateOptions.configuration(arguments, namingFiles: target != .export(.xml))

    let export = try SampleExport(configuration: configuration)
    let progress = ProgressLine.make(
      for: arguments, context: context,
      label: output == "-" ? "Making export.xml" : "Writing \((output as NSString).lastPathComponent)")
    defer { progress?.finish() }
    if let deidentification = try DeidentifyOption.deidentification(arguments, command: name) {
      return try writeDeidentified(
        export, target: target, deidentification, to: output, arguments: arguments, context: context,
        progress: progress)
    }
    guard case .export(let format) = target else {
      let source = export.source()
      return try writeProfile(
        of: export, source: source, to: output, arguments: arguments, context: context, progress: progress)
    }
    export.progressObserver = progress
    if output == "-" {
      // export.xml alone: it names no file beside it.
      let stream = export.exportXML(namingFiles: false)
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let count = try stream.read(filling: &buffer)
        if count == 0 { break }
        try context.output.writeStandardOutput(buffer[0..<count])
      }
      return .success
    }
    let summary = try SampleExportWriter.write(
      export, to: output, format: format, overwrites: arguments.has("force"))
    progress?.finish()
    if !arguments.has("quiet") {
      context.output.message(summary.line + "\n")
    }
    return .success
  }

  /// Writes the JSON profile of the generated export, as `profile` would write the export's; the
  /// profile's name and creation date are the export's, so that the same options give the same
  /// bytes.
  private static func writeProfile(
    of export: SampleExport, source: any HealthInputSource, to output: String, arguments: ParsedArguments,
    context: ToolContext, progress: ProgressLine?
  ) throws -> ExitCode {
    let timeZone = try export.configuration.zone()
    let options = ProfileWriter.Options(creationDate: export.exportDate, timeZone: .named(timeZone))
    let destination = OutputDestination.resolve(
      output: output, defaultName: DefaultFileName(prefix: "profile", fileExtension: "json", now: nil),
      timeZone: .named(timeZone), overwrites: arguments.has("force"),
      standardOutput: { try context.output.writeStandardOutput($0) })
    let summary = try ProfileExport(options: options).run(source, to: destination, progress: progress)
    progress?.finish()
    if !arguments.has("quiet") {
      context.output.message(summary.line + "\n")
    }
    return .success
  }
}

extension GenerateCommand {
  /// Writes the generated export de-identified, through `convert`'s writers (the generator's own
  /// writes its person as made): the same archive, folder, export.xml or profile, without the
  /// person's names, birth date or routes (docs/deidentification.md).
  private static func writeDeidentified(
    _ export: SampleExport, target: GenerateOptions.Target, _ deidentification: Deidentification,
    to output: String, arguments: ParsedArguments, context: ToolContext, progress: ProgressLine?
  ) throws -> ExitCode {
    let format: ConvertExport.Format =
      switch target {
      case .profile: .profile
      case .export(.zip): .zip
      case .export(.folder): .folder
      case .export(.xml): .xml
      }
    let destination = ConvertCommand.destination(output, arguments: arguments, context: context)
    let options = ConvertExport.Options(
      format: format, timeZone: .named(try export.configuration.zone()),
      now: DayShift(days: deidentification.shiftDays)(export.exportDate))
    let outcome = try DeidentifiedExport(ConvertExport(options: options), deidentification).run(
      export.source(), to: destination, progress: progress)
    progress?.finish()
    if !arguments.has("quiet") {
      context.output.message(outcome.line + "\n")
    }
    return .success
  }
}

extension CalendarDay {
  init(_ civil: CivilDateTime) {
    self.init(year: civil.year, month: civil.month, day: civil.day)
  }
}
