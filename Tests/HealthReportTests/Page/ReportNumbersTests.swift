import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import HealthTestSupport
import SystemShim
import Testing

/// Every number the report of the built-in sample shows is the one the record CSV or the summary
/// gives for the same input: its tables are read back from the page and compared, row by row.
@Suite struct ReportNumbersTests {
  /// The three outputs of the sample, made once for all the tests.
  struct Outputs {
    var tables: [String: [[String]]]
    var html: String
    var csv: [[String]]
    var summary: [[String]]

    init() throws {
      let page = try ReportTest.page(
        of: try ReportTest.sample(), selection: ReportTest.selection(), now: ReportTest.sampleNow)
      html = page.html
      tables = ReportTables.parse(page.html)
      let registry = MetricRegistry.standard
      var csvBytes: [UInt8] = []
      _ = try CSVExport(
        selection: ExportSelection(
          baseMetrics: registry.baseMetrics.filter { ["weight", "glucose"].contains($0.optionName) },
          vitals: registry.vitals.filter { ["blood-pressure", "body-fat", "bmi"].contains($0.optionName) },
          labs: registry.labs, range: .all, timeZone: .named(ReportTest.newYork)),
        now: ReportTest.sampleNow
      ).run(
        source: try ReportTest.sample(), destination: .sink { csvBytes.append($0) },
        diagnostics: Diagnostics())
      csv = ReportTest.csvRows(String(decoding: csvBytes, as: UTF8.self))
      var summaryBytes: [UInt8] = []
      _ = try SummaryExport(
        selection: SummarySelection(range: .all, timeZone: .named(ReportTest.newYork)),
        now: ReportTest.sampleNow
      ).run(
        source: try ReportTest.sample(), destination: .sink { summaryBytes.append($0) },
        diagnostics: Diagnostics())
      summary = ReportTest.csvRows(String(decoding: summaryBytes, as: UTF8.self))
    }
  }

  private static let outputs = Result { try Outputs() }

  let tables: [String: [[String]]]
  let html: String
  let csv: [[String]]
  let summary: [[String]]

  init() throws {
    let outputs = try Self.outputs.get()
    tables = outputs.tables
    html = outputs.html
    csv = outputs.csv
    summary = outputs.summary
  }

  /// The CSV's rows of `metric`: date, value, source (and meal time for glucose).
  private func csvRows(_ metric: String) -> [[String]] {
    csv.filter { $0[1] == metric }.map { [$0[0], $0[3], $0[5], $0[6]] }
  }

  /// The summary's rows of `metric`: period, value, min, max, count, sources.
  private func summaryRows(_ metric: String) -> [[String]] {
    summary.filter { $0[1] == metric }.map { [$0[0], $0[2], $0[4], $0[5], $0[6], $0[7]] }
  }

  struct ReadingCase: CustomTestStringConvertible, Sendable {
    var chart: String
    var metric: String
    var testDescription: String { chart }
  }

  @Test(arguments: [
    ReadingCase(chart: "weight", metric: "Weight"),
    ReadingCase(chart: "body-fat", metric: "Body Fat Percentage"),
    ReadingCase(chart: "bmi", metric: "Body Mass Index"),
  ])
  func readingsAreTheCSVs(_ example: ReadingCase) throws {
    let rows = try #require(tables[example.chart])
    let expected = csvRows(example.metric)
    #expect(!expected.isEmpty)
    #expect(rows.map { [$0[0], $0[1], $0.last!] } == expected.map { [$0[0], $0[1], $0[2]] })
  }

  @Test func theWeightAverageIsTheMeanOfTheWeekShown() throws {
    let rows = try #require(tables["weight"])
    let days = rows.map { CalendarDay(parsing: String($0[0].prefix(10)))! }
    for (index, row) in rows.enumerated() {
      let window = rows.indices.filter {
        days[$0] <= days[index] && days[$0].dayNumber > days[index].dayNumber - 7
      }
      let mean = window.map { Double(rows[$0][1])! }.reduce(0, +) / Double(window.count)
      // The readings shown are rounded to hundredths; their mean differs from the mean of the
      // readings themselves by no more than that rounding.
      #expect(abs(Double(row[2])! - mean) <= 0.01, "\(row)")
    }
  }

  @Test func glucoseIsTheCSVsWithItsMealTime() throws {
    let rows = try #require(tables["glucose"])
    #expect(rows == csvRows("Blood Glucose").map { [$0[0], $0[1], $0[3], $0[2]] })
    #expect(rows.contains { $0[2] == "Before Meal" } && rows.contains { $0[2] == "After Meal" })
  }

  @Test func bloodPressurePairsTheCSVsComponents() throws {
    let rows = try #require(tables["blood-pressure"])
    let systolic = csvRows("Blood Pressure Systolic").map { [$0[0], $0[1], $0[2]] }
    let diastolic = csvRows("Blood Pressure Diastolic").map { [$0[0], $0[1], $0[2]] }
    // One reading per row: `128/79`, its time and source.
    #expect(rows.allSatisfy { $0.count == 3 })
    let pairs = rows.map { $0[1].split(separator: "/").map(String.init) }
    #expect(pairs.allSatisfy { $0.count == 2 && !$0.contains("–") })
    #expect(zip(rows, pairs).map { [$0.0[0], $0.1[0], $0.0[2]] } == systolic)
    #expect(zip(rows, pairs).map { [$0.0[0], $0.1[1], $0.0[2]] } == diastolic)
    #expect(rows.count == systolic.count)
  }

