import Foundation
public import HealthExport
public import HealthModel

/// Everything the user chose for one report: which days, whose samples count first where
/// sources overlap, and how values and dates are written (as the CSV writes them). Built from
/// command-line flags over saved settings over defaults.
public struct ReportSelection: Sendable {
  /// The days shown: the last N days, a range of days, or all. `lastRecords` has no meaning for
  /// a report of days and is refused by `ReportExport`.
  public var range: DateRange
  /// Weight and temperature units, as for the CSV.
  public var units: UnitPreferences
  /// How dates are written in the tables and on the axes.
  public var dateFormat: DateFormat
  /// Where days, nights and weeks begin and end: a zone named, or the export's own (known once
  /// the input is read; the page names the one used).
  public var timeZone: TimeZoneChoice
  /// Source names whose samples count first where sources overlap (steps, distances, sleep),
  /// as for the summaries.
  public var sourcePriority: [String]

  /// - Parameters: as the properties; the defaults are the CSV's (the last 30 days, US units,
  ///   the default date format) and no named sources.
  public init(
    range: DateRange = .standard, units: UnitPreferences = .unitedStates, dateFormat: DateFormat = .standard,
    timeZone: TimeZoneChoice, sourcePriority: [String] = []
  ) {
    self.range = range
    self.units = units
    self.dateFormat = dateFormat
    self.timeZone = timeZone
    self.sourcePriority = sourcePriority
  }
}
