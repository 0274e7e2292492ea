import HealthExport
import HealthReport
import Testing

@Suite struct DayBucketsTests {
  private func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

  @Test func drawsEachValueWhereTheyAreFewEnough() {
    #expect(
      DayBuckets(from: day("2026-01-01"), through: day("2026-12-31"), valueCount: 140, maximum: 140) == nil)
  }

  @Test(arguments: [
    // 140 days hold 140 daily marks; 141 days do not, and hold 22 weeks.
    ("2026-01-01", "2026-05-20", DayBuckets.Length.day),
    ("2026-01-01", "2026-05-21", .week),
    // 973 days touch at most 140 weeks; 1004 days touch more, and are drawn by the month.
    ("2020-01-01", "2022-08-30", .week),
    ("2020-01-01", "2022-09-30", .month),
  ])
  func choosesTheFinestPeriodThatFits(_ first: String, _ last: String, _ expected: DayBuckets.Length) {
    #expect(
      DayBuckets(from: day(first), through: day(last), valueCount: 5000, maximum: 140)?.length == expected)
  }

  @Test func weeksStartOnMondayAndMonthsOnTheFirst() {
    let week = DayBuckets(length: .week)
    // 2026-01-04 was a Sunday; 2025-12-29 the Monday before it.
    #expect(week.start(of: day("2026-01-04").dayNumber) == day("2025-12-29").dayNumber)
    #expect(week.start(of: day("2026-01-05").dayNumber) == day("2026-01-05").dayNumber)
    #expect(week.start(of: day("1969-12-31").dayNumber) == day("1969-12-29").dayNumber)
    let month = DayBuckets(length: .month)
    #expect(month.start(of: day("2024-02-29").dayNumber) == day("2024-02-01").dayNumber)
    #expect(month.dayCount(from: day("2024-02-01").dayNumber) == 29)
    #expect(month.dayCount(from: day("2025-12-01").dayNumber) == 31)
  }

  @Test func groupsValuesIntoPeriodsOldestFirst() {
    let values: [(day: Int64, value: Double)] = [
      (day("2026-01-06").dayNumber, 4), (day("2026-01-04").dayNumber, 9),
      (day("2026-01-05").dayNumber, 1), (day("2026-01-11").dayNumber, 7),
    ]
    let buckets = DayBuckets(length: .week).group(values)
    #expect(buckets.map(\.start) == [day("2025-12-29").dayNumber, day("2026-01-05").dayNumber])
    #expect(buckets.map(\.count) == [1, 3])
    #expect(buckets[1].mean == 4)
    #expect(buckets[1].minimum == 1)
    #expect(buckets[1].maximum == 7)
    #expect(buckets[1].middle == Double(day("2026-01-05").dayNumber) + 3.5)
  }
}
