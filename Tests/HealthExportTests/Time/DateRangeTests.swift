import Foundation
import HealthExport
import HealthModel
import Testing

/// Date ranges at the edges that break naive arithmetic: daylight-saving changes (23- and 25-hour
/// days) and midnight itself, in America/New_York.
@Suite struct DateRangeTests {
  let newYork = TimeZone(identifier: "America/New_York")!

  private func bounds(_ range: DateRange, now: Int64, in zone: TimeZone? = nil) -> [Int64?] {
    let result = range.bounds(now: Timestamp(secondsSince1970: now), timeZone: zone ?? newYork)
    return [result.start?.wholeSecondsSince1970, result.end?.wholeSecondsSince1970]
  }

  @Test func lastDaysOnTheDayClocksSpringForward() {
    // Now: 2026-03-08 12:00 EDT. Today runs from 00:00 EST (05:00Z) to 00:00 EDT on the 9th (04:00Z).
    #expect(bounds(.lastDays(1), now: 1_772_985_600) == [1_772_946_000, 1_773_028_800])
    #expect(bounds(.lastDays(7), now: 1_772_985_600) == [1_772_427_600, 1_773_028_800])
  }

  @Test func lastDaysOnTheDayClocksFallBack() {
    // Now: 2026-11-01 12:00 EST; the 1st has 25 hours.
    #expect(bounds(.lastDays(2), now: 1_793_552_400) == [1_793_419_200, 1_793_595_600])
    #expect(bounds(.lastDays(1), now: 1_793_552_400) == [1_793_505_600, 1_793_595_600])
  }

  @Test func lastDaysAtMidnight() {
    // Exactly midnight belongs to the new day; one second before, to the old one.
    #expect(bounds(.lastDays(1), now: 1_772_946_000) == [1_772_946_000, 1_773_028_800])
    #expect(bounds(.lastDays(1), now: 1_772_945_999) == [1_772_859_600, 1_772_946_000])
  }

  @Test func customRangesAreWholeLocalDays() {
    let march8 = CalendarDay(year: 2026, month: 3, day: 8)
    let november1 = CalendarDay(year: 2026, month: 11, day: 1)
    #expect(bounds(.custom(from: march8, to: march8), now: 0) == [1_772_946_000, 1_773_028_800])
    #expect(bounds(.custom(from: november1, to: november1), now: 0) == [1_793_505_600, 1_793_595_600])
    #expect(bounds(.custom(from: march8, to: nil), now: 0) == [1_772_946_000, nil])
    #expect(bounds(.custom(from: nil, to: march8), now: 0) == [nil, 1_773_028_800])
  }

  @Test func aDayWhoseMidnightDoesNotExistStartsAtItsFirstMoment() throws {
    // Havana springs from 00:00 to 01:00 on 2026-03-08: the day starts at 01:00 CDT (05:00Z).
    let havana = try #require(TimeZone(identifier: "America/Havana"))
    let day = CalendarDay(year: 2026, month: 3, day: 8)
    #expect(bounds(.custom(from: day, to: nil), now: 0, in: havana) == [1_772_946_000, nil])
  }

  @Test func allAndLastRecordsHaveNoDateBounds() {
    #expect(bounds(.all, now: 1_772_985_600) == [nil, nil])
    #expect(bounds(.lastRecords(3), now: 1_772_985_600) == [nil, nil])
  }

  @Test func parsesCalendarDays() {
    #expect(CalendarDay(parsing: "2026-01-09") == CalendarDay(year: 2026, month: 1, day: 9))
    #expect(CalendarDay(parsing: "2026-02-29") == nil)
    #expect(CalendarDay(parsing: "2026-1-9") == nil)
    #expect(CalendarDay(parsing: "20260109") == nil)
    #expect(CalendarDay(parsing: "2026-01-09T00:00") == nil)
    #expect(CalendarDay(year: 2026, month: 1, day: 9).description == "2026-01-09")
  }
}
