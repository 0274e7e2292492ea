import HealthExport
import Testing

@testable import HealthReport

/// Which days a time axis labels: the finest rule that fits.
@Suite struct DayTicksTests {
  private func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

  @Test func labelsEveryDayWhereTheyFit() {
    #expect(
      DayTicks.days(from: day("2026-01-05"), through: day("2026-01-07"), maximum: 7)
        == [day("2026-01-05"), day("2026-01-06"), day("2026-01-07")])
  }

  @Test func labelsEveryOtherDayThenMondays() {
    let first = day("2026-06-01")
    #expect(
      DayTicks.days(from: first, through: day("2026-06-10"), maximum: 6).map(\.description)
        == ["2026-06-02", "2026-06-04", "2026-06-06", "2026-06-08", "2026-06-10"])
    #expect(
      DayTicks.days(from: day("2026-05-17"), through: day("2026-06-30"), maximum: 7).map(\.description)
        == ["2026-05-18", "2026-05-25", "2026-06-01", "2026-06-08", "2026-06-15", "2026-06-22", "2026-06-29"])
  }

  @Test func labelsThe1stAndThe15th() {
    #expect(
      DayTicks.days(from: day("2026-05-17"), through: day("2026-06-30"), maximum: 3).map(\.description)
        == ["2026-06-01", "2026-06-15"])
    #expect(
      DayTicks.days(from: day("2026-05-01"), through: day("2026-07-31"), maximum: 6).map(\.description)
        == ["2026-05-01", "2026-05-15", "2026-06-01", "2026-06-15", "2026-07-01", "2026-07-15"])
  }

  @Test func labelsMonthsThenYears() {
    #expect(
      DayTicks.days(from: day("2026-01-10"), through: day("2026-06-30"), maximum: 7).map(\.description)
        == ["2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"])
    #expect(
      DayTicks.days(from: day("2025-01-01"), through: day("2026-01-31"), maximum: 7).map(\.description)
        == ["2025-01-01", "2025-03-01", "2025-05-01", "2025-07-01", "2025-09-01", "2025-11-01", "2026-01-01"])
    #expect(
      DayTicks.days(from: day("2011-03-01"), through: day("2026-06-30"), maximum: 6).map(\.description)
        == ["2015-01-01", "2020-01-01", "2025-01-01"])
  }

  @Test func labelsTheFirstDayWhereNoRuleFits() {
    #expect(
      DayTicks.days(from: day("2026-03-04"), through: day("2026-03-04"), maximum: 1) == [day("2026-03-04")])
  }
}
