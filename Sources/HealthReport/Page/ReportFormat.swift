import Foundation
import HealthExport
import HealthModel

/// How the report writes numbers and dates: numbers as the CSV and the summary write them
/// (printf's rounding to each series' decimals), reading dates in the CSV's date format and time
/// zone, days in the summary's.
final class ReportFormat {
  let dateFormat: DateFormat
  private var offsets: ZoneOffsetCache

  init(dateFormat: DateFormat, timeZone: TimeZone) {
    self.dateFormat = dateFormat
    offsets = ZoneOffsetCache(timeZone: timeZone)
  }

  /// A number with its decimals: `121.40`, `18561`.
  func number(_ value: WrittenValue) -> String {
    var bytes: [UInt8] = []
    FixedDecimal.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A reading's date, as the CSV's Date column writes it.
  func date(_ instant: Timestamp) -> String {
    let seconds = instant.wholeSecondsSince1970
    var bytes: [UInt8] = []
    dateFormat.append(
      secondsSince1970: seconds, offset: dateFormat.isUTC ? 0 : offsets.offset(at: seconds), to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A period, as the summary's Period column writes it.
  func period(_ span: SummaryPeriodSpan) -> String {
    var bytes: [UInt8] = []
    dateFormat.appendPeriod(span, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A local day in the date format's shape, for axis labels (`2026-06-28`, `06/28/2026`,
  /// `28 Jun 2026`; ISO 8601's is `2026-06-28`, a local day having no single UTC instant).
  func day(_ day: CalendarDay) -> String {
    let shape = dateFormat.isUTC ? DateFormat.standard : dateFormat
    var bytes: [UInt8] = []
    shape.append(
      secondsSince1970: CivilDateTime(year: day.year, month: day.month, day: day.day).secondsSince1970,
      offset: 0,
      to: &bytes)
    bytes.removeLast(9)  // " 00:00:00"
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A period a dense series is drawn by: its day (`2026-06-28`), `week of 2026-06-22`, or
  /// `June 2026`.
  func period(startingOn start: Int64, of buckets: DayBuckets) -> String {
    let first = CalendarDay(dayNumber: start)
    switch buckets.length {
    case .day: return day(first)
    case .week: return "week of " + day(first)
    case .month: return Self.monthNames[first.month - 1] + " \(first.year)"
    }
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// The local day number of an instant with the fraction of the day gone, where a chart draws it.
  func dayPosition(of instant: Timestamp) -> Double {
    let seconds = instant.wholeSecondsSince1970
    let local =
      Double(seconds + Int64(offsets.offset(at: seconds)))
      + (instant.millisecondsSince1970 / 1000 - Double(seconds))
    return local / 86_400
  }

  /// The local day of an instant.
  func localDay(of instant: Timestamp) -> CalendarDay {
    CalendarDay(dayNumber: Int64(dayPosition(of: instant).rounded(.down)))
  }
}
