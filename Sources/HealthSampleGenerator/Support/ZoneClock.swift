import Foundation
import HealthModel

/// Local time in one time zone: the instants of local clock times, and the offsets to print.
///
/// The zone is asked only about itself (`TimeZone(identifier:)`), never about the process's zone
/// or the clock, so that the same zone name gives the same instants on every machine.
struct ZoneClock {
  let zone: TimeZone

  /// The offset from UTC, in seconds, at `instant` (seconds since 1970).
  func offset(at instant: Int64) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
  }

  /// The local day numbered `dayNumber` (days since 1970-01-01).
  func day(_ dayNumber: Int64) -> LocalDay {
    LocalDay(dayNumber: dayNumber, start: midnight(dayNumber), end: midnight(dayNumber + 1))
  }

  /// The instant of local midnight starting day `dayNumber`.
  private func midnight(_ dayNumber: Int64) -> Int64 {
    let local = dayNumber * 86_400
    let guess = local - Int64(offset(at: local))
    return local - Int64(offset(at: guess))
  }
}

/// One calendar day in a time zone: turns the seconds of a day's plan into instants.
struct LocalDay {
  /// Days since 1970-01-01 of the local date.
  let dayNumber: Int64
  /// The instants of its midnight and of the next one: 23 or 25 hours apart on the days clocks
  /// change, 24 on the others.
  let start: Int64
  let end: Int64

  /// The instant `second` seconds into the day's plan. On ordinary days that is the local clock
  /// time; on the days clocks change, the day's 24 hours of plan are spread evenly over its 23
  /// or 25, so that instants keep their order and no time falls in the hour that does not exist.
  /// Negative seconds are the evening before, as on the local clock.
  func instant(_ second: Int) -> Int64 {
    let length = end - start
    if second < 0 || length == 86_400 { return start + Int64(second) }
    return start + Int64(second) * length / 86_400
  }

  /// 0 Sunday … 6 Saturday.
  var weekday: Int {
    Int(((dayNumber % 7) + 11) % 7)
  }
}
