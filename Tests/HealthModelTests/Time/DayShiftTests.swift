import Testing

@testable import HealthModel

/// Dates moved by whole days: instants by 86,400 seconds a day with their written offset, text on
/// the calendar with its time and offset as written.
@Suite struct DayShiftTests {
  @Test func movesAnInstantKeepingItsWrittenOffset() {
    let instant = Timestamp(secondsSince1970: 1_740_835_200, writtenUTCOffset: -18_000)
    let moved = DayShift(days: -30)(instant)
    #expect(moved.wholeSecondsSince1970 == 1_740_835_200 - 30 * 86_400)
    #expect(moved.writtenUTCOffset == -18_000)
    #expect(DayShift(days: 0)(instant) == instant)
    #expect(DayShift(days: 3)(nil as Timestamp?) == nil)
    #expect(DayShift(days: 2).seconds(100) == 172_900)
  }

  @Test func movesEveryDateWrittenInText() {
    let shift = DayShift(days: 30)
    #expect(shift.shiftingDates(in: "2026-03-01 08:00:00 -0500") == ("2026-03-31 08:00:00 -0500", true))
    #expect(shift.shiftingDates(in: "ecg_2026-02-10_1.csv") == ("ecg_2026-03-12_1.csv", true))
    #expect(shift.shiftingDates(in: "route_2024-02-15_7.30am.gpx") == ("route_2024-03-16_7.30am.gpx", true))
    #expect(shift.shiftingDates(in: "2025-12-20 to 2025-12-25") == ("2026-01-19 to 2026-01-24", true))
    #expect(DayShift(days: -1).shiftingDates(in: "2024-03-01T00:00:00Z") == ("2024-02-29T00:00:00Z", true))
    // Not dates: a longer run of digits, an impossible day, no date at all.
    #expect(shift.shiftingDates(in: "12026-03-01") == ("12026-03-01", false))
    #expect(shift.shiftingDates(in: "2026-02-30") == ("2026-02-30", false))
    #expect(shift.shiftingDates(in: "7:47:41.86 PM") == ("7:47:41.86 PM", false))
  }

  @Test func movesAFHIRDateKeepingItsPrecision() {
    let shift = DayShift(days: 45)
    #expect(shift.shiftingFHIRDate("2025-12-20") == "2026-02-03")
    #expect(shift.shiftingFHIRDate("2025-12-20T08:15:00.250-05:00") == "2026-02-03T08:15:00.250-05:00")
    #expect(shift.shiftingFHIRDate("2025-12") == "2026-01")
    #expect(shift.shiftingFHIRDate("2025") == "2025")
    #expect(DayShift(days: -1).shiftingFHIRDate("2025") == "2024")
    #expect(shift.shiftingFHIRDate("yesterday") == nil)
  }
}
