public import HealthModel

/// The periods a summary adds up over, in local time: an hour (from HH:00), a day (from local
/// midnight, 23 or 25 hours long on the days the clocks change), a week (from Monday), a month
/// (from the 1st) or a year (from 1 January).
public enum SummaryPeriod: String, Hashable, Sendable, CaseIterable {
  case hour
  case day
  case week
  case month
  case year

  /// The name on the command line (`day`).
  public var optionName: String { rawValue }

  /// The first day of the period that holds `day`, and the first day of the next (a week starts
  /// on Monday); an hour's are its day's.
  package func days(holding day: CalendarDay) -> (first: CalendarDay, next: CalendarDay) {
    switch self {
    case .week:
      // 1970-01-01 was a Thursday: days since a Monday are (day number + 3) mod 7.
      let sinceMonday = Int(((day.dayNumber + 3) % 7 + 7) % 7)
      let first = day.adding(days: -sinceMonday)
      return (first, first.adding(days: 7))
    case .month:
      return (
        CalendarDay(year: day.year, month: day.month, day: 1),
        day.month == 12
          ? CalendarDay(year: day.year + 1, month: 1, day: 1)
          : CalendarDay(year: day.year, month: day.month + 1, day: 1)
      )
    case .year:
      return (
        CalendarDay(year: day.year, month: 1, day: 1), CalendarDay(year: day.year + 1, month: 1, day: 1)
      )
    case .day, .hour:
      return (day, day.adding(days: 1))
    }
  }
}

/// One period of a summary: the instants it spans and the local date and time it starts at.
public struct SummaryPeriodSpan: Hashable, Sendable {
  /// The length of the period.
  public var period: SummaryPeriod
  /// The first instant of the period.
  public var start: Timestamp
  /// The first instant after it.
  public var end: Timestamp
  /// The local date and time the period starts at: HH:00 for an hour (the first moment that
  /// exists where the clocks skip it), midnight of the first day for the other periods.
  package var localStart: CivilDateTime
  /// Seconds east of UTC at the start. In the hour the clocks repeat when they go back, it tells
  /// the two periods with the same local start apart.
  public var utcOffset: Int

  package init(
    period: SummaryPeriod, start: Timestamp, end: Timestamp, localStart: CivilDateTime, utcOffset: Int
  ) {
    self.period = period
    self.start = start
    self.end = end
    self.localStart = localStart
    self.utcOffset = utcOffset
  }

  /// Whether `milliseconds` since 1970 lie in the period.
  func contains(_ milliseconds: Double) -> Bool {
    milliseconds >= start.millisecondsSince1970 && milliseconds < end.millisecondsSince1970
  }
}
