import Foundation
import HealthExport
import HealthModel
import Testing

/// What "No data found" suggests: the export's own last days where its data ends before the
/// range, its first day where it begins after, else every date.
@Suite struct NoDataReportTests {
  static let now = Timestamp(secondsSince1970: 1_796_558_400)  // 2026-12-06T12:00:00Z
  static let zone = TimeZone(identifier: "Europe/Berlin")!

  static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

  static func span(_ first: String, _ last: String) -> NoDataReport.Span {
    NoDataReport.Span(name: "Steps", count: 3, first: day(first), last: day(last))
  }

  @Test(arguments: [
    (
      DateRange.lastDays(7), span("2025-01-01", "2026-06-30"),
      "The data ends on 2026-06-30: try --from 2026-06-24 --to 2026-06-30 for its last 7 days, or --all."
    ),
    (
      .custom(from: day("2026-11-01"), to: day("2026-11-30")), span("2025-01-01", "2026-06-30"),
      "The data ends on 2026-06-30: try --from 2026-06-01 --to 2026-06-30 for its last 30 days, or --all."
    ),
    (
      .custom(from: day("2026-11-01"), to: nil), span("2025-01-01", "2026-06-30"),
      "The data ends on 2026-06-30: try --from 2026-06-01 --to 2026-06-30 for its last 30 days, or --all."
    ),
    (
      .custom(from: day("2020-01-01"), to: day("2020-01-01")), span("2025-01-01", "2026-06-30"),
      "The data begins on 2025-01-01: try --from 2025-01-01, or --all."
    ),
    (
      .custom(from: day("2025-03-01"), to: day("2025-03-02")), span("2025-01-01", "2026-06-30"),
      "Try --all for every date, or --from 2025-01-01 to start at the first reading."
    ),
  ])
  func suggestsWhatToTry(range: DateRange, span: NoDataReport.Span, suggestion: String) {
    let report = NoDataReport(range: range, now: Self.now, timeZone: Self.zone, spans: [span], skipped: [])
    #expect(report.lines.last == suggestion)
  }

  @Test func anInputWithoutTheMetricsSaysSo() {
    let none = NoDataReport.Span(name: "Weight", count: 0, first: nil, last: nil)
    let report = NoDataReport(
      range: .standard, now: Self.now, timeZone: Self.zone, spans: [none], skipped: [])
    #expect(
      report.lines == [
        "The range: the last 30 days, 2026-11-07 to 2026-12-06 (Europe/Berlin).",
        "Weight: none in the input.",
        "The input holds none of the selected metrics: 'health-exporter inspect' shows what it holds.",
      ])
  }
}
