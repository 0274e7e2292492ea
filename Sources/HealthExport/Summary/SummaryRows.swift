package import Foundation
import HealthArchive
import HealthModel

/// The rows of a summary in the order they are written, read one at a time: packed, in memory
/// and, for a large summary, partly in sorted runs in a temporary file beside the output, merged
/// as they are read (`RunMerge`). The summary CSV is written from them as they are read; the
/// library's `SummaryExport.Rows` holds them all (`result()`).
package struct SummaryRows {
  /// How many rows there are.
  package let count: Int
  /// Distinct names in the Metric column.
  let metricCount: Int
  /// Readings left out by a rule (blood glucose under 20 mg/dL), by reason.
  let dropped: [Diagnostics.Tally]
  /// Names given first in the source priority that no summarized sample carries.
  let unknownPrioritySources: [String]
  /// Each type summarized, with the span of its samples in the whole input (`NoDataReport`).
  package var readingSpans: [NoDataReport.Span] = []

  /// One list per label, by rank, each sorted by period.
  private let lists: [SortedList<PackedSummaryRow>]
  private let spill: SpillFile?
  private let labels: [SummaryLabel]
  private let sourceLists: [[String]]
  private let calendar: PeriodCalendar

  init(
    lists: [SortedList<PackedSummaryRow>], spill: SpillFile?, labels: [SummaryLabel], sourceLists: [[String]],
    calendar: PeriodCalendar, metricCount: Int, dropped: [Diagnostics.Tally], unknownPrioritySources: [String]
  ) {
    self.lists = lists
    self.spill = spill
    self.labels = labels
    self.sourceLists = sourceLists
    self.calendar = calendar
    self.metricCount = metricCount
    self.dropped = dropped
    self.unknownPrioritySources = unknownPrioritySources
    count = lists.reduce(0) { $0 + $1.count }
  }

  var isEmpty: Bool { count == 0 }

  /// The zone the periods are reckoned in.
  package var timeZone: TimeZone { calendar.timeZone }

  /// Hands each row to `body`, by period, then by metric in byte order (then by type).
  /// - Throws: what `body` throws; `OutputError.writeFailed` when the spill file cannot be read.
  package func forEachRow(_ body: (SummaryRow) throws -> Void) throws {
    var calendar = calendar
    var merge = RunMerge(lists: lists, spill: spill, precedes: PackedSummaryRow.precedes)
    while let next = try merge.next() {
      let row = next.row
      let label = labels[Int(row.label)]
      var period = calendar.span(containing: row.periodStart)
      if label.isNight {
        // The night named by the period's day runs from the noon before to that day's noon.
        period.start.millisecondsSince1970 -= Summarizer.nightShift
        period.end.millisecondsSince1970 -= Summarizer.nightShift
      }
      try body(
        SummaryRow(
          period: period, type: label.type, metric: label.metric,
          value: label.valueDecimals.map { WrittenValue(row.value, decimals: $0) }, unit: label.unit,
          minimum: label.extremeDecimals.map { WrittenValue(row.minimum, decimals: $0) },
          maximum: label.extremeDecimals.map { WrittenValue(row.maximum, decimals: $0) }, count: row.count,
          sources: sourceLists[Int(row.sources)]))
    }
  }

  /// Every row, in memory.
  /// - Throws: `OutputError.writeFailed` when the spill file cannot be read.
  func result() throws -> SummaryExport.Rows {
    var rows: [SummaryRow] = []
    rows.reserveCapacity(count)
    try forEachRow { rows.append($0) }
    return SummaryExport.Rows(rows: rows, dropped: dropped, unknownPrioritySources: unknownPrioritySources)
  }
}
