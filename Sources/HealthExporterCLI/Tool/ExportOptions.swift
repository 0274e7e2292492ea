import Foundation
import HealthDatabase
import HealthExport
import HealthModel

/// The export choices of a command line: its flags over the saved settings over the defaults,
/// through the library's option grammar; and "now".
enum ExportOptions {
  /// The selection the flags and settings make; its days moved with `--deidentify --shift-days`
  /// (`moved(_:_:command:)`).
  /// - Throws: `UsageError` for a value an option does not take, range options together, or
  ///   nothing selected.
  static func selection(
    _ arguments: ParsedArguments, context: ToolContext, timeZone: TimeZoneChoice, command: String = "export"
  ) throws(UsageError) -> ExportSelection {
    var selection: ExportSelection
    do {
      let flags = try ExportChoices(parsing: arguments.exportOptions, warn: context.warn)
      selection = try flags.over(context.settings.choices).selection(timeZone: timeZone)
    } catch {
      throw UsageError(error, command: command)
    }
    selection.range = try moved(selection.range, arguments, command: command)
    return selection
  }

  /// A range as a job sees it: with `--deidentify --shift-days N`, the days `--from` and `--to`
  /// name move with the record's dates, so that the range chooses what it chooses without them
  /// (`--last-days` counts back from "now", which moves too: `now(_:environment:command:)`).
  static func moved(_ range: DateRange, _ arguments: ParsedArguments, command: String) throws(UsageError)
    -> DateRange
  {
    range.moved(by: try DeidentifyOption.shift(arguments, command: command).days)
  }

  /// Refuses a unit named on the command line that differs from those a database keeps (which an
  /// update, and the assistant serving it, use whatever else is named).
  /// - Throws: `UsageError` for a value an option does not take; `UpdateRefusal.otherSetting`.
  static func refuseOtherUnits(
    than kept: UnitPreferences, _ arguments: ParsedArguments, context: ToolContext, command: String
  ) throws {
    let flags: ExportChoices
    do {
      flags = try ExportChoices(parsing: arguments.exportOptions, warn: context.warn)
    } catch {
      throw UsageError(error, command: command)
    }
    if let weight = flags.weightUnit, weight != kept.weight {
      throw UpdateRefusal.otherSetting(
        option: "--weight-unit", kept: kept.weight.rawValue, named: weight.rawValue)
    }
    if let temperature = flags.temperatureUnit, temperature != kept.temperature {
      throw UpdateRefusal.otherSetting(
        option: "--temperature-unit", kept: kept.temperature.rawValue, named: temperature.rawValue)
    }
  }

  /// The range, units, date format and raw text choice of a command that shows days (the summary,
  /// the report): the flags over the saved settings (a saved range of records, which such a
  /// command cannot take, is left out) over the defaults; the range's days moved with
  /// `--deidentify --shift-days` (`moved(_:_:command:)`).
  /// - Throws: `UsageError` for a value an option does not take, or range options together.
  static func days(
    _ arguments: ParsedArguments, context: ToolContext, command: String
  ) throws(UsageError) -> (
    range: DateRange, units: UnitPreferences, dateFormat: DateFormat, keepsRawText: Bool
  ) {
    var saved = context.settings.choices
    if case .lastRecords = saved.range { saved.range = nil }
    let choices: ExportChoices
    do {
      choices = try ExportChoices(parsing: arguments.exportOptions, warn: context.warn).over(saved)
    } catch {
      throw UsageError(error, command: command)
    }
    return (
      try moved(choices.range ?? .standard, arguments, command: command),
      UnitPreferences(
        weight: choices.weightUnit ?? .pounds, temperature: choices.temperatureUnit ?? .fahrenheit),
      choices.dateFormat ?? .standard,
      choices.keepsRawText ?? false
    )
  }

  /// The time zone: `--time-zone`, else the saved setting, else `TZ`, else the export's own (the
  /// zone its samples name, else the machine's).
  static func timeZone(
    _ arguments: ParsedArguments, context: ToolContext, command: String = "export"
  ) throws(UsageError) -> TimeZoneChoice {
    if let name = arguments.values["time-zone"] {
      do {
        return try ExportChoices.timeZone(name, subject: ExportOption.timeZone.definition.display)
      } catch {
        throw UsageError(error, command: command)
      }
    }
    return context.settings.choices.timeZone ?? unsavedTimeZone(context.environment)
  }

  /// The zone where neither a flag nor the settings name one: `TZ`'s, else the export's own (the
  /// machine's where the export names none).
  static func unsavedTimeZone(_ environment: [String: String]) -> TimeZoneChoice {
    environmentTimeZone(environment).map(TimeZoneChoice.named) ?? .export(fallback: .current)
  }

  /// The zone `TZ` names (with or without a leading `:`); nil where it names none.
  static func environmentTimeZone(_ environment: [String: String]) -> TimeZone? {
    guard var name = environment["TZ"], !name.isEmpty else { return nil }
    if name.hasPrefix(":") { name.removeFirst() }
    return TimeZone(identifier: name)
  }

  /// "Now" as a job sees it: `now(environment:command:)`, moved with `--deidentify --shift-days N`
  /// as the record's dates move, so that nothing an output stamps (its creation time, its
  /// default name) tells the true dates.
  /// - Throws: `UsageError` for a malformed `HEALTH_EXPORTER_NOW` or de-identification options.
  static func now(_ arguments: ParsedArguments, environment: [String: String], command: String = "export")
    throws(UsageError) -> Timestamp
  {
    try DeidentifyOption.shift(arguments, command: command)(now(environment: environment, command: command))
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
}
