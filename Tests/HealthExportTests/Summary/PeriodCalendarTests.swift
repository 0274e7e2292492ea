import Foundation
import HealthModel
import Testing

@testable import HealthExport

/// Periods tile time in any zone, whatever its clocks do: New York's one-hour changes, London's
/// at 01:00 UTC, Lord Howe's half-hour change, Havana's at midnight, Chatham's +12:45, Kolkata's
/// +5:30 without changes.
@Suite struct PeriodCalendarTests {
  static let zones = [
    "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Havana", "Pacific/Chatham",
    "Asia/Kolkata",
  ]

  /// Walks from 2025-12-25 for `count` periods: each holds its start, ends where the next begins,
  /// and the instants inside it map back to it.
  private func walk(_ period: SummaryPeriod, zone: String, count: Int) throws {
    var calendar = PeriodCalendar(period: period, timeZone: try #require(TimeZone(identifier: zone)))
    var span = calendar.span(containing: 1_766_620_800_000)
    for _ in 0..<count {
      let start = span.start.millisecondsSince1970
      let end = span.end.millisecondsSince1970
      #expect(end > start, "\(zone) \(period): an empty period at \(span.localStart)")
      #expect(calendar.span(containing: start) == span)
      #expect(calendar.span(containing: (start + end) / 2) == span)
      #expect(calendar.span(containing: end - 1) == span)
      let next = calendar.span(containing: end)
      #expect(next.start == span.end, "\(zone) \(period): a gap after \(span.localStart)")
      span = next
    }
  }

  @Test(arguments: zones)
  func hoursTileAYear(_ zone: String) throws {
    try walk(.hour, zone: zone, count: 24 * 366)
  }

  @Test(arguments: zones)
  func daysWeeksMonthsAndYearsTileYears(_ zone: String) throws {
    try walk(.day, zone: zone, count: 800)
    try walk(.week, zone: zone, count: 120)
    try walk(.month, zone: zone, count: 30)
    try walk(.year, zone: zone, count: 3)
  }

  @Test func theRepeatedHourHasTwoOffsets() throws {
    // New York, 2026-11-01: 01:00 EDT starts at 05:00Z, 01:00 EST at 06:00Z.
    var calendar = PeriodCalendar(
      period: .hour, timeZone: try #require(TimeZone(identifier: "America/New_York")))
    let first = calendar.span(containing: 1_793_509_200_000 + 1_800_000)
    let second = calendar.span(containing: 1_793_512_800_000 + 1_800_000)
    #expect(first.localStart == CivilDateTime(year: 2026, month: 11, day: 1, hour: 1))
    #expect(second.localStart == first.localStart)
    #expect(first.utcOffset == -14_400)
    #expect(second.utcOffset == -18_000)
    #expect(first.start.wholeSecondsSince1970 == 1_793_509_200)
    #expect(second.start.wholeSecondsSince1970 == 1_793_512_800)
  }

  @Test func aDayThatSkipsMidnightStartsAtItsFirstMoment() throws {
    // Havana, 2026-03-08: the clocks go from 00:00 CST to 01:00 CDT, so the day starts at 05:00Z
    // and has 23 hours.
    var calendar = PeriodCalendar(
      period: .day, timeZone: try #require(TimeZone(identifier: "America/Havana")))
    let day = calendar.span(containing: 1_772_960_400_000)
    #expect(day.localStart == CivilDateTime(year: 2026, month: 3, day: 8))
    #expect(day.start.wholeSecondsSince1970 == 1_772_946_000)
    #expect(day.end.wholeSecondsSince1970 - day.start.wholeSecondsSince1970 == 23 * 3600)
  }

  @Test func halfHourChangesCutTheHour() throws {
    // Lord Howe, 2026-04-05: at 02:00 +11 the clocks go back to 01:30 +10:30 (15:00Z on the 4th).
    // 01:00 +11 (14:00Z) runs to the change; 01:30 +10:30 is a period of its own to 02:00 +10:30.
    var calendar = PeriodCalendar(
      period: .hour, timeZone: try #require(TimeZone(identifier: "Australia/Lord_Howe")))
    let before = calendar.span(containing: 1_775_314_800_000 - 1)
    let after = calendar.span(containing: 1_775_314_800_000)
    #expect(before.start.wholeSecondsSince1970 == 1_775_311_200)
    #expect(before.end.wholeSecondsSince1970 == 1_775_314_800)
    #expect(after.localStart == CivilDateTime(year: 2026, month: 4, day: 5, hour: 1, minute: 30))
    #expect(after.end.wholeSecondsSince1970 == 1_775_316_600)
  }
}
