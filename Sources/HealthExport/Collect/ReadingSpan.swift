import Foundation
import HealthModel

/// How many readings of a series an input holds, and the first and last start: what a run that
/// selected none says of it (`NoDataReport`).
struct ReadingSpan {
  var count = 0
  var first: Timestamp?
  var last: Timestamp?

  /// Counts a reading that starts at `date`.
  @inline(__always)
  mutating func add(_ date: Timestamp) {
    count += 1
    if first.map({ date < $0 }) ?? true { first = date }
    if last.map({ date > $0 }) ?? true { last = date }
  }

  /// The span of the series named `name`, its days in `zone`.
  func span(name: String, in zone: TimeZone) -> NoDataReport.Span {
    NoDataReport.Span(
      name: name, count: count, first: first.map { DateRange.day(of: $0, in: zone) },
      last: last.map { DateRange.day(of: $0, in: zone) })
  }
}
