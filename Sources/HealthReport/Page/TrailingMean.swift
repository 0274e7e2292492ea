/// Trailing means over calendar days: for each day that has values, the mean of the values of
/// that day and of the days before it in the window (a 7-day average of weight readings, a
/// 30-day average of daily step totals).
enum TrailingMean {
  /// The mean for each day of `values`, over the `days` days that end with it.
  /// - Parameters:
  ///   - values: local day numbers and values, oldest first.
  ///   - days: the window's length, in days.
  /// - Returns: one mean per distinct day, oldest first.
  /// - Complexity: O(n × the values in a window).
  static func means(of values: [(day: Int64, value: Double)], days: Int) -> [(day: Int64, mean: Double)] {
    var result: [(day: Int64, mean: Double)] = []
    var windowStart = 0
    var index = 0
    while index < values.count {
      let day = values[index].day
      while index < values.count && values[index].day == day { index += 1 }
      while values[windowStart].day <= day - Int64(days) { windowStart += 1 }
      // Summed afresh over each window, so that no rounding error builds up over a long series.
      let window = values[windowStart..<index]
      result.append((day, window.reduce(0) { $0 + $1.value } / Double(window.count)))
    }
    return result
  }
}
