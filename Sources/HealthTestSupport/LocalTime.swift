package import Foundation
import HealthModel

/// Instants on a zone's wall clocks, computed with Foundation's time zone apart from the
/// exporter's own formatter, for tests that predict CSV dates.
package enum LocalTime {
  /// `2026-03-05 07:15:00`: `instant` (seconds since 1970) on the wall clocks of `zone`.
  package static func text(_ instant: Int64, in zone: TimeZone) -> String {
    let civil = CivilDateTime(Timestamp(secondsSince1970: instant), in: zone)
    return String(
      format: "%04d-%02d-%02d %02d:%02d:%02d", civil.year, civil.month, civil.day, civil.hour, civil.minute,
      civil.second)
  }
}
