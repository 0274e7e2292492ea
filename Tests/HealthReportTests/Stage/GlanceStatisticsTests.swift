import HealthExport
import Testing

@testable import HealthReport

/// A series summed up for "At a glance", and the range it is compared with.
@Suite struct GlanceStatisticsTests {
  @Test func summarizesASeries() throws {
    let statistics = try #require(GlanceStatistics([(1, 5), (1, 7), (3, 1), (4, 9)]))
    #expect(statistics.latest == 9)
    #expect(statistics.latestDay == 4)
    // 1, 5, 7, 9: the mean of the two middle values.
    #expect(statistics.median == 6)
    #expect(statistics.minimum == 1)
    #expect(statistics.maximum == 9)
    #expect(statistics.daysWithData == 3)
    #expect(GlanceStatistics([(2, 4), (3, 8), (3, 2)])?.median == 4)
    #expect(GlanceStatistics([]) == nil)
  }

  @Test func comparesWithAsManyDaysJustBefore() {
    #expect(GlanceComparison.widened(.lastDays(30)) == .lastDays(60))
    let first = CalendarDay(year: 2026, month: 1, day: 1)
    let tenth = CalendarDay(year: 2026, month: 1, day: 10)
    #expect(
      GlanceComparison.widened(.custom(from: first, to: tenth))
        == .custom(from: CalendarDay(year: 2025, month: 12, day: 22), to: tenth))
    #expect(GlanceComparison.widened(.custom(from: first, to: nil)) == nil)
    #expect(GlanceComparison.widened(.all) == nil)
    #expect(GlanceComparison.widened(.lastRecords(5)) == nil)
  }
}
