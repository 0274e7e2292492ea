import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthDatabase

/// The `summaries` table holds, for each period, the rows the summary CSV writes for it: the same
/// metrics, digits, counts and sources.
@Suite struct DatabaseSummariesTests {
  /// A row as text both outputs can give: numbers read back as numbers.
  static func normalized(_ fields: [String]) -> String {
    fields.enumerated().map { index, field in
      guard [2, 4, 5].contains(index), let number = Double(field) else { return field }
      return String(number)
    }.joined(separator: "|")
  }

  /// Three weeks in June, and three across a new year (weeks then belong to the year of their
  /// Monday: the database makes them one year at a time).
  @Test(arguments: [SummaryPeriod.day, .week, .month], [6, 1])
  func holdsTheRowsOfTheSummaryCSV(period: SummaryPeriod, endMonth: Int) throws {
    let end = CivilDateTime(year: 2026, month: endMonth, day: endMonth == 1 ? 10 : 30)
    let export = try SampleExport(configuration: SampleConfiguration(days: 21, end: end))
    let zone = TimeZone(identifier: "America/New_York")!
    let now = Timestamp(secondsSince1970: 1_768_910_400)
    var csv: [UInt8] = []
    _ = try SummaryExport(
      selection: SummarySelection(period: period, range: .all, timeZone: .named(zone)), now: now
    )
    .run(
      source: export.source(), destination: .sink { csv.append($0) }, diagnostics: Diagnostics())
    let expected = String(decoding: csv, as: UTF8.self).split(separator: "\n").dropFirst(4).map {
      Self.normalized(CSVFields.split(String($0)))
    }
    let database = try ExportedDatabase(source: export.source(), timeZone: "America/New_York")
    let actual = try database.connection.rows(
      """
      SELECT period_start, metric, value, unit, minimum, maximum, count, sources FROM summaries
      WHERE period = '\(period.rawValue)' ORDER BY rowid
      """
    ).map { row in
      Self.normalized(
        row.map { value in
          if case .real(let number) = value { return String(number) }
          return value.description
        })
    }
    #expect(expected.count > 20)
    #expect(
      actual == expected,
      "\(Golden.difference(expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n")).prefix(2000))"
    )
  }

  /// Steps per day counted once, as docs/database.md shows the query.
  @Test func answersStepsPerDayCountedOnce() throws {
    let export = try SampleExport(configuration: SampleConfiguration(days: 3))
    let database = try ExportedDatabase(source: export.source(), timeZone: "America/New_York")
    let rows = try database.lines(
      "SELECT period_start, value FROM summaries WHERE period = 'day' AND metric = 'Steps' ORDER BY period_start"
    )
    let raw = try database.lines(
      """
      SELECT date(start_unix, 'unixepoch', '-4 hours'), sum(value) FROM records
      WHERE type = 'HKQuantityTypeIdentifierStepCount' GROUP BY 1 ORDER BY 1
      """)
    #expect(rows.count == 3)
    // Summing the records counts the walks both the iPhone and the Watch recorded twice.
    for (summary, sum) in zip(rows, raw) {
      let counted = try #require(Double(summary.split(separator: "|")[1]))
      let summed = try #require(Double(sum.split(separator: "|")[1]))
      #expect(counted < summed)
    }
  }
}
