package import HealthExport

/// A series summed up for "At a glance": its latest value, its median and range, and on how many
/// days it has data. The values are those the charts draw (readings as the CSV converts them,
/// days and nights as the summary adds them up), unrounded; they are rounded as they are written.
package struct GlanceStatistics: Equatable, Sendable {
  /// The last value, and the day it belongs to (a reading's local day, a day's or a night's).
  package var latest: Double
  package var latestDay: Int64
  /// The middle value; the mean of the two middle ones for an even count.
  package var median: Double
  package var minimum: Double
  package var maximum: Double
  /// The distinct days with at least one value.
  package var daysWithData: Int

  /// The statistics of `values` (oldest first, each with its local day number); nil for none.
  package init?(_ values: [(day: Int64, value: Double)]) {
    guard let last = values.last else { return nil }
    latest = last.value
    latestDay = last.day
    let sorted = values.map(\.value).sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    minimum = sorted[0]
    maximum = sorted[sorted.count - 1]
    var days = Set<Int64>()
    for value in values { days.insert(value.day) }
    daysWithData = days.count
  }
}

/// The range "At a glance" compares a report's range with: as many days just before it.
package enum GlanceComparison {
  /// The report's range and the one before it together, which a second pass of the stages reads
  /// (the days before the report's first are the range before); nil for a range without a
  /// length (`all`, an open end).
  package static func widened(_ range: DateRange) -> DateRange? {
    switch range {
    case .lastDays(let days): return .lastDays(2 * days)
    case .custom(let from?, let to?) where from <= to:
      let count = Int(to.dayNumber - from.dayNumber) + 1
      return .custom(from: from.adding(days: -count), to: to)
    case .custom, .all, .lastRecords: return nil
    }
  }
}
