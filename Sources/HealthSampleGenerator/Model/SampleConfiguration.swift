package import Foundation
package import HealthModel

/// What to generate: whose record (the seed), over which days, in which time zone, how dense.
///
/// The same configuration always gives the same bytes, on any machine and whatever the process's
/// time zone or clock: nothing else is read.
public struct SampleConfiguration: Hashable, Sendable {
  /// The seed when none is given: 2026.
  public static let defaultSeed: UInt64 = 2026
  /// The number of days when none is given: 181, the first half of 2026 with the default end.
  public static let defaultDays = 181
  /// The last day when none is given: 2026-06-30. Fixed, so that the same arguments give the
  /// same record on any day.
  package static let defaultEnd = CivilDateTime(year: 2026, month: 6, day: 30)
  /// The time zone when none is given.
  public static let defaultTimeZone = "America/New_York"
  /// The most days a record can cover: 40 years.
  public static let maximumDays = 14_610
  /// The densest record: 64 times the ordinary number of frequent samples.
  public static let maximumDensity = 64.0

  /// Decides everything random: the person, their habits, every value.
  public var seed: UInt64
  /// How many days the record covers, the last one included (1 or more).
  public var days: Int
  /// The last day of the record (its time of day is ignored). The export is made at the end of it.
  package var end: CivilDateTime
  /// The IANA time zone the person lives in, such as `America/New_York`.
  public var timeZoneIdentifier: String
  /// How many times the ordinary number of frequent samples (heart rate, steps, energy) a day
  /// holds, 1 or more: `--size` raises it to reach a size without adding days.
  public var density: Double

  /// A configuration; every parameter has a fixed default.
  package init(
    seed: UInt64 = defaultSeed, days: Int = defaultDays, end: CivilDateTime = defaultEnd,
    timeZoneIdentifier: String = defaultTimeZone, density: Double = 1
  ) {
    self.seed = seed
    self.days = days
    self.end = CivilDateTime(year: end.year, month: end.month, day: end.day)
    self.timeZoneIdentifier = timeZoneIdentifier
    self.density = density
  }

  /// Days since 1970-01-01 of the last day.
  var endDayNumber: Int64 { CivilDateTime.days(fromCivil: end.year, end.month, end.day) }
  /// Days since 1970-01-01 of the first day.
  var firstDayNumber: Int64 { endDayNumber - Int64(days - 1) }

  /// Checks the values.
  /// - Throws: `SampleConfigurationError` naming the first value out of range.
  package func validate() throws(SampleConfigurationError) {
    guard (1...Self.maximumDays).contains(days) else { throw .daysOutOfRange(days) }
    guard end.isValid, (1900...2199).contains(end.year),
      firstDayNumber >= CivilDateTime.days(fromCivil: 1900, 1, 1)
    else { throw .endOutOfRange(end) }
    _ = try zone()
    guard density >= 1, density <= Self.maximumDensity else { throw .densityOutOfRange(density) }
  }

  /// The zone `timeZoneIdentifier` names.
  /// - Throws: `SampleConfigurationError.unknownTimeZone` when it names none.
  package func zone() throws(SampleConfigurationError) -> TimeZone {
    guard let zone = TimeZone(identifier: timeZoneIdentifier) else {
      throw .unknownTimeZone(timeZoneIdentifier)
    }
    return zone
  }
}
