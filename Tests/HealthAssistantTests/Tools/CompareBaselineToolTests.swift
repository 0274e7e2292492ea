import Foundation
import HealthArchive
import Testing

@testable import HealthAssistant

/// `compare` and `baseline` on summary rows of known values: two weeks of flights climbed (a
/// cumulative metric) and ten days of resting heart rate (a discrete one), each value and count
/// chosen so that totals, weighted means and quartiles come out exact.
@Suite struct CompareBaselineToolTests {
  /// Flights: Monday 2026-01-05 to Sunday 01-11 climb 1 to 7 (28), Monday 01-12 to Friday 01-16
  /// climb 10 a day (50), the weekend none; the two weeks' rows too. Resting heart rate: 2026-01-01 to 01-10, the first
  /// day's mean of 3 samples.
  static let rows: String = {
    var values: [String] = []
    for day in 5...11 {
      values.append(
        "('day', '2026-01-\(String(format: "%02d", day))', 'HKQuantityTypeIdentifierFlightsClimbed', 'Flights Climbed', \(day - 4), 'count', NULL, NULL, 1, 'Watch')"
      )
    }
    for day in 12...16 {
      values.append(
        "('day', '2026-01-\(day)', 'HKQuantityTypeIdentifierFlightsClimbed', 'Flights Climbed', 10, 'count', NULL, NULL, 1, 'Watch')"
      )
    }
    for (week, total, days) in [("05", 28, 7), ("12", 50, 5)] {
      values.append(
        "('week', '2026-01-\(week)', 'HKQuantityTypeIdentifierFlightsClimbed', 'Flights Climbed', \(total), 'count', NULL, NULL, \(days), 'Watch')"
      )
    }
    let resting = [60, 62, 58, 61, 59, 63, 60, 57, 64, 75]
    for (index, value) in resting.enumerated() {
      values.append(
        "('day', '2026-01-\(String(format: "%02d", index + 1))', 'HKQuantityTypeIdentifierRestingHeartRate', 'Resting Heart Rate', \(value), 'bpm', \(value), \(value), \(index == 1 ? 3 : 1), 'Watch')"
      )
    }
    return "INSERT INTO summaries VALUES " + values.joined(separator: ",\n")
  }()

  private func fixture() throws -> ToolFixture { try ToolFixture(extraSQL: Self.rows) }

  private func compact(_ value: JSONValue?) -> String {
    value.map { String(decoding: JSONWriter.bytes(of: $0), as: UTF8.self) } ?? "nil"
  }

  // MARK: - compare

