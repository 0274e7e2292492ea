import Foundation
import HealthExport
import HealthModel
import Testing

/// Every period kind, how periods are written, and how the range selects whole periods.
@Suite struct PeriodTests {
  typealias T = SummaryTest

  /// One-minute step samples on a Wednesday (2025-12-31), two Mondays (2026-01-05 and 01-12), a
  /// Sunday (2026-01-11) and 2026-02-01 (a Sunday), at 10:00 EST each.
  static let body = [
    ("2025-12-31", 1600), ("2026-01-05", 100), ("2026-01-11", 200), ("2026-01-12", 400), ("2026-02-01", 800),
  ].map { day, steps in
    T.watchSteps(steps, from: "\(day) 10:00:00 -0500", to: "\(day) 10:01:00 -0500")
  }.joined()

  struct Case: CustomTestStringConvertible, Sendable {
    var period: SummaryPeriod
    var dateFormat: DateFormat = .standard
    /// `period,value,count` for each row.
    var expected: [String]
    var testDescription: String { "\(period) \(dateFormat)" }
  }

  @Test(arguments: [
    Case(
      period: .hour,
      expected: [
        "2025-12-31 10:00,1600,1", "2026-01-05 10:00,100,1", "2026-01-11 10:00,200,1",
        "2026-01-12 10:00,400,1",
        "2026-02-01 10:00,800,1",
      ]),
    Case(
      period: .day,
      expected: [
        "2025-12-31,1600,1", "2026-01-05,100,1", "2026-01-11,200,1", "2026-01-12,400,1", "2026-02-01,800,1",
      ]),
    // Weeks start on Monday: the Wednesday's week on 2025-12-29, the Sunday 01-11 in the week of
    // Monday 01-05 (100 + 200), 02-01 in the week of 01-26.
    Case(
      period: .week,
      expected: ["2025-12-29,1600,1", "2026-01-05,300,2", "2026-01-12,400,1", "2026-01-26,800,1"]),
    Case(period: .month, expected: ["2025-12-01,1600,1", "2026-01-01,700,3", "2026-02-01,800,1"]),
    Case(period: .year, expected: ["2025-01-01,1600,1", "2026-01-01,1500,4"]),
    // ISO 8601: each period's start in UTC (midnight EST is 05:00Z).
    Case(
      period: .week, dateFormat: .iso8601,
      expected: [
        "2025-12-29T05:00:00Z,1600,1", "2026-01-05T05:00:00Z,300,2", "2026-01-12T05:00:00Z,400,1",
        "2026-01-26T05:00:00Z,800,1",
      ]),
    Case(
      period: .hour, dateFormat: .iso8601,
      expected: [
        "2025-12-31T15:00:00Z,1600,1", "2026-01-05T15:00:00Z,100,1", "2026-01-11T15:00:00Z,200,1",
        "2026-01-12T15:00:00Z,400,1", "2026-02-01T15:00:00Z,800,1",
      ]),
    // The other formats keep their shape, without seconds.
    Case(
      period: .month, dateFormat: .mdy,
      expected: ["12/01/2025,1600,1", "01/01/2026,700,3", "02/01/2026,800,1"]),
    Case(period: .year, dateFormat: .dmy, expected: ["01 Jan 2025,1600,1", "01 Jan 2026,1500,4"]),
    Case(
      period: .hour, dateFormat: .ymdSlash,
      expected: [
        "2025/12/31 10:00,1600,1", "2026/01/05 10:00,100,1", "2026/01/11 10:00,200,1",
        "2026/01/12 10:00,400,1",
        "2026/02/01 10:00,800,1",
      ]),
  ])
  func everyPeriodKind(_ example: Case) throws {
    let outcome = try T.run(
      Self.body, selection: T.selection(period: example.period, dateFormat: example.dateFormat))
    let expected = example.expected.map { line in
      let parts = line.split(separator: ",")
      return "\(parts[0]),Steps,\(parts[1]),steps,,,\(parts[2]),Jane’s Apple Watch"
    }
    #expect(outcome.rows == expected)
  }

  @Test func theRangeSelectsEveryPeriodItOverlapsWhole() throws {
    // From Wednesday 2026-01-07 to Monday 2026-01-12: days 01-11 and 01-12 only; the weeks of
    // 01-05 and 01-12, whole (the 5th's 100 included); all of January.
    let range = DateRange.custom(
      from: CalendarDay(year: 2026, month: 1, day: 7), to: CalendarDay(year: 2026, month: 1, day: 12))
    let days = try T.run(Self.body, selection: T.selection(period: .day, range: range)).rows
    #expect(days.map { $0.prefix(16) } == ["2026-01-11,Steps", "2026-01-12,Steps"])
    let weeks = try T.run(Self.body, selection: T.selection(period: .week, range: range)).rows
    #expect(
      weeks == [
        "2026-01-05,Steps,300,steps,,,2,Jane’s Apple Watch",
        "2026-01-12,Steps,400,steps,,,1,Jane’s Apple Watch",
      ])
    let months = try T.run(Self.body, selection: T.selection(period: .month, range: range)).rows
    #expect(months == ["2026-01-01,Steps,700,steps,,,3,Jane’s Apple Watch"])
  }

  @Test func aSampleReachingOutOfTheRangeCountsOnlyInsideIt() throws {
    // 1000 steps over 2026-01-10 23:55 to 01-11 00:15; the range is the 11th: 750 on it, the 10th
    // not written.
    let day = CalendarDay(year: 2026, month: 1, day: 11)
    let outcome = try T.run(
      T.watchSteps(1000, from: "2026-01-10 23:55:00 -0500", to: "2026-01-11 00:15:00 -0500"),
      selection: T.selection(range: .custom(from: day, to: day)))
    #expect(outcome.rows == ["2026-01-11,Steps,750,steps,,,1,Jane’s Apple Watch"])
  }

  @Test func lastDaysCountsBackFromNow() throws {
    // Now is 2026-01-20 07:00 EST: the last 10 days are 01-11 to 01-20.
    let outcome = try T.run(Self.body, selection: T.selection(range: .lastDays(10)))
    #expect(outcome.rows.map { String($0.prefix(10)) } == ["2026-01-11", "2026-01-12"])
  }

  @Test func lastRecordsIsRefused() {
    #expect(throws: SummaryError.recordRange) {
      try T.run(Self.body, selection: T.selection(range: .lastRecords(5)))
    }
  }

  @Test func aSummaryWithNoPeriodWritesNothing() {
    let error = #expect(throws: ExportError.self) {
      try T.run(
        Self.body,
        selection: T.selection(range: .custom(from: CalendarDay(year: 2027, month: 1, day: 1), to: nil)))
    }
    #expect(
      error?.description.hasPrefix(ExportError.noDataMessage + "\n  The range: from 2027-01-01 on (") == true)
  }
}
