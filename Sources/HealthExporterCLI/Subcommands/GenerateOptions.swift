import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator

/// Turns the `generate` options into a configuration and a format, naming the option and the
/// accepted values in every error.
enum GenerateOptions {
  /// The configuration the options describe, over the fixed defaults; with `--size`, fitted to it
  /// (`namingFiles`: whether export.xml names the files beside it, false for export.xml alone).
  /// - Throws: `UsageError` for a value out of range or a size that cannot be reached.
  static func configuration(
    _ arguments: ParsedArguments, namingFiles: Bool = true
  ) throws(UsageError) -> SampleConfiguration {
    var configuration = SampleConfiguration()
    if let text = arguments.values["seed"] {
      guard let seed = UInt64(text) else {
        throw GenerateCommand.usageError(
          .invalidValue(option: "--seed <n>", value: text, expected: "expected a whole number, 0 or more"))
      }
      configuration.seed = seed
    }
    if let text = arguments.values["days"] {
      guard let days = Int(text), (1...SampleConfiguration.maximumDays).contains(days) else {
        throw GenerateCommand.usageError(
          .invalidValue(
            option: "--days <n>", value: text,
            expected: "expected a whole number of days from 1 to \(SampleConfiguration.maximumDays)"))
      }
      configuration.days = days
    }
    if let text = arguments.values["end"] {
      guard let day = CalendarDay(parsing: text), (1900...2199).contains(day.year) else {
        throw GenerateCommand.usageError(
          .invalidValue(
            option: "--end <yyyy-mm-dd>", value: text,
            expected: "expected a date from 1900 to 2199 such as 2026-06-30"))
      }
      configuration.end = CivilDateTime(year: day.year, month: day.month, day: day.day)
    }
    if let name = arguments.values["time-zone"] {
      do {
        _ = try ExportChoices.namedTimeZone(name, subject: "--time-zone <tz>")
        configuration.timeZoneIdentifier = name
      } catch {
        throw UsageError(error, command: GenerateCommand.name)
      }
    }
    do {
      try configuration.validate()
    } catch {
      throw GenerateCommand.usageError(.other(error.description))
    }
    if let text = arguments.values["size"] {
      guard let bytes = size(text) else {
        throw GenerateCommand.usageError(
          .invalidValue(
            option: "--size <size>", value: text, expected: "expected a size such as 200MB or 2GB"))
      }
      do {
        configuration = try configuration.fitted(
          toExportXMLBytes: bytes, keepingDays: arguments.has("days"), namingFiles: namingFiles)
      } catch let error as SampleSizeError {
        throw GenerateCommand.usageError(
          .invalidValue(option: "--size <size>", value: text, expected: error.description))
      } catch {
        throw GenerateCommand.usageError(.other("\(error)"))
      }
    }

    return configuration
  }

  /// What `generate` writes: an export in one of its shapes, or the JSON profile of one.
  enum Target: Equatable {
    case export(SampleOutputFormat)
    case profile
  }

  /// The target: `--format`, else the output's extension (see `FormatOption`).
  /// - Throws: `UsageError` for an unknown format, an extension that names none, or a format that
  ///   cannot go to standard output.
  static func target(_ arguments: ParsedArguments, output: String) throws(UsageError) -> Target {
    switch try FormatOption.format(arguments, output: output, command: GenerateCommand.name) {
    case .zip: return .export(.zip)
    case .folder: return .export(.folder)
    case .xml: return .export(.xml)
    case .profile: return .profile
    case let other:
      let what = [.parquet: "Parquet tables", .fhir: "FHIR R4", .gpx: "GPX"][other] ?? other.rawValue
      throw UsageError(
        .invalidValue(
          option: "--format <zip|folder|xml|profile>", value: other.rawValue,
          expected:
            "generate writes an export or its profile: convert it to \(what) with convert --format \(other.rawValue)"
        ),
        command: GenerateCommand.name)
    }
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
