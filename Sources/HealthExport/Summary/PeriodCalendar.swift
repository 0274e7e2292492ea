package import Foundation
import HealthModel

/// Finds the period an instant falls in, in a time zone: the periods tile time without gaps or
/// overlaps, whatever the clocks do.
///
/// Days, weeks, months and years start at the first instant of their first day
/// (`DateRange.startOfDay`, cached per period). An hour starts where the local clocks show HH:00;
/// where the clocks go back, the repeated hour is a period of its own with its own UTC offset,
/// and where they skip, the hour after the gap starts at the change. Consecutive lookups in one
/// period cost a comparison.
package struct PeriodCalendar {
  let period: SummaryPeriod
  let timeZone: TimeZone
  private var offsets: ZoneOffsetCache
  private var last: SummaryPeriodSpan?
  private var spansByFirstDay: [Int64: SummaryPeriodSpan] = [:]

  package init(period: SummaryPeriod, timeZone: TimeZone) {
    self.period = period
    self.timeZone = timeZone
    offsets = ZoneOffsetCache(timeZone: timeZone)
  }

  /// The period holding the instant `milliseconds` since 1970.
  package mutating func span(containing milliseconds: Double) -> SummaryPeriodSpan {
    if let last, last.contains(milliseconds) { return last }
    let seconds = Int64((milliseconds / 1000).rounded(.down))
    let span = period == .hour ? hour(containing: seconds) : daySpan(containing: seconds)
    last = span
    return span
  }

  // MARK: - Private

  private mutating func hour(containing seconds: Int64) -> SummaryPeriodSpan {
    let offset = offsets.offset(at: seconds)
    let wall = seconds + Int64(offset)
    var start = Self.floorDivide(wall, 3600) * 3600 - Int64(offset)
    var end = start + 3600
    // The clocks changed within the hour: it starts or ends at the change.
    if offsets.offset(at: start) != offset {
      start = firstSecond(after: start, upTo: seconds) { $0 == offset }
    }
    if offsets.offset(at: end - 1) != offset {
      end = firstSecond(after: seconds, upTo: end - 1) { $0 != offset }
    }
    return SummaryPeriodSpan(
      period: .hour, start: Timestamp(secondsSince1970: start), end: Timestamp(secondsSince1970: end),
      localStart: CivilDateTime(secondsSince1970: start + Int64(offset)), utcOffset: offset)
  }

  private mutating func daySpan(containing seconds: Int64) -> SummaryPeriodSpan {
    let local = CivilDateTime(secondsSince1970: seconds + Int64(offsets.offset(at: seconds)))
    let (firstDay, nextFirstDay) = period.days(
      holding: CalendarDay(year: local.year, month: local.month, day: local.day))
    if let cached = spansByFirstDay[firstDay.dayNumber] { return cached }
    let start = DateRange.startOfDay(firstDay, in: timeZone)
    let span = SummaryPeriodSpan(
      period: period, start: start, end: DateRange.startOfDay(nextFirstDay, in: timeZone),
      localStart: CivilDateTime(year: firstDay.year, month: firstDay.month, day: firstDay.day),
      utcOffset: offsets.offset(at: start.wholeSecondsSince1970))
    spansByFirstDay[firstDay.dayNumber] = span
    return span
  }

  /// The first second in `(low, high]` whose offset passes `test`, where the seconds before it
  /// fail and the ones after pass (one change of offset in between); `high` when none is found
  /// earlier.
  private mutating func firstSecond(after low: Int64, upTo high: Int64, where test: (Int) -> Bool) -> Int64 {
    var low = low
    var high = high
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if test(offsets.offset(at: middle)) { high = middle } else { low = middle }
    }
    return high
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }
}
