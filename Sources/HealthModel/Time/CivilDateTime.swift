/// A date and time of day on the proleptic Gregorian calendar, with no time zone attached.
///
/// The arithmetic is the classic days-from-civil conversion (era of 400 years, March-based
/// years), exact for every year a `Timestamp` can reach, and free of any calendar object, so that
/// millions of dates convert without allocating.
package struct CivilDateTime: Hashable, Sendable {
  package var year: Int
  /// 1 to 12.
  package var month: Int
  /// 1 to 31.
  package var day: Int
  package var hour: Int
  package var minute: Int
  package var second: Int

  package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The civil time `secondsSince1970` seconds after 1970-01-01 00:00:00.
  package init(secondsSince1970 seconds: Int64) {
    let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
    let date = Self.civil(fromDays: days)
    self.init(
      year: date.year, month: date.month, day: date.day,
      hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60),
      second: Int(secondOfDay % 60))
  }

  /// Seconds since 1970-01-01 00:00:00 of this civil time, as if it were UTC.
  package var secondsSince1970: Int64 {
    Self.days(fromCivil: year, month, day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// Whether the fields name a real date and time of day (seconds 0–59, no leap seconds).
  package var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(year: year, month: month)
      && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
  }

  /// The number of days in a month of a year.
  package static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Whether `year` has a 29th of February.
  package static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// Days since 1970-01-01 of a civil date.
  package static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date `days` days after 1970-01-01.
  package static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }
}
