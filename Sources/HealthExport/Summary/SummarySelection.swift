import Foundation
public import HealthModel

/// Everything the user chose for one summary: the periods, which of them, whose samples count
/// first, the units and how periods are written. Built from command-line flags over saved
/// settings over defaults.
public struct SummarySelection: Sendable {
  /// The length of the periods summed up: a day, a week, a month or a year.
  public var period: SummaryPeriod
  /// The dates whose periods are summarized, each period whole: a period is written when it
  /// overlaps the range. `lastRecords` has no meaning for summaries and is refused by
  /// `SummaryExport`.
  public var range: DateRange
  /// Source names that come first in the source priority, highest first (`--source-priority`),
  /// before Apple Watches, iPhones and every other source.
  public var sourcePriority: [String]
  /// Weight and temperature units, as for the CSV.
  public var units: UnitPreferences
  /// How periods are written: `iso8601` writes each period's start in UTC; the other formats
  /// write its local date (and, for hours, the time to the minute) in their own shape.
  public var dateFormat: DateFormat
  /// Where periods begin and end: a zone named, or the export's own (known once the input is
  /// read).
  public var timeZone: TimeZoneChoice
  /// The HealthKit types summarized (`HKQuantityTypeIdentifierStepCount`); nil for every
  /// quantity and category type in the input.
  public var types: Set<String>?
  /// Where metric names, units and precisions of known types come from.
  public var registry: MetricRegistry
  /// Whether text fields are written exactly as read; by default one a spreadsheet would run as a
  /// formula is written after a `'`, as in the CSV.
  public var keepsRawText = false

  /// - Parameters: as the properties; the defaults are days, the CSV's default range (the last
  ///   30 days), no named sources, US units, the default date format and every type.
  public init(
    period: SummaryPeriod = .day, range: DateRange = .standard, sourcePriority: [String] = [],
    units: UnitPreferences = .unitedStates, dateFormat: DateFormat = .standard, timeZone: TimeZoneChoice,
    types: Set<String>? = nil, registry: MetricRegistry = .standard
  ) {
    self.period = period
    self.range = range
    self.sourcePriority = sourcePriority
    self.units = units
    self.dateFormat = dateFormat
    self.timeZone = timeZone
    self.types = types
    self.registry = registry
  }
}
