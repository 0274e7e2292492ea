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

  static let options: [OptionSpec] = [
    OptionSpec(
      "output", short: "o", .value(name: "path"),
      help:
        "Where to write: a .zip archive, an .xml file (export.xml alone), a folder, or - for export.xml on standard output."
    ),
    OptionSpec(
      "format", .value(name: "zip|folder|xml"), help: "What to write.",
      default: "from the output's extension: .zip a zip archive, .xml export.xml alone, else a folder"),
    OptionSpec(
      "seed", .value(name: "n"),
      help: "Decides the person and every value; the same seed gives the same bytes.",
      default: "\(SampleConfiguration.defaultSeed)"),
    OptionSpec(
      "days", .value(name: "n"), help: "How many days the record covers, the end day included.",
      default: "\(SampleConfiguration.defaultDays)"),
    OptionSpec(
      "end", .value(name: "yyyy-mm-dd"), help: "The last day of the record; the export is made at its end.",
      default: "\(CalendarDay(SampleConfiguration.defaultEnd))"),
    OptionSpec(
      "time-zone", .value(name: "tz"), help: "The IANA time zone the person lives in (TZ is not read).",
      default: SampleConfiguration.defaultTimeZone),
    OptionSpec(
      "size", .value(name: "size"),
      help:
        "The size export.xml should have, such as 200MB or 2GB (10^6 and 10^9 bytes): the record is lengthened (or, with --days, made denser) until export.xml is within 10% of it."
    ),
    OptionSpec("force", .flag, help: "Replace an existing output."),
    OptionSpec("quiet", short: "q", .flag, help: "Print no summary on standard error."),
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
    var configuration = SampleConfiguration()
    if let text = arguments.values["seed"] {
      guard let seed = UInt64(text) else {
        throw usageError(
          .invalidValue(option: "--seed <n>", value: text, expected: "expected a whole number, 0 or more"))
      }
      configuration.seed = seed
    }
    if let text = arguments.values["days"] {
      guard let days = Int(text), (1...SampleConfiguration.maximumDays).contains(days) else {
        throw usageError(
          .invalidValue(
            option: "--days <n>", value: text,
            expected: "expected a whole number of days from 1 to \(SampleConfiguration.maximumDays)"))
      }
      configuration.days = days
    }
    if let text = arguments.values["end"] {
      guard let day = CalendarDay(parsing: text), (1900...2199).contains(day.year) else {
        throw usageError(
          .invalidValue(
            option: "--end <yyyy-mm-dd>", value: text,
            expected: "expected a date from 1900 to 2199 such as 2026-06-30"))
      }
      configuration.end = CivilDateTime(year: day.year, month: day.month, day: day.day)
    }
    if let name = arguments.values["time-zone"] {
      guard TimeZone(identifier: name) != nil else {
        throw usageError(
          .invalidValue(
            option: "--time-zone <tz>", value: name,
            expected: "expected an IANA time zone name such as America/New_York or UTC"))
      }
      configuration.timeZoneIdentifier = name
    }
    do {
      try configuration.validate()
    } catch {
      throw usageError(.other(error.description))
    }
    let format: SampleOutputFormat
    if let text = arguments.values["format"] {
      guard let chosen = SampleOutputFormat(rawValue: text.lowercased()) else {
        throw usageError(
          .invalidValue(
            option: "--format <zip|folder|xml>", value: text, expected: "expected one of zip, folder, xml"))
      }
      format = chosen
    } else {
      format = output == "-" ? .xml : SampleOutputFormat.inferred(fromPath: output)
    }
    if output == "-" && format != .xml {
      throw usageError(.other("only --format xml can be written to standard output (-o -)"))
    }
    if let text = arguments.values["size"] {
      guard let bytes = size(text) else {
        throw usageError(
          .invalidValue(
            option: "--size <size>", value: text, expected: "expected a size such as 200MB or 2GB"))
      }
      do {
        configuration = try configuration.fitted(toExportXMLBytes: bytes, keepingDays: arguments.has("days"))
      } catch let error as SampleSizeError {
        throw usageError(.invalidValue(option: "--size <size>", value: text, expected: error.description))
      }
    }

    let export = try SampleExport(configuration: configuration)
    if output == "-" {
      let stream = export.exportXML()
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
        if count == 0 { break }
        try buffer.withUnsafeBytes {
          try context.output.writeStandardOutput(UnsafeRawBufferPointer(rebasing: $0[0..<count]))
        }
      }
      return .success
    }
    let summary = try SampleExportWriter.write(
      export, to: output, format: format, overwrites: arguments.has("force"))
    if !arguments.has("quiet") {
      context.output.writeStandardError(summary.line + "\n")
    }
    return .success
  }

  /// Bytes from `200MB`, `2GB`, `1.5GB`, `500KB` or a plain number of bytes (powers of ten).
  static func size(_ text: String) -> Int? {
    let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
    for (suffix, factor) in [("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("B", 1.0)] where upper.hasSuffix(suffix)
    {
      guard let number = Double(upper.dropLast(suffix.count)), number > 0, number * factor <= 1e13 else {
        return nil
      }
      return Int((number * factor).rounded())
    }
    guard let number = Int(upper), number > 0 else { return nil }
    return number
  }
}

extension CalendarDay {
  init(_ civil: CivilDateTime) {
    self.init(year: civil.year, month: civil.month, day: civil.day)
  }
}
