package import HealthExport

/// The periods a dense series is drawn by. A chart shows at most so many marks apart; a series
/// with more values than that is drawn one mark per day, per week (from Monday) or per month,
/// the finest of those that gives no more periods than marks over the chart's days.
package struct DayBuckets: Hashable, Sendable {
  package enum Length: Hashable, Sendable {
    case day, week, month
  }

  package var length: Length

  package init(length: Length) {
    self.length = length
  }

  /// The periods for `valueCount` values over the days `first` through `last`, or nil where the
  /// values are few enough to be drawn one by one.
  /// - Parameters:
  ///   - first: the chart's first day.
  ///   - last: the chart's last day.
  ///   - valueCount: how many values the series has.
  ///   - maximum: the most marks the chart shows apart.
  package init?(from first: CalendarDay, through last: CalendarDay, valueCount: Int, maximum: Int) {
    guard valueCount > maximum else { return nil }
    let days = Int(max(last.dayNumber - first.dayNumber + 1, 1))
    if days <= maximum {
      length = .day
    } else if (days + 6) / 7 + 1 <= maximum {
      length = .week
    } else {
      length = .month
    }
  }

  /// The day number the period holding `day` starts on.
  package func start(of day: Int64) -> Int64 {
    switch length {
    case .day:
      return day
    case .week:
      // 1970-01-01 was a Thursday: day 4 was a Monday.
      return day - ((day - 4) % 7 + 7) % 7
    case .month:
      let civil = CalendarDay(dayNumber: day)
      return CalendarDay(year: civil.year, month: civil.month, day: 1).dayNumber
    }
  }

  /// The days the longest period of this length spans: 1, 7 or 31.
  package var longestDayCount: Int {
    switch length {
    case .day: 1
    case .week: 7
    case .month: 31
    }
  }

  /// `day`, `week` or `month`.
  package var word: String {
    switch length {
    case .day: "day"
    case .week: "week"
    case .month: "month"
    }
  }

  /// The number of days of the period that starts on `start`.
  package func dayCount(from start: Int64) -> Int {
    switch length {
    case .day:
      return 1
    case .week:
      return 7
    case .month:
      let civil = CalendarDay(dayNumber: start)
      let next =
        civil.month == 12
        ? CalendarDay(year: civil.year + 1, month: 1, day: 1)
        : CalendarDay(year: civil.year, month: civil.month + 1, day: 1)
      return Int(next.dayNumber - start)
    }
  }

  /// The values grouped by period; each period's mean is that of its unrounded values.
  /// - Parameter values: local day numbers and values, in any order.
  /// - Returns: the periods that hold a value, oldest first.
  package func group(_ values: [(day: Int64, value: Double)]) -> [DayBucket] {
    var byStart: [Int64: DayBucket] = [:]
    for (day, value) in values {
      let start = start(of: day)
      if var bucket = byStart[start] {
        bucket.add(value)
        byStart[start] = bucket
      } else {
        byStart[start] = DayBucket(start: start, days: dayCount(from: start), first: value)
      }
    }
    return byStart.values.sorted { $0.start < $1.start }
  }
}

/// The values of one period: how many, their mean, lowest and highest.
package struct DayBucket: Hashable, Sendable {
  /// The day number the period starts on, and its number of days.
  package var start: Int64
  package var days: Int
  package var count: Int
  package var sum: Double
  package var minimum: Double
  package var maximum: Double

  package init(start: Int64, days: Int, first value: Double) {
    self.start = start
    self.days = days
    count = 1
    sum = value
    minimum = value
    maximum = value
  }

  /// The period of `values`, nil where there are none.
  package init?(start: Int64, days: Int, values: [Double]) {
    guard let first = values.first else { return nil }
    self.init(start: start, days: days, first: first)
    for value in values.dropFirst() { add(value) }
  }

  package var mean: Double { sum / Double(count) }

  /// The middle of the period, where its mark is drawn.
  package var middle: Double { Double(start) + Double(days) / 2 }

  mutating func add(_ value: Double) {
    count += 1
    sum += value
    minimum = min(minimum, value)
    maximum = max(maximum, value)
  }
}