  @Test func labsAreTheCSVsWithTheirRanges() throws {
    let labRows = tables.filter { $0.key.hasPrefix("lab-") }.values.flatMap { $0 }
    let expected = csv.filter { !$0[2].isEmpty }.map { [$0[0], $0[2], $0[3], $0[4], $0[5]] }
    #expect(expected.count == 38)
    // Date, LOINC, value, unit, source.
    #expect(
      labRows.map { [$0[0], $0[3], $0[1], $0[2], $0[6]] }.sorted { $0.lexicographicallyPrecedes($1) }
        == expected.sorted { $0.lexicographicallyPrecedes($1) })
    // The generated results outside their range are flagged, and only those.
    let flagged = labRows.filter { ["high", "low"].contains($0[5]) }
    #expect(flagged.count == 3)
    for row in labRows where !row[4].isEmpty {
      let value = try #require(Double(row[1]))
      let range = row[4]
      let outside: Bool
      if range.hasPrefix("≥ ") {
        outside = value < (try #require(Double(range.dropFirst(2))))
      } else if range.hasPrefix("≤ ") {
        outside = value > (try #require(Double(range.dropFirst(2))))
      } else {
        let bounds = try range.split(separator: "–").map { try #require(Double($0)) }
        outside = value < bounds[0] || value > bounds[1]
      }
      #expect(outside == (row[5] != "in range"), "\(row)")
    }
  }

  struct DailyCase: CustomTestStringConvertible, Sendable {
    var chart: String
    var metric: String
    var testDescription: String { chart }
  }

  @Test(arguments: [
    DailyCase(chart: "steps", metric: "Steps"),
    DailyCase(chart: "distance", metric: "DistanceWalkingRunning"),
  ])
  func dailyTotalsAreTheSummarys(_ example: DailyCase) throws {
    let rows = try #require(tables[example.chart])
    let expected = summaryRows(example.metric)
    #expect(!expected.isEmpty)
    #expect(rows.map { [$0[0], $0[1], $0.last!] } == expected.map { [$0[0], $0[1], $0[5]] })
  }

  @Test func theStepsAverageIsTheMeanOfTheMonthShown() throws {
    let rows = try #require(tables["steps"])
    let days = rows.map { CalendarDay(parsing: $0[0])!.dayNumber }
    for (index, row) in rows.enumerated() {
      let window = rows.indices.filter { days[$0] <= days[index] && days[$0] > days[index] - 30 }
      let mean = window.map { Double(rows[$0][1])! }.reduce(0, +) / Double(window.count)
      #expect(abs(Double(row[2])! - mean) <= 1, "\(row)")
    }
  }

  @Test(arguments: [
    ("heart-rate", ["Resting Heart Rate", "Walking Heart Rate Average"]),
    ("hrv", ["Heart Rate Variability (SDNN)"]),
    ("vo2-max", ["VO2 Max"]),
    ("oxygen-saturation", ["Oxygen Saturation"]),
    ("respiratory-rate", ["Respiratory Rate"]),
    ("body-temperature", ["Body Temperature"]),
  ])
  func dailyMeansAreTheSummarys(_ chart: String, _ metrics: [String]) throws {
    let rows = try #require(tables[chart])
    // A chart of one metric does not name it in its table.
    let expected = summary.filter { metrics.contains($0[1]) }.map {
      [$0[0]] + (metrics.count > 1 ? [$0[1]] : []) + [$0[2], $0[4], $0[5], $0[6]]
    }
    #expect(!expected.isEmpty)
    #expect(rows == expected)
  }

  /// Each night the report shows is the summary's night of the same name, stage by stage: the
  /// same minutes, counted once by the same rules.
  @Test func sleepIsTheSummarysNights() throws {
    let rows = try #require(tables["sleep"])
    let headers = ["Deep", "Core", "REM", "Awake", "Asleep in all", "In bed"]
    let metrics = [
      "Sleep AsleepDeep", "Sleep AsleepCore", "Sleep AsleepREM", "Sleep Awake", "Sleep Asleep Total",
      "Sleep InBed",
    ]
    #expect(rows.count == 45)
    for (column, metric) in metrics.enumerated() {
      let nights = Dictionary(uniqueKeysWithValues: summaryRows(metric).map { ($0[0], $0[1]) })
      for row in rows {
        #expect(row[column + 1] == (nights[row[0]] ?? ""), "\(headers[column]) of the night to \(row[0])")
      }
    }
  }

  @Test func theHoverValuesAreTheTables() throws {
    let weights = try #require(tables["weight"])
    #expect(
      ReportTables.titles(inFigure: "weight", of: html) == weights.map { "\($0[0]): \($0[1]) lbs, \($0[3])" })
    let steps = try #require(tables["steps"])
    #expect(ReportTables.titles(inFigure: "steps", of: html) == steps.map { "\($0[0]): \($0[1]) steps" })
  }

  @Test func theOverviewCountsWhatInspectCounts() throws {
    let inspection = try ExportInspection.inspect(try ReportTest.sample())
    let kinds = try #require(tables["kinds"])
    #expect(
      kinds.map { [$0[1], $0[2]] }.sorted { $0[0] < $1[0] }
        == inspection.recordTypes.map { [$0.type, "\($0.count)"] })
    #expect(html.contains("<dt>Workouts</dt><dd>\(inspection.workouts.reduce(0) { $0 + $1.count })</dd>"))
  }
}
