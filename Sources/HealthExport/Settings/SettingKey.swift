import Foundation
package import HealthArchive
import HealthModel
import SystemShim

/// A key of the settings file, which `settings set KEY VALUE` takes: the export options by their
/// flag names (the five range options as one `range`), and the output folder.
package enum SettingKey: String, Hashable, Sendable, CaseIterable {
  case weightUnit = "weight-unit"
  case temperatureUnit = "temperature-unit"
  case dateFormat = "date-format"
  case sort
  case metrics
  case vitals
  case labs
  case range
  case timeZone = "time-zone"
  case output

  /// The key as typed and as the file writes it.
  package var name: String { rawValue }

  /// The export option the key saves; nil for `range` and `output`.
  package var option: ExportOption? {
    switch self {
    case .weightUnit: .weightUnit
    case .temperatureUnit: .temperatureUnit
    case .dateFormat: .dateFormat
    case .sort: .sort
    case .metrics: .metrics
    case .vitals: .vitals
    case .labs: .labs
    case .timeZone: .timeZone
    case .range, .output: nil
    }
  }

  /// Whether the file holds the value as an array of names.
  var isList: Bool { self == .metrics || self == .vitals || self == .labs }

  /// What the key's values may be, for completions and messages.
  package var values: OptionValues {
    if let option { return option.definition.values ?? .text }
    return self == .range
      ? .oneOf(DateRange.Kind.allCases.map { OptionChoice($0.rawValue, $0.meaning) }) : .folder
  }

  /// One line on what the key holds.
  package var meaning: String {
    if let option { return option.definition.help }
    return self == .range
      ? "The date range: last-days N, last-records N, from YYYY-MM-DD to YYYY-MM-DD (either end alone), or all."
      : "The folder outputs go to when -o is not given."
  }

  /// The key named `name`.
  /// - Throws: `OptionError` listing the keys, with the nearest one.
  package static func named(_ name: String) throws(OptionError) -> SettingKey {
    if let key = SettingKey(rawValue: name.lowercased()) { return key }
    let names = allCases.map(\.name)
    throw OptionError(
      .invalidValue(
        name, expected: "expected one of \(names.joined(separator: ", "))",
        hint: Suggestion.nearest(to: name, in: names).map { "did you mean '\($0)'?" }),
      subject: "<key>")
  }

  /// Sets the key in `settings` from the text `settings set` takes.
  /// - Parameters:
  ///   - text: the value; lists are comma-separated.
  ///   - settings: the settings changed.
  ///   - currentFolder: where a relative output folder is.
  ///   - warn: receives notes about values that do nothing (an unknown LOINC code).
  /// - Throws: `OptionError` for a value the key does not take (an output folder that does not
  ///   exist is one).
  package func set(
    _ text: String, in settings: inout Settings,
    currentFolder: String = FileManager.default.currentDirectoryPath,
    warn: (String) -> Void = { _ in }
  ) throws(OptionError) {
    if let option {
      try settings.choices.set(option, to: text, naming: .setting, warn: warn)
      return
    }
    switch self {
    case .range:
      settings.choices.range = try DateRange(settingText: text)
    case .output:
      let path = text.hasPrefix("/") ? text : currentFolder + "/" + text
      let folder = (path as NSString).standardizingPath
      guard SystemCall.kind(of: folder) == .directory else {
        throw OptionError(
          .invalidValue(text, expected: "expected an existing folder", hint: nil), subject: name)
      }
      settings.outputFolder = folder
    default:
      break
    }
  }

  /// Removes the key's value from `settings`.
  package func unset(in settings: inout Settings) {
    switch self {
    case .weightUnit: settings.choices.weightUnit = nil
    case .temperatureUnit: settings.choices.temperatureUnit = nil
    case .dateFormat: settings.choices.dateFormat = nil
    case .sort: settings.choices.sortOrder = nil
    case .metrics: settings.choices.baseMetrics = nil
    case .vitals: settings.choices.vitals = nil
    case .labs: settings.choices.labs = nil
    case .range: settings.choices.range = nil
    case .timeZone: settings.choices.timeZone = nil
    case .output: settings.outputFolder = nil
    }
  }

  /// The key's value in `settings` as `settings set` takes it; nil when not set.
  package func text(in settings: Settings) -> String? {
    guard let option else {
      return self == .range ? settings.choices.range?.settingText : settings.outputFolder
    }
    var only = ExportChoices()
    switch self {
    case .weightUnit: only.weightUnit = settings.choices.weightUnit
    case .temperatureUnit: only.temperatureUnit = settings.choices.temperatureUnit
    case .dateFormat: only.dateFormat = settings.choices.dateFormat
    case .sort: only.sortOrder = settings.choices.sortOrder
    case .metrics: only.baseMetrics = settings.choices.baseMetrics
    case .vitals: only.vitals = settings.choices.vitals
    case .labs: only.labs = settings.choices.labs
    case .timeZone: only.timeZone = settings.choices.timeZone
    case .range, .output: break
    }
    return only.givenOptions.first { $0.option == option }?.value ?? nil
  }

  /// The key's value as the file holds it: a string, or an array of names for lists.
  package func jsonValue(in settings: Settings) -> JSONValue? {
    guard let text = text(in: settings) else { return nil }
    guard isList else { return .string(text) }
    return .array(text == "none" ? [] : text.split(separator: ",").map { .string(String($0)) })
  }
}

extension DateRange.Kind {
  /// How the guided export and the settings keys describe the kind.
  package var meaning: String {
    switch self {
    case .lastDays: "the last N calendar days, today included"
    case .lastRecords: "the N most recent rows of each metric"
    case .custom: "whole days from one date to another"
    case .all: "no date limit"
    }
  }
}
