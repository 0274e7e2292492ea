import HealthModel

/// The options that make up an export's choices: what to export, which dates, and how to write
/// it. The command-line flags, the settings file and the guided export all read and check them
/// here; commands take them by group.
package enum ExportOption: String, Hashable, Sendable, CaseIterable {
  case metrics
  case vitals
  case labs
  case lastDays = "last-days"
  case lastRecords = "last-records"
  case from
  case to
  case all
  case weightUnit = "weight-unit"
  case temperatureUnit = "temperature-unit"
  case dateFormat = "date-format"
  case sort
  case rawText = "raw-text"
  case timeZone = "time-zone"

  /// The option's name on the command line and in the settings file (`weight-unit`).
  package var name: String { rawValue }

  /// The option named `name`, if it is one of these.
  package init?(name: String) {
    self.init(rawValue: name)
  }

  /// The group the option belongs to.
  package var group: OptionGroup {
    switch self {
    case .metrics, .vitals, .labs: .selection
    case .lastDays, .lastRecords, .from, .to, .all: .range
    case .weightUnit, .temperatureUnit: .units
    case .dateFormat, .sort, .rawText: .format
    case .timeZone: .timeZone
    }
  }

  /// Whether the option is one of the range options, which exclude each other (`--from` and
  /// `--to` together make one range).
  package var isRange: Bool { group == .range }

  /// The option's definition: names, values, help.
  package var definition: OptionDefinition {
    let registry = MetricRegistry.standard
    switch self {
    case .metrics:
      return .value(
        name, placeholder: "list", Self.values(of: self),
        help:
          "Base metrics, comma-separated: \(registry.baseMetrics.map(\.optionName).joined(separator: ", ")); or none.",
        default: registry.baseMetrics.filter(\.isSelectedByDefault).map(\.optionName).joined(separator: ","))
    case .vitals:
      return .value(
        name, placeholder: "list", Self.values(of: self),
        help:
          "Vitals, comma-separated: \(registry.vitals.map(\.optionName).joined(separator: ", ")); all; or none.",
        default: "none")
    case .labs:
      return .value(
        name, placeholder: "list", Self.values(of: self),
        help:
          "Labs, comma-separated: panels (\(LabPanel.allCases.map(\.optionName).joined(separator: ", "))) and/or LOINC codes; all; or none. 'health-exporter metrics' lists them.",
        default: "none")
    case .lastDays:
      return .value(
        name, placeholder: "n", .number, help: "The last N calendar days, today included.", default: "30")
    case .lastRecords:
      return .value(
        name, placeholder: "n", .number,
        help: "The N most recent rows of each metric, vital component and lab.")
    case .from:
      return .value(name, placeholder: "yyyy-mm-dd", .day, help: "The first day of a custom range.")
    case .to:
      return .value(name, placeholder: "yyyy-mm-dd", .day, help: "The last day of a custom range (included).")
    case .all:
      return .flag(name, help: "No date limit.")
    case .weightUnit:
      return .value(
        name, placeholder: "lbs|kg", Self.values(of: self), help: "The unit of weight.", default: "lbs")
    case .temperatureUnit:
      return .value(
        name, placeholder: "f|c", Self.values(of: self), help: "The unit of body temperature.", default: "f")
    case .dateFormat:
      return .value(
        name, placeholder: "name", Self.values(of: self),
        help: DateFormat.allCases.map { "\($0.optionName) (\($0.pattern)\($0.isUTC ? ", UTC" : ""))" }
          .joined(separator: ", ") + ".",
        default: "default")
    case .sort:
      return .value(
        name, placeholder: "asc|desc", Self.values(of: self),
        help: "Oldest or newest first within each block.",
        default: "asc")
    case .rawText:
      return .flag(
        name,
        help:
          "Write text fields exactly as read, even those a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return), which are otherwise written after a '."
      )
    case .timeZone:
      return .value(
        name, placeholder: "tz", Self.values(of: self),
        help:
          "An IANA time zone, such as America/New_York, for local dates and calendar days. \(Self.exportZoneHelp)",
        default: Self.timeZoneDefault)
    }
  }

  /// What `--time-zone export` means, for the help of every command that takes it.
  package static let exportZoneHelp = "'export': the zone the export's own samples name (HKTimeZone)."
  /// Where the zone comes from when `--time-zone` is not given.
  package static let timeZoneDefault = "the saved setting, else TZ, else export"

  /// The values an option accepts.
  private static func values(of option: ExportOption) -> OptionValues {
    let registry = MetricRegistry.standard
    switch option {
    case .metrics:
      return .list(
        registry.baseMetrics.map { OptionChoice($0.optionName, $0.measure.name) }, keywords: ["none"])
    case .vitals:
      return .list(
        registry.vitals.map { OptionChoice($0.optionName, $0.displayName) }, keywords: ["none", "all"])
    case .labs:
      return .list(
        LabPanel.allCases.map { OptionChoice($0.optionName, $0.displayName) }, keywords: ["none", "all"])
    case .weightUnit:
      return .oneOf([OptionChoice("lbs", "pounds"), OptionChoice("kg", "kilograms")])
    case .temperatureUnit:
      return .oneOf([OptionChoice("f", "degrees Fahrenheit"), OptionChoice("c", "degrees Celsius")])
    case .dateFormat:
      return .oneOf(
        DateFormat.allCases.map { OptionChoice($0.optionName, $0.pattern + ($0.isUTC ? " (UTC)" : "")) })
    case .sort:
      return .oneOf([OptionChoice("asc", "oldest first"), OptionChoice("desc", "newest first")])
    case .lastDays, .lastRecords: return .number
    case .from, .to: return .day
    case .timeZone: return .timeZone(keywords: [TimeZoneChoice.exportKeyword])
    case .all, .rawText: return .text
    }
  }
}

/// A set of export options that commands take together: a command declares the groups it takes,
/// and gets their parsing, help, completions and checks.
package enum OptionGroup: Hashable, Sendable, CaseIterable {
  /// `--metrics`, `--vitals`, `--labs`.
  case selection
  /// `--last-days`, `--last-records`, `--from`/`--to`, `--all`: one of them.
  case range
  /// `--weight-unit`, `--temperature-unit`.
  case units
  /// `--date-format`, `--sort`.
  case format
  /// `--time-zone`.
  case timeZone

  /// The group's options, in help order.
  package var options: [ExportOption] {
    ExportOption.allCases.filter { $0.group == self }
  }

  /// The group's definitions, in help order.
  package var definitions: [OptionDefinition] { options.map(\.definition) }
}
