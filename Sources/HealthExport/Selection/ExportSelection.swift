import Foundation
public import HealthModel

/// Everything the user chose for one CSV export: what to export, which dates, and how to write
/// it. Built from command-line flags over saved settings over defaults.
public struct ExportSelection: Sendable {
  /// The order of rows within each block.
  public enum SortOrder: String, Hashable, Sendable, CaseIterable {
    /// Oldest first.
    case ascending = "asc"
    /// Newest first.
    case descending = "desc"
  }

  /// The base metrics; their blocks are written in this order (the registry's, for the contract).
  public var baseMetrics: [BaseMetric]
  /// The vitals; their components' blocks are written in this order (the registry's, for the
  /// contract).
  public var vitals: [Vital]
  /// The labs (all written in one block, by date).
  public var labs: [Lab]
  /// Which dates are kept: all, the last N days or records, or a range of days.
  public var range: DateRange
  /// The unit each value is written in.
  public var units: UnitPreferences
  /// How the CSV's dates are written.
  public var dateFormat: DateFormat
  /// Whether rows run oldest or newest first.
  public var sortOrder: SortOrder
  /// Where local dates and calendar days are reckoned: a zone named, or the export's own (known
  /// once the input is read).
  public var timeZone: TimeZoneChoice
  /// Whether text fields are written exactly as read; by default one a spreadsheet would run as a
  /// formula is written after a `'` (`CSVField`).
  public var keepsRawText: Bool

  /// - Parameters: as the properties; the defaults are the CSV contract's.
  public init(
    baseMetrics: [BaseMetric] = MetricRegistry.standard.baseMetrics.filter(\.isSelectedByDefault),
    vitals: [Vital] = [], labs: [Lab] = [], range: DateRange = .standard,
    units: UnitPreferences = .unitedStates, dateFormat: DateFormat = .standard,
    sortOrder: SortOrder = .ascending, timeZone: TimeZoneChoice, keepsRawText: Bool = false
  ) {
    self.baseMetrics = baseMetrics
    self.vitals = vitals
    self.labs = labs
    self.range = range
    self.units = units
    self.dateFormat = dateFormat
    self.sortOrder = sortOrder
    self.timeZone = timeZone
    self.keepsRawText = keepsRawText
  }

  /// Whether nothing at all is selected.
  public var isEmpty: Bool { baseMetrics.isEmpty && vitals.isEmpty && labs.isEmpty }

  /// The measures whose rows are written, in block order: base metrics, then vital components.
  /// (Labs form their own block between them.)
  var measures: [Measure] { baseMetrics.map(\.measure) + vitals.flatMap(\.components) }
}
