package import Foundation
package import HealthModel

/// A calendar date with no time and no zone, as the user types it (`2026-01-09`).
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, such as 2026.
  public var year: Int
  /// The month, from 1 (January) to 12.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int

  /// The day `year`-`month`-`day` of the Gregorian calendar.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD`; nil for anything else or a day that does not exist.
  public init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      CivilDateTime(year: year, month: month, day: day).isValid
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Days since 1970-01-01.
  package var dayNumber: Int64 { CivilDateTime.days(fromCivil: year, month, day) }

  package init(dayNumber: Int64) {
    let civil = CivilDateTime.civil(fromDays: dayNumber)
    self.init(year: civil.year, month: civil.month, day: civil.day)
  }

  /// The day `count` days later (earlier when negative).
  package func adding(days count: Int) -> CalendarDay {
    CalendarDay(dayNumber: dayNumber + Int64(count))
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// The message, as it is shown.
  public var description: String { CivilDateTime(year: year, month: month, day: day).dayText }
}

/// Which samples an export keeps, by start date.
public enum DateRange: Hashable, Sendable {
  /// Calendar days including today, in the local time zone: from midnight `days − 1` days ago
  /// (inclusive) to the next midnight after now (exclusive).
  case lastDays(Int)
  /// The most recent `count` rows of each metric, vital component and lab code.
  case lastRecords(Int)
  /// Whole days: from the start day's midnight (inclusive) to the midnight after the end day
  /// (exclusive). Either end may be open.
  case custom(from: CalendarDay?, to: CalendarDay?)
  /// No limit.
  case all

  /// The default: the last 30 days.
  public static let standard = DateRange.lastDays(30)

  /// The range with the days it names moved by `days` (a range of whole days); the others as they
  /// are, since they count from "now", which moves with the dates (`--shift-days`).
  package func moved(by days: Int) -> DateRange {
    guard case .custom(let from, let to) = self, days != 0 else { return self }
    return .custom(from: from?.adding(days: days), to: to?.adding(days: days))
  }

  /// The instants this range keeps, `start` inclusive and `end` exclusive, nil where open.
  /// - Parameters:
  ///   - now: the moment the export runs.
  ///   - timeZone: where days begin and end.
  /// - Returns: the first instant kept and the first past the range.
  package func bounds(now: Timestamp, timeZone: TimeZone) -> (start: Timestamp?, end: Timestamp?) {
    switch self {
    case .all, .lastRecords:
      return (nil, nil)
    case .lastDays(let days):
      let today = Self.day(of: now, in: timeZone)
      return (
        Self.startOfDay(today.adding(days: -(days - 1)), in: timeZone),
        Self.startOfDay(today.adding(days: 1), in: timeZone)
      )
    case .custom(let from, let to):
      return (
        from.map { Self.startOfDay($0, in: timeZone) },
        to.map { Self.startOfDay($0.adding(days: 1), in: timeZone) }
      )
    }
  }

  /// The instants this range keeps in a time zone not known yet: wider than in any zone (`outer`)
  /// and narrower (`inner`). Zones lie at most 14 hours from UTC and "today" at most a day from
  /// UTC's, so two days either side of the range in UTC bound it wherever it is reckoned.
  /// - Parameter now: the moment the export runs.
  /// - Returns: the instants every zone's range lies within, and those every zone's range keeps
  ///   (nil ends where open; an inner range may be empty).
  package func envelope(now: Timestamp) -> (
    outer: (start: Timestamp?, end: Timestamp?), inner: (start: Timestamp?, end: Timestamp?)
  ) {
    let utc = bounds(now: now, timeZone: Self.utc)
    func moved(_ instant: Timestamp?, days: Double) -> Timestamp? {
      instant.map { Timestamp(millisecondsSince1970: $0.millisecondsSince1970 + days * 86_400_000) }
    }
    return (
      (moved(utc.start, days: -2), moved(utc.end, days: 2)),
      (moved(utc.start, days: 2), moved(utc.end, days: -2))
    )
  }

  /// Coordinated Universal Time.
  package static let utc = TimeZone.gmt

  /// The calendar day an instant falls on in a time zone.
  package static func day(of instant: Timestamp, in timeZone: TimeZone) -> CalendarDay {
    let civil = CivilDateTime(instant, in: timeZone)
    return CalendarDay(year: civil.year, month: civil.month, day: civil.day)
  }

  /// The instant of a local date and time in a time zone: midnight is the day's first instant
  /// (`startOfDay`); a time the clocks skip is read as Foundation's calendar reads it.
  static func instant(ofLocal civil: CivilDateTime, in timeZone: TimeZone) -> Timestamp {
    let day = CalendarDay(year: civil.year, month: civil.month, day: civil.day)
    if civil.hour == 0 && civil.minute == 0 && civil.second == 0 {
      return startOfDay(day, in: timeZone)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let components = DateComponents(
      year: civil.year, month: civil.month, day: civil.day, hour: civil.hour, minute: civil.minute,
      second: civil.second)
    guard let date = calendar.date(from: components) else {
      return Timestamp(secondsSince1970: civil.secondsSince1970)
    }
    return Timestamp(millisecondsSince1970: (date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The first instant of a day in a time zone: its midnight, or, where the clocks skip midnight,
  /// the first moment that exists.
  package static func startOfDay(_ day: CalendarDay, in timeZone: TimeZone) -> Timestamp {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let noon = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
    guard let date = calendar.date(from: noon) else {
      // Out of the calendar's reach: midnight at the offset of noon.
      let seconds = CivilDateTime(year: day.year, month: day.month, day: day.day).secondsSince1970
      return Timestamp(secondsSince1970: seconds)
    }
    let start = calendar.startOfDay(for: date)
    return Timestamp(millisecondsSince1970: (start.timeIntervalSince1970 * 1000).rounded())
  }
}
