import Foundation
import HealthExport
import HealthModel

/// Turns the `export` options into an `ExportSelection`, naming the option and the accepted
/// values in every error.
enum ExportOptions {
  private static let registry = MetricRegistry.standard

  /// The selection the options describe, over the defaults.
  /// - Parameter warn: receives notes about values that were accepted but do nothing.
  static func selection(
    _ arguments: ParsedArguments, timeZone: TimeZone, warn: (String) -> Void
  ) throws(UsageError) -> ExportSelection {
    var selection = ExportSelection(timeZone: timeZone)
    if let list = arguments.values["metrics"] {
      selection.baseMetrics = try names(
        list, option: "--metrics <list>", choices: registry.baseMetrics.map(\.optionName),
        allowsAll: false
      ).compactMap(registry.baseMetric(named:))
    }
    if let list = arguments.values["vitals"] {
      selection.vitals = try names(
        list, option: "--vitals <list>", choices: registry.vitals.map(\.optionName), allowsAll: true
      ).compactMap(registry.vital(named:))
    }
    if let list = arguments.values["labs"] {
      selection.labs = try labs(list, warn: warn)
    }
    selection.range = try range(arguments)
    selection.units = try units(arguments)
    if let format = arguments.values["date-format"] {
      selection.dateFormat = try choice(format, option: "--date-format <name>", DateFormat.self)
    }
    if let order = arguments.values["sort"] {
      selection.sortOrder = try choice(order, option: "--sort <asc|desc>", ExportSelection.SortOrder.self)
    }
    if selection.isEmpty {
      throw UsageError(
        .other("nothing to export: --metrics, --vitals and --labs select nothing"), command: "export")
    }
    return selection
  }

  /// The time zone: `--time-zone`, else `TZ`, else the system's.
  static func timeZone(
    _ arguments: ParsedArguments, environment: [String: String], command: String = "export"
  ) throws(UsageError) -> TimeZone {
    if let name = arguments.values["time-zone"] {
      guard let zone = TimeZone(identifier: name) else {
        throw UsageError(
          .invalidValue(
            option: "--time-zone <tz>", value: name,
            expected: "expected an IANA time zone name such as America/New_York or UTC"),
          command: command)
      }
      return zone
    }
    if var name = environment["TZ"], !name.isEmpty {
      if name.hasPrefix(":") { name.removeFirst() }
      if let zone = TimeZone(identifier: name) { return zone }
    }
    return TimeZone.current
  }

