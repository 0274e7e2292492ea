package import HealthExport

/// The days a time axis labels: every day, every other day, Mondays, every other Monday, the
/// 1st and 15th of each month, the first of every 1, 2, 3 or 6 months, or 1 January of every 1, 2, 5, 10… years: the finest that
/// gives no more than the labels that fit.
package enum DayTicks {
  /// The labelled days from `first` through `last`, at most `maximum` of them (at least one).
  package static func days(from first: CalendarDay, through last: CalendarDay, maximum: Int) -> [CalendarDay]
  {
    let low = first.dayNumber
    let high = max(last.dayNumber, low)
    let limit = max(maximum, 1)
    let dayRules: [(Int64) -> Bool] = [
      { _ in true },
      { $0 % 2 == 0 },
      { Self.isMonday($0) },
      { Self.isMonday($0) && ($0 + 3) / 7 % 2 == 0 },
    ]
    for rule in dayRules {
      let picked = (low...high).filter(rule)
      if picked.count <= limit, !picked.isEmpty { return picked.map(CalendarDay.init(dayNumber:)) }
    }
    var halfMonths: [CalendarDay] = []
    var month = CalendarDay(year: first.year, month: first.month, day: 1)
    while month <= last {
      halfMonths += [month, CalendarDay(year: month.year, month: month.month, day: 15)]
      month = next(month)
    }
    let picked = halfMonths.filter { $0 >= first && $0 <= last }
    if picked.count <= limit, !picked.isEmpty { return picked }
    for months in [1, 2, 3, 6] {
      let picked = monthStarts(from: first, through: last) { ($0.month - 1) % months == 0 }
      if picked.count <= limit, !picked.isEmpty { return picked }
    }
    var years = 1
    while true {
      let every = years
      let picked = monthStarts(from: first, through: last) { $0.month == 1 && $0.year % every == 0 }
      if picked.count <= limit { return picked.isEmpty ? [first] : picked }
      years = [1: 2, 2: 5][years] ?? years * 2
    }
  }

  /// Whether the day numbered `day` (since 1970-01-01, a Thursday) is a Monday.
  private static func isMonday(_ day: Int64) -> Bool {
    ((day + 3) % 7 + 7) % 7 == 0
  }

  /// The first days of months from `first` through `last` that `include` keeps.
  private static func monthStarts(
    from first: CalendarDay, through last: CalendarDay, where include: (CalendarDay) -> Bool
  ) -> [CalendarDay] {
    var result: [CalendarDay] = []
    var month = CalendarDay(year: first.year, month: first.month, day: 1)
    if month < first { month = next(month) }
    while month <= last {
      if include(month) { result.append(month) }
      month = next(month)
    }
    return result
  }

  private static func next(_ month: CalendarDay) -> CalendarDay {
    month.month == 12
      ? CalendarDay(year: month.year + 1, month: 1, day: 1)
      : CalendarDay(year: month.year, month: month.month + 1, day: 1)
  }
}