  @Test func comparesTheWeeksThatHoldTwoDays() throws {
    let result = try fixture().success(
      "compare",
      ["metric": "Flights Climbed", "period": "week", "first": "2026-01-07", "second": "2026-01-18"])
    #expect(
      compact(result)
        == #"{"metric":"Flights Climbed","type":"HKQuantityTypeIdentifierFlightsClimbed","period":"week","rows":[{"metric":"Flights Climbed","unit":"count","first":{"from":"2026-01-05","to":"2026-01-11","value":28,"days_with_data":7,"days":7},"second":{"from":"2026-01-12","to":"2026-01-18","value":50,"days_with_data":5,"days":7},"difference":22,"percent_change":78.57142857142857}]}"#
    )
  }

  @Test func comparesMonthsAndDays() throws {
    let fixture = try fixture()
    let months = try fixture.success(
      "compare",
      ["metric": "Flights Climbed", "period": "month", "first": "2025-12-25", "second": "2026-01-31"])
    #expect(
      compact(months["rows"]?[0]?["first"])
        == #"{"from":"2025-12-01","to":"2025-12-31","value":null,"days_with_data":0,"days":31}"#)
    #expect(
      compact(months["rows"]?[0]?["second"])
        == #"{"from":"2026-01-01","to":"2026-01-31","value":78,"days_with_data":12,"days":31}"#)
    #expect(months["rows"]?[0]?["difference"] == .null && months["rows"]?[0]?["percent_change"] == .null)
    let days = try fixture.success(
      "compare",
      ["metric": "Flights Climbed", "period": "day", "first": "2026-01-05", "second": "2026-01-12"])
    #expect(days["rows"]?[0]?["difference"] == 9)
    #expect(days["rows"]?[0]?["percent_change"] == 900)
  }

  /// Means of several days are weighted by their samples, as a week's summary row is.
  @Test func comparesTwoRangesOfDaysOfADiscreteMetric() throws {
    let result = try fixture().success(
      "compare",
      [
        "metric": "Resting Heart Rate", "first_from": "2026-01-01", "first_to": "2026-01-02",
        "second_from": "2026-01-09", "second_to": "2026-01-10",
      ])
    #expect(result["period"] == "custom")
    let row = result["rows"]?[0]
    #expect(row?["first"]?["value"] == 61.5)
    #expect(row?["second"]?["value"] == 69.5)
    #expect(row?["difference"] == 8)
    #expect(row?["percent_change"]?.doubleValue == 8.0 / 61.5 * 100)
    #expect(row?["unit"] == "bpm")
  }

  @Test func refusesPeriodsNamedBadly() throws {
    let fixture = try fixture()
    #expect(
      try fixture.failure("compare", ["metric": "Steps"])
        == "Name the two periods: 'first' and 'second' (a day of each, yyyy-MM-dd, with 'period' day, week or month), or 'first_from', 'first_to', 'second_from' and 'second_to'."
    )
    #expect(
      try fixture.failure(
        "compare",
        ["metric": "Steps", "first": "2026-01-01", "second": "2026-01-08", "first_from": "2026-01-01"])
        == "Name the two periods either by 'first' and 'second' (with 'period') or by 'first_from', 'first_to', 'second_from' and 'second_to', not both."
    )
    #expect(
      try fixture.failure(
        "compare", ["metric": "Steps", "first_from": "2026-01-01", "first_to": "2026-01-02"])
        == "Two ranges need all four days: 'second_from', 'second_to' are missing.")
    #expect(
      try fixture.failure(
        "compare",
        [
          "metric": "Steps", "first_from": "2026-01-03", "first_to": "2026-01-02",
          "second_from": "2026-01-09",
          "second_to": "2026-01-10",
        ]) == "'first_from' (2026-01-03) is after 'first_to' (2026-01-02); the range would hold no day.")
    #expect(
      try fixture.failure(
        "compare", ["metric": "Steps", "period": "year", "first": "2026-01-01", "second": "2025-01-01"]
      )
      .hasPrefix("The argument 'period' is"))
  }

  /// Periods with no data say where the data is.
  @Test func sayWhereTheDataIsWhenNeitherPeriodHasAny() throws {
    let result = try fixture().success(
      "compare", ["metric": "Steps", "first": "2025-06-02", "second": "2025-06-09"])
    #expect(result["rows"] == [])
    #expect(result["data_from"] == "2026-01-09" && result["data_to"] == "2026-01-09")
    #expect(
      result["note"]
        == "No Steps from 2025-06-02 through 2025-06-15 (days in America/New_York). The data runs from 2026-01-09 to 2026-01-09: ask for days between them."
    )
  }

  // MARK: - baseline

  /// Seven days before 2026-01-10: 58, 61, 59, 63, 60, 57, 64; quartiles at ranks 1.5, 3 and 4.5.
  @Test func placesTheLatestDayAboveTheQuartilesOfTheDaysBefore() throws {
    let result = try fixture().success("baseline", ["metric": "Resting Heart Rate", "days": 7])
    #expect(
      compact(result["rows"]?[0])
        == #"{"metric":"Resting Heart Rate","unit":"bpm","latest_period":"2026-01-10","latest_value":75,"history_from":"2026-01-03","history_to":"2026-01-09","periods":7,"median":60,"lower_quartile":58.5,"upper_quartile":62,"position":"above","note":"Resting Heart Rate on the latest day with data (2026-01-10) is 75 bpm: above the usual range, 58.5 to 62 bpm (the middle half of the 7 days with data from 2026-01-03 to 2026-01-09; median 60)."}"#
    )
  }

  /// The bounds are inside: 10 flights against 5, 6, 7, 10, 10, 10, 10.
  @Test func aLatestValueOnTheUpperQuartileIsInside() throws {
    let result = try fixture().success("baseline", ["metric": "Flights Climbed", "days": 7])
    let row = result["rows"]?[0]
    #expect(row?["latest_period"] == "2026-01-16")
    #expect(row?["lower_quartile"] == 6.5 && row?["median"] == 10 && row?["upper_quartile"] == 10)
    #expect(row?["position"] == "inside")
  }

  @Test func weeksAndTooShortAHistory() throws {
    let fixture = try fixture()
    let weeks = try fixture.success("baseline", ["metric": "Flights Climbed", "period": "week"])
    #expect(weeks["rows"]?[0]?["position"] == .null)
    #expect(
      weeks["rows"]?[0]?["note"]
        == "Flights Climbed on the latest week with data (week of 2026-01-12) is 50 count; a usual range needs at least 3 weeks with data before it, and 2025-10-14 to 2026-01-11 has 1."
    )
    #expect(
      try fixture.failure("baseline", ["metric": "Flights Climbed", "days": 3]).hasPrefix(
        "The argument 'days'"))
  }
}
