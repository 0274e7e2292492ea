import Foundation
package import HealthModel

/// The export choices one layer gives: the command-line flags, the settings file, or the guided
/// export. A choice a layer leaves out is nil, so that layers stack: flags over settings over the
/// defaults of the CSV contract (US units, weight and steps, the last 30 days).
package struct ExportChoices: Hashable, Sendable {
  package var baseMetrics: [BaseMetric]?
  package var vitals: [Vital]?
  package var labs: LabChoice?
  package var range: DateRange?
  package var weightUnit: UnitPreferences.Weight?
  package var temperatureUnit: UnitPreferences.Temperature?
  package var dateFormat: DateFormat?
  package var sortOrder: ExportSelection.SortOrder?
  package var timeZone: TimeZoneChoice?
  /// Whether text fields are written as read, formulas and all (`--raw-text`).
  package var keepsRawText: Bool?

  package init(
    baseMetrics: [BaseMetric]? = nil, vitals: [Vital]? = nil, labs: LabChoice? = nil, range: DateRange? = nil,
    weightUnit: UnitPreferences.Weight? = nil, temperatureUnit: UnitPreferences.Temperature? = nil,
    dateFormat: DateFormat? = nil, sortOrder: ExportSelection.SortOrder? = nil,
    timeZone: TimeZoneChoice? = nil,
    keepsRawText: Bool? = nil
  ) {
    self.baseMetrics = baseMetrics
    self.vitals = vitals
    self.labs = labs
    self.range = range
    self.weightUnit = weightUnit
    self.temperatureUnit = temperatureUnit
    self.dateFormat = dateFormat
    self.sortOrder = sortOrder
    self.timeZone = timeZone
    self.keepsRawText = keepsRawText
  }

  /// The defaults of the CSV contract, every choice made.
  package static let defaults = ExportChoices(
    baseMetrics: MetricRegistry.standard.baseMetrics.filter(\.isSelectedByDefault), vitals: [],
    labs: LabChoice.none,
    range: .standard, weightUnit: UnitPreferences.unitedStates.weight,
    temperatureUnit: UnitPreferences.unitedStates.temperature, dateFormat: .standard, sortOrder: .ascending)

  /// These choices, with each one left out taken from `lower`.
  package func over(_ lower: ExportChoices) -> ExportChoices {
    ExportChoices(
      baseMetrics: baseMetrics ?? lower.baseMetrics, vitals: vitals ?? lower.vitals, labs: labs ?? lower.labs,
      range: range ?? lower.range, weightUnit: weightUnit ?? lower.weightUnit,
      temperatureUnit: temperatureUnit ?? lower.temperatureUnit, dateFormat: dateFormat ?? lower.dateFormat,
      sortOrder: sortOrder ?? lower.sortOrder, timeZone: timeZone ?? lower.timeZone,
      keepsRawText: keepsRawText ?? lower.keepsRawText)
  }

  /// Whether no choice is made.
  package var isEmpty: Bool { self == ExportChoices() }

  /// The selection these choices make over the defaults.
  /// - Parameters:
  ///   - defaultTimeZone: the zone when no choice names one (the `TZ` environment variable's, else
  ///     the export's own, say).
  ///   - registry: the metrics, vitals and labs chosen from.
  ///   - naming: how messages name the choices (as options or as settings keys).
  /// - Returns: the selection.
  /// - Throws: `OptionError.nothingSelected` when metrics, vitals and labs all select nothing.
  package func selection(
    timeZone defaultTimeZone: TimeZoneChoice, registry: MetricRegistry = .standard,
    naming: OptionNaming = .commandLine
  ) throws(OptionError) -> ExportSelection {
    let choices = over(.defaults)
    let selection = ExportSelection(
      baseMetrics: choices.baseMetrics ?? [], vitals: choices.vitals ?? [],
      labs: (choices.labs ?? .none).labs(in: registry), range: choices.range ?? .standard,
      units: UnitPreferences(
        weight: choices.weightUnit ?? .pounds, temperature: choices.temperatureUnit ?? .fahrenheit),
      dateFormat: choices.dateFormat ?? .standard, sortOrder: choices.sortOrder ?? .ascending,
      timeZone: choices.timeZone ?? defaultTimeZone, keepsRawText: choices.keepsRawText ?? false)
    if selection.isEmpty {
      let names = [ExportOption.metrics, .vitals, .labs].map(naming.bareName(of:))
      throw OptionError(.nothingSelected, subject: "\(names[0]), \(names[1]) and \(names[2])")
    }
    return selection
  }
}
