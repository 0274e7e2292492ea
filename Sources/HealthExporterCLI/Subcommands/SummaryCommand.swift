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

  static let options: [OptionDefinition] =
    [
      .sample,
      .output(
        fileName: "HealthExporter_Summary_yyyy-MM-dd_HHmmss.csv",
        default: "the output setting, else the current folder"),
      .value(
        "period", placeholder: "name",
        .oneOf(SummaryPeriod.allCases.map { OptionChoice($0.optionName, "one row per \($0.optionName)") }),
        help:
          "The periods: \(SummaryPeriod.allCases.map(\.optionName).joined(separator: ", ")) (weeks start on Monday).",
        default: "day"),
      with(.lastDays, help: "The periods of the last N calendar days, today included."),
      ExportOption.from.definition, ExportOption.to.definition, ExportOption.all.definition,
      .value(
        "source-priority", placeholder: "names", .text,
        help:
          "Source names, comma-separated, whose samples count first where sources overlap; then Apple Watches, then iPhones, then the others. 'health-exporter inspect' lists the sources."
      ),
      .value(
        "types", placeholder: "list", .list(typeChoices, keywords: []),
        help:
          "The HealthKit types to summarize, comma-separated, with or without their prefix (StepCount, SleepAnalysis).",
        default: "every quantity and category type"),
    ] + OptionGroup.units.definitions + [
      with(
        .dateFormat,
        help:
          "How periods are written: the local date (and time, for hours) in the shape of default, ymd-slash, mdy or dmy; or iso8601, the period's start in UTC."
      ),
      .timeZone(help: "An IANA time zone, such as America/New_York, where periods begin and end."),
      ExportOption.rawText.definition,
    ] + DeidentifyOption.definitions + [
      .force, .strict, .quiet,
    ]

  /// The types `--types` completions offer, by short name: HealthKit's quantity and category
  /// types (`HealthKitTypes`), each with how it is counted and the metric its rows name where
  /// that is not the type's name.
  static var typeChoices: [OptionChoice] {
    let registry = MetricRegistry.standard
    return HealthKitTypes.identifiers.sorted {
      HealthKitIdentifier.shortName(of: $0) < HealthKitIdentifier.shortName(of: $1)
    }.map {
      type in
      let name = HealthKitIdentifier.shortName(of: type)
      let how: String
      switch registry.summaryKind(ofType: type) {
      case .sleepStages: how = "minutes per sleep value"
      case .standHours: how = "hours stood"
      case .some(let kind) where kind.isCumulative: how = "summed"
      case .quantity: how = "averaged"
      default: how = "counted"
      }
      let metric = registry.summaryMetricName(ofType: type)
      return OptionChoice(name, metric == name ? how : "\(metric), \(how)")
    }
  }

  /// The grammar's definition of `option`, with this command's own words for it.
  static func with(_ option: ExportOption, help: String) -> OptionDefinition {
    var definition = option.definition
    definition.help = help
    return definition
  }

  static let discussion: String? = """
    Time that several sources recorded together (the Apple Watch and the iPhone counting the same \
    walk) is counted once, from the source of highest priority. The range options --last-days, \
    --from/--to and --all exclude each other and select whole periods: every period they overlap. \
    Saved settings ('health-exporter settings') give the range, units, date format, time zone and \
    output folder where no option does. \
    HEALTH_EXPORTER_NOW (an ISO 8601 date-time such as 2026-01-20T12:00:00Z), when set, is the \
    moment date ranges count from and the file name shows.
    """

  static func run(_ arguments: ParsedArguments, context: ToolContext) throws -> ExitCode {
    let timeZone = try ExportOptions.timeZone(arguments, context: context, command: name)
    let selection = try selection(arguments, context: context, timeZone: timeZone)
    let now = try ExportOptions.now(arguments, environment: context.environment, command: name)
    return try run(
      SummaryExport(selection: selection, now: now),
      named: SummaryExport.defaultFileName(now: now),
      timeZone: timeZone, arguments: arguments, context: context,
      missingHelp: "give the export.zip, its unpacked folder or export.xml to summarize, or --sample")
  }

  /// The selection the options describe, over the saved settings (a saved range of records, which
  /// a summary cannot take, is left out), over the defaults.
  static func selection(_ arguments: ParsedArguments, context: ToolContext, timeZone: TimeZoneChoice)
    throws(UsageError)
    -> SummarySelection
  {
    var selection = SummarySelection(timeZone: timeZone)
    let days = try ExportOptions.days(arguments, context: context, command: name)
    selection.range = days.range
    selection.units = days.units
    selection.dateFormat = days.dateFormat
    selection.keepsRawText = days.keepsRawText
    if let period = arguments.values["period"] {
      let names = SummaryPeriod.allCases.map(\.optionName)
      guard let chosen = SummaryPeriod(rawValue: period.lowercased()) else {
        throw usageError(
          .invalidValue(
            option: "--period <name>", value: period,
            expected: "expected one of \(names.joined(separator: ", "))"
              + (Suggestion.nearest(to: period, in: names).map { "; did you mean '\($0)'?" } ?? "")))
      }
      selection.period = chosen
    }
    if let list = arguments.values["source-priority"] {
      selection.sourcePriority = try items(
        list, option: "--source-priority <names>", expected: "source names")
    }
    if let list = arguments.values["types"] {
      var types: Set<String> = []
      for item in try items(list, option: "--types <list>", expected: "HealthKit type names") {
        types.insert(try type(named: item))
      }
      selection.types = types
    }
    return selection
  }

  /// The identifier a `--types` item names: a HealthKit type's name without its prefix, in any
  /// case (`StepCount`, `sleepanalysis`), or a full identifier. A full identifier HealthKit's list
  /// lacks is taken as written (an export may hold a type newer than the list) unless a known one
  /// is a typo away; anything else is a usage error, with the nearest name where one is close.
  static func type(named item: String) throws(UsageError) -> String {
    let names = HealthKitTypes.names
    func unknown() -> UsageError {
      usageError(
        .invalidValue(
          option: "--types <list>", value: item,
          expected: "expected HealthKit type names such as StepCount or HKCategoryTypeIdentifierSleepAnalysis"
            + (Suggestion.nearest(to: HealthKitIdentifier.shortName(of: item), in: names).map {
              "; did you mean '\($0)'?"
            } ?? "")))
    }
    if let identifier = HealthKitTypes.identifier(named: item) { return identifier }
    let isIdentifier =
      [HealthKitIdentifier.quantityTypePrefix, HealthKitIdentifier.categoryTypePrefix].contains {
        item.hasPrefix($0) && item.count > $0.count
      } && item.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    guard isIdentifier else { throw unknown() }
    let shortName = HealthKitIdentifier.shortName(of: item)
    if let known = HealthKitTypes.identifier(named: shortName), known == item { return known }
    if Suggestion.nearest(to: shortName, in: names) != nil { throw unknown() }
    return item
  }

  /// The items of a comma-separated list, trimmed; an empty item is a usage error of `command`.
  static func items(
    _ list: String, option: String, expected: String, command: String = name
  ) throws(UsageError) -> [String] {
    let items = list.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if let empty = items.firstIndex(where: \.isEmpty) {
      throw UsageError(
        .invalidValue(
          option: option, value: list,
          expected: "item \(empty + 1) is empty; expected \(expected) separated by commas"),
        command: command)
    }
    return items
  }
}