  /// "Now": `HEALTH_EXPORTER_NOW` when set, else the clock.
  static func now(environment: [String: String], command: String = "export") throws(UsageError) -> Timestamp {
    guard let text = environment["HEALTH_EXPORTER_NOW"], !text.isEmpty else {
      return Timestamp(millisecondsSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
    guard let parsed = ISO8601DateTime(parsing: text), parsed.hasTime, let instant = parsed.timestamp
    else {
      throw UsageError(
        .other(
          "HEALTH_EXPORTER_NOW is '\(text)', not an ISO 8601 date-time with an offset such as 2026-01-20T12:00:00Z"
        ), command: command)
    }
    return instant
  }

  /// The date range of the range options (which exclude each other), the default when none is
  /// given.
  static func range(_ arguments: ParsedArguments, command: String = "export") throws(UsageError) -> DateRange
  {
    let rangeOptions = ["last-days", "last-records", "from", "to", "all"]
    let given = arguments.given.filter(rangeOptions.contains)
    // --from and --to together are one range.
    var kinds: [String] = []
    for option in given {
      let kind = option == "to" ? "from" : option
      if !kinds.contains(kind) { kinds.append(kind) }
    }
    if kinds.count > 1 {
      let first = given.first { ($0 == "to" ? "from" : $0) == kinds[0] }!
      let second = given.first { ($0 == "to" ? "from" : $0) == kinds[1] }!
      throw UsageError(.conflicting("--\(first)", "--\(second)"), command: command)
    }
    if let text = arguments.values["last-days"] {
      return .lastDays(try positiveInteger(text, option: "--last-days <n>", noun: "days", command: command))
    }
    if let text = arguments.values["last-records"] {
      return .lastRecords(
        try positiveInteger(text, option: "--last-records <n>", noun: "records", command: command))
    }
    if arguments.has("all") { return .all }
    if arguments.has("from") || arguments.has("to") {
      let from = try arguments.values["from"].map { text throws(UsageError) in
        try day(text, option: "--from <yyyy-mm-dd>", command: command)
      }
      let to = try arguments.values["to"].map { text throws(UsageError) in
        try day(text, option: "--to <yyyy-mm-dd>", command: command)
      }
      if let from, let to, to < from {
        throw UsageError(
          .other("End date must be on or after start date (--from \(from) --to \(to))"),
          command: command)
      }
      return .custom(from: from, to: to)
    }
    return .standard
  }

  /// A value choice of a `RawRepresentable` option type, naming the choices when it is none.
  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ text: String, option: String, _ type: Choice.Type, command: String = "export"
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let value = Choice(rawValue: text) else {
      let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(
        .invalidValue(option: option, value: text, expected: "expected one of \(choices)"),
        command: command)
    }
    return value
  }

  /// The units of `--weight-unit` and `--temperature-unit`, over the defaults.
  static func units(_ arguments: ParsedArguments, command: String = "export") throws(UsageError)
    -> UnitPreferences
  {
    var units = UnitPreferences.unitedStates
    if let unit = arguments.values["weight-unit"] {
      units.weight = try choice(
        unit, option: "--weight-unit <lbs|kg>", UnitPreferences.Weight.self, command: command)
    }
    if let unit = arguments.values["temperature-unit"] {
      units.temperature = try choice(
        unit.lowercased(), option: "--temperature-unit <f|c>", UnitPreferences.Temperature.self,
        command: command)
    }
    return units
  }

  // MARK: - Private

  private static func positiveInteger(
    _ text: String, option: String, noun: String, command: String
  ) throws(UsageError) -> Int {
    guard let value = Int(text), value >= 1 else {
      throw UsageError(
        .invalidValue(option: option, value: text, expected: "expected a whole number of \(noun), 1 or more"),
        command: command)
    }
    return value
  }

  private static func day(_ text: String, option: String, command: String) throws(UsageError) -> CalendarDay {
    guard let day = CalendarDay(parsing: text) else {
      throw UsageError(
        .invalidValue(option: option, value: text, expected: "expected a date such as 2026-01-09"),
        command: command)
    }
    return day
  }

  /// The names in a comma-separated list, checked against `choices`, in registry order without
  /// duplicates; `none` alone selects nothing, `all` (where allowed) everything.
  private static func names(
    _ list: String, option: String, choices: [String], allowsAll: Bool
  ) throws(UsageError) -> [String] {
    let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    if items == ["none"] { return [] }
    if allowsAll && items == ["all"] { return choices }
    let accepted = choices + ["none"] + (allowsAll ? ["all"] : [])
    for item in items where !choices.contains(item) {
      throw UsageError(
        .invalidValue(
          option: option, value: item,
          expected:
            "expected \(accepted.joined(separator: ", "))\(item == "none" || item == "all" ? " (alone)" : "")"
        ),
        command: "export")
    }
    if items.isEmpty {
      throw UsageError(.missingValue(option: option), command: "export")
    }
    return choices.filter(items.contains)
  }

  /// The labs a `--labs` list selects: the union of panels and single codes, in registry order.
  private static func labs(_ list: String, warn: (String) -> Void) throws(UsageError) -> [Lab] {
    let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    if items.map({ $0.lowercased() }) == ["none"] { return [] }
    if items.map({ $0.lowercased() }) == ["all"] { return registry.labs }
    var selectedCodes: Set<String> = []
    for item in items {
      if let panel = LabPanel(rawValue: item.lowercased()) {
        selectedCodes.formUnion(registry.labs(in: panel).map(\.loinc))
      } else if isLOINCCode(item) {
        if let lab = registry.lab(forCode: item) {
          selectedCodes.insert(lab.loinc)
        } else {
          warn(
            "LOINC \(item) is not in the registry and is ignored; 'health-exporter metrics' lists the codes")
        }
      } else {
        let panels = LabPanel.allCases.map(\.optionName).joined(separator: ", ")
        throw UsageError(
          .invalidValue(
            option: "--labs <list>", value: item,
            expected: "expected a panel (\(panels)), a LOINC code such as 2093-3, all or none"),
          command: "export")
      }
    }
    if items.isEmpty { throw UsageError(.missingValue(option: "--labs <list>"), command: "export") }
    return registry.labs.filter { selectedCodes.contains($0.loinc) }
  }

  /// Whether `text` has the shape of a LOINC code: digits, a hyphen, one check digit.
  private static func isLOINCCode(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2 && (1...7).contains(parts[0].count) && parts[1].count == 1
      && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }
}
