import Testing

@testable import HealthReport

/// Trailing means over calendar days.
@Suite struct TrailingMeanTests {
  @Test func averagesTheValuesOfTheDaysInTheWindow() {
    let values: [(day: Int64, value: Double)] = [(1, 10), (1, 20), (3, 30), (8, 40), (9, 50)]
    let means = TrailingMean.means(of: values, days: 7)
    #expect(means.map(\.day) == [1, 3, 8, 9])
    // Day 8's window is days 2…8: 30 and 40; day 9's is 3…9.
    #expect(means.map(\.mean) == [15, 20, 35, 40])
  }

  @Test func aWindowOfOneDayIsThatDaysMean() {
    let means = TrailingMean.means(of: [(5, 1), (5, 2), (6, 4)], days: 1)
    #expect(means.map(\.mean) == [1.5, 4])
  }
}
