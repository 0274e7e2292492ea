import Foundation
import HealthDatabase
import HealthExport
import HealthModel

/// The export choices of a command line: its flags over the saved settings over the defaults,
/// through the library's option grammar; and "now".
enum ExportOptions {
  /// The selection the flags and settings make.
  /// - Throws: `UsageError` for a value an option does not take, range options together, or
  ///   nothing selected.
  static func selection(
    _ arguments: ParsedArguments, context: ToolContext, timeZone: TimeZoneChoice, command: String = "export"
  ) throws(UsageError) -> ExportSelection {
    do {
      let flags = try ExportChoices(parsing: arguments.exportOptions, warn: context.warn)
      return try flags.over(context.settings.choices).selection(timeZone: timeZone)
    } catch {
      throw UsageError(error, command: command)
    }
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
  /// command cannot take, is left out) over the defaults.
  /// - Throws: `UsageError` for a value an option does not take, or range options together.
  static func days(
    _ arguments: ParsedArguments, context: ToolContext, command: String
  ) throws(UsageError) -> (
    range: DateRange, units: UnitPreferences, dateFormat: DateFormat, keepsRawText: Bool
  ) {
    var saved = context.settings.choices
    if case .lastRecords = saved.range { saved.range = nil }
    do {
      let choices = try ExportChoices(parsing: arguments.exportOptions, warn: context.warn).over(saved)
      return (
        choices.range ?? .standard,
        UnitPreferences(
          weight: choices.weightUnit ?? .pounds, temperature: choices.temperatureUnit ?? .fahrenheit),
        choices.dateFormat ?? .standard,
        choices.keepsRawText ?? false
      )
    } catch {
      throw UsageError(error, command: command)
    }
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
