import Foundation
import HealthArchive
import HealthExport
import HealthModel

/// `health-exporter summary`: totals and statistics per period, each stretch of time counted once.
enum SummaryCommand: Subcommand {
  static let name = "summary"
  static let abstract = "Write totals and statistics per hour, day, week, month or year, counted once."
  static let usageArguments = "[<input>]"

  static let arguments: [(name: String, help: String)] = ExportCommand.arguments

  static let options: [OptionSpec] = [
    OptionSpec.sample,
    OptionSpec(
      "output", short: "o", .value(name: "path"),
      help:
        "A file, a folder (the file is named HealthExporter_Summary_yyyy-MM-dd_HHmmss.csv inside it), or - for standard output.",
      default: "the current folder"),
    OptionSpec(
      "period", .value(name: "name"),
      help:
        "The periods: \(SummaryPeriod.allCases.map(\.optionName).joined(separator: ", ")) (weeks start on Monday).",
      default: "day"),
    OptionSpec(
      "last-days", .value(name: "n"),
      help: "The periods of the last N calendar days, today included.", default: "30"),
    OptionSpec("from", .value(name: "yyyy-mm-dd"), help: "The first day of a custom range."),
    OptionSpec("to", .value(name: "yyyy-mm-dd"), help: "The last day of a custom range (included)."),
    OptionSpec("all", .flag, help: "No date limit."),
    OptionSpec(
      "source-priority", .value(name: "names"),
      help:
        "Source names, comma-separated, whose samples count first where sources overlap; then Apple Watches, then iPhones, then the others. 'health-exporter inspect' lists the sources."
    ),
    OptionSpec(
      "types", .value(name: "list"),
      help:
        "The HealthKit types to summarize, comma-separated, with or without their prefix (StepCount, SleepAnalysis).",
      default: "every quantity and category type"),
    OptionSpec("weight-unit", .value(name: "lbs|kg"), help: "The unit of weight.", default: "lbs"),
    OptionSpec(
      "temperature-unit", .value(name: "f|c"), help: "The unit of body temperature.", default: "f"),
    OptionSpec(
      "date-format", .value(name: "name"),
      help:
        "How periods are written: the local date (and time, for hours) in the shape of default, ymd-slash, mdy or dmy; or iso8601, the period's start in UTC.",
      default: "default"),
    OptionSpec(
      "time-zone", .value(name: "tz"),
      help: "An IANA time zone, such as America/New_York, where periods begin and end.",
      default: "the TZ environment variable, else the system's"),
    OptionSpec("force", .flag, help: "Overwrite an existing output file."),
    OptionSpec("strict", .flag, help: "Make a malformed record an error instead of a counted skip."),
    OptionSpec("quiet", short: "q", .flag, help: "Print no summary on standard error."),
  ]

  static let discussion: String? = """
    Time that several sources recorded together (the Apple Watch and the iPhone counting the same \
    walk) is counted once, from the source of highest priority. The range options --last-days, \
    --from/--to and --all exclude each other and select whole periods: every period they overlap. \
    HEALTH_EXPORTER_NOW (an ISO 8601 date-time such as 2026-01-20T12:00:00Z), when set, is the \
    moment date ranges count from and the file name shows.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, environment: context.environment, command: name)
    let selection = try selection(arguments, timeZone: timeZone)
    let now = try ExportOptions.now(environment: context.environment, command: name)
    let destination = OutputDestination.resolve(
      output: arguments.values["output"],
      defaultFileName: SummaryExport.fileName(now: now, timeZone: timeZone),
      overwrites: arguments.has("force"), standardOutput: { try context.output.writeStandardOutput($0) })
    let source = try SampleOption.source(
      arguments, command: name, timeZone: timeZone, environment: context.environment,
      missingHelp: "give the export.zip, its unpacked folder or export.xml to summarize, or --sample")
    let diagnostics = Diagnostics(isStrict: arguments.has("strict"))
    let report = try SummaryExport(selection: selection, now: now)
      .run(source: source, destination: destination, diagnostics: diagnostics)
    for name in report.unknownPrioritySources {
      context.output.writeStandardError(
        "warning: --source-priority names '\(name)', which no summarized record carries\n")
    }
    if !arguments.has("quiet") {
      context.output.writeStandardError(report.line + "\n")
    }
    return .success
  }

  /// The selection the options describe, over the defaults.
  static func selection(_ arguments: ParsedArguments, timeZone: TimeZone) throws(UsageError)
    -> SummarySelection
  {
    var selection = SummarySelection(timeZone: timeZone)
    if let period = arguments.values["period"] {
      selection.period = try ExportOptions.choice(
        period, option: "--period <name>", SummaryPeriod.self, command: name)
    }
    selection.range = try ExportOptions.range(arguments, command: name)
    selection.units = try ExportOptions.units(arguments, command: name)
    if let format = arguments.values["date-format"] {
      selection.dateFormat = try ExportOptions.choice(
        format, option: "--date-format <name>", DateFormat.self, command: name)
    }
    if let list = arguments.values["source-priority"] {
      selection.sourcePriority = try items(
        list, option: "--source-priority <names>", expected: "source names")
    }
    if let list = arguments.values["types"] {
      var types: Set<String> = []
      for item in try items(list, option: "--types <list>", expected: "HealthKit type names") {
        guard item.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
          throw usageError(
            .invalidValue(
              option: "--types <list>", value: item,
              expected:
                "expected HealthKit type names such as StepCount or HKCategoryTypeIdentifierSleepAnalysis"))
        }
        if item.hasPrefix("HK") {
          types.insert(item)
        } else {
          types.insert(HealthKitIdentifier.quantityTypePrefix + item)
          types.insert(HealthKitIdentifier.categoryTypePrefix + item)
        }
      }
      selection.types = types
    }
    return selection
  }

  /// The items of a comma-separated list, trimmed; an empty item is a usage error.
  private static func items(_ list: String, option: String, expected: String) throws(UsageError) -> [String] {
    let items = list.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if let empty = items.firstIndex(where: \.isEmpty) {
      throw usageError(
        .invalidValue(
          option: option, value: list,
          expected: "item \(empty + 1) is empty; expected \(expected) separated by commas"))
    }
    return items
  }
}
