import HealthExport

/// The arithmetic of `compare` and `baseline`: the periods of the summaries, a value over several
/// days' summary rows, and quantiles.
enum PeriodStatistics {
  /// The first and last day of the `period` (`day`, `week` or `month`, as the summaries reckon
  /// them: `SummaryPeriod.days(holding:)`) that holds `day`.
  static func range(of period: String, holding day: CalendarDay) -> (from: CalendarDay, to: CalendarDay) {
    let (first, next) = (SummaryPeriod(rawValue: period) ?? .day).days(holding: day)
    return (first, next.adding(days: -1))
  }

  /// A day's summary row: its value, its count of samples, and whether its type is discrete
  /// (a mean, with a minimum) rather than cumulative (a total).
  struct DayValue {
    var value: Double?
    var count: Int64
    var isDiscrete: Bool
  }

  /// The value of several days, as a period's summary row has it: a cumulative type's total
  /// (the days' totals added), a discrete type's mean (the days' means weighted by their
  /// samples); nil where no day has a sample.
  static func combine(_ days: [DayValue]) -> Double? {
    let counted = days.filter { $0.count > 0 && $0.value != nil }
    guard !counted.isEmpty else { return nil }
    if counted.contains(where: \.isDiscrete) {
      let samples = counted.reduce(0.0) { $0 + Double($1.count) }
      return counted.reduce(0.0) { $0 + ($1.value ?? 0) * Double($1.count) } / samples
    }
    return counted.reduce(0.0) { $0 + ($1.value ?? 0) }
  }

  /// The `p` quantile (0 to 1) of `sorted` (ascending, not empty), interpolated linearly between
  /// the ranks around `(n - 1) p` (the method most statistics software uses by default).
  static func quantile(_ sorted: [Double], _ p: Double) -> Double {
    let rank = Double(sorted.count - 1) * p
    let below = Int(rank.rounded(.down))
    let above = min(below + 1, sorted.count - 1)
    return sorted[below] + (rank - Double(below)) * (sorted[above] - sorted[below])
  }
}
