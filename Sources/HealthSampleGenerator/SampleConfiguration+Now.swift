import Foundation
public import HealthModel

extension SampleConfiguration {
  /// How many days the built-in sample covers: six weeks and a half, enough for "the last 30
  /// days" and a lab visit, and quick to make and read even in a debug build.
  public static let sampleDays = 45

  /// The built-in sample that `--sample` reads: the default seed, `sampleDays` days, ending on
  /// the day of `now` in the time zone named `timeZoneIdentifier` (UTC when it is not a zone), so
  /// that "the last 30 days" always holds records.
  /// - Parameters:
  ///   - now: the moment the sample is made for.
  ///   - timeZoneIdentifier: where the person lives and "today" is reckoned.
  /// - Returns: the sample's configuration.
  public static func sample(now: Timestamp, timeZoneIdentifier: String) -> SampleConfiguration {
    let zone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(identifier: "UTC") ?? .gmt
    let today = CivilDateTime(now, in: zone)
    return SampleConfiguration(days: sampleDays, end: today, timeZoneIdentifier: zone.identifier)
  }
}
