import Foundation
import HealthExport
import HealthModel
import HealthReport
import HealthTestSupport
import Testing

/// Blood pressure by the reading, the respiration section, and series denser than a chart shows
/// apart, on crafted exports.
@Suite struct ReportPageSeriesTests {
  private func record(_ type: String, _ value: String, _ unit: String, from start: String) -> String {
    ExportXML.record(type, value: value, unit: unit, source: "Cuff", device: nil, start: start, end: nil)
  }

  private func pressure(_ systolic: String, _ diastolic: String, _ date: String) -> String {
    " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" startDate=\"\(date)\" endDate=\"\(date)\">\n"
      + record("BloodPressureSystolic", systolic, "mmHg", from: date)
      + record("BloodPressureDiastolic", diastolic, "mmHg", from: date) + " </Correlation>\n"
  }

  @Test func bloodPressureIsOneReadingPerRowAndOneStrokeEach() throws {
    let body = [
      pressure("120", "80", "2026-01-18 08:00:00 -0500"), pressure("130", "84", "2026-01-19 08:00:00 -0500"),
      record("BloodPressureSystolic", "125", "mmHg", from: "2026-01-20 08:00:00 -0500"),
    ].joined()
    let page = try ReportTest.page(body)
    #expect(
      ReportTables.parse(page.html)["blood-pressure"] == [
        ["2026-01-18 08:00:00", "120/80", "Cuff"], ["2026-01-19 08:00:00", "130/84", "Cuff"],
        ["2026-01-20 08:00:00", "125/–", "Cuff"],
      ])
    // The systolic marks, then the diastolic ones, each titled with its whole reading.
    #expect(
      ReportTables.titles(inFigure: "blood-pressure", of: page.html) == [
        "2026-01-18 08:00:00: 120/80 mmHg, Cuff", "2026-01-19 08:00:00: 130/84 mmHg, Cuff",
        "2026-01-20 08:00:00: 125/– mmHg, Cuff", "2026-01-18 08:00:00: 120/80 mmHg, Cuff",
        "2026-01-19 08:00:00: 130/84 mmHg, Cuff",
      ])
    // A stroke from diastolic to systolic for each whole reading, in each of the two charts.
    let strokes = page.html.components(separatedBy: "<path class=\"line c8 d0 stroke\" d=\"").dropFirst()
    #expect(strokes.count == 2)
    #expect(strokes.allSatisfy { $0.prefix { $0 != "\"" }.filter { $0 == "V" }.count == 2 })
  }

  /// Oxygen saturation in % (0.975 → 97.50), temperature in the unit chosen (98.6 °F → 37.00 °C),
  /// as the summary writes its means.
  @Test func respirationAndTemperatureAreDailyMeansInTheCSVsUnits() throws {
    var selection = ReportTest.selection()
    selection.units = UnitPreferences(weight: .pounds, temperature: .celsius)
    let body = [
      record("OxygenSaturation", "0.97", "%", from: "2026-01-15 02:00:00 -0500"),
      record("OxygenSaturation", "0.98", "%", from: "2026-01-15 03:00:00 -0500"),
      record("RespiratoryRate", "14", "count/min", from: "2026-01-15 02:00:00 -0500"),
      record("BodyTemperature", "98.6", "degF", from: "2026-01-15 08:00:00 -0500"),
      record("VO2Max", "41.5", "mL/min·kg", from: "2026-01-15 18:00:00 -0500"),
    ].joined()
    let page = try ReportTest.page(body, selection: selection)
    #expect(page.summary.sections == ["glance", "heart", "respiration", "overview"])
    let tables = ReportTables.parse(page.html)
    // Day, mean, lowest, highest, readings.
    #expect(tables["oxygen-saturation"] == [["2026-01-15", "97.50", "97.0", "98.0", "2"]])
    #expect(tables["respiratory-rate"] == [["2026-01-15", "14.00", "14.0", "14.0", "1"]])
    #expect(tables["body-temperature"] == [["2026-01-15", "37.00", "37.0", "37.0", "1"]])
    #expect(tables["vo2-max"] == [["2026-01-15", "41.50", "41.5", "41.5", "1"]])
  }

  @Test func aDenseSeriesIsDrawnByTheWeekAndListedInFull() throws {
    // A weight every day for 200 days: more than the chart shows apart, over 30 weeks.
    let first = CalendarDay(year: 2025, month: 6, day: 1)
    let body = (0..<200).map { index in
      let day = CalendarDay(dayNumber: first.dayNumber + Int64(index))
      let date = String(format: "%04d-%02d-%02d 07:00:00 -0400", day.year, day.month, day.day)
      return record("BodyMass", "\(150 + index % 3)", "lb", from: date)
    }.joined()
    let page = try ReportTest.page(body)
    #expect(
      page.html.contains(
        "Each point is the mean of a week&#39;s readings, its stroke from the lowest to the highest."))
    let titles = ReportTables.titles(inFigure: "weight", of: page.html)
    // 2025-06-01 was a Sunday: alone in its week.
    #expect(titles.count == 30)
    #expect(titles.first == "week of 2025-05-26: mean 150.00 lbs, 1 reading")
    #expect(titles[1] == "week of 2025-06-02: mean 151.00 lbs (150.00–152.00), 7 readings")
    // The table still has every reading.
    #expect(ReportTables.parse(page.html)["weight"]?.count == 200)
  }

  @Test func aSeriesOfThousandsOfReadingsIsListedPerDay() throws {
    // 70 glucose readings a day for 30 days: 2100, more than a table lists.
    let body = (0..<2100).map { index in
      let date = String(
        format: "2026-01-%02d %02d:%02d:00 -0500", index / 70 + 1, index % 70 / 6, index % 6 * 10)
      return record("BloodGlucose", "\(100 + index % 10 * 2)", "mg/dL", from: date)
    }.joined()
    let page = try ReportTest.page(body)
    #expect(page.html.contains("<summary>The numbers (2100 readings, per day: 30 days)</summary>"))
    let rows = try #require(ReportTables.parse(page.html)["glucose"])
    #expect(rows.count == 30)
    #expect(rows.first == ["2026-01-01", "70", "109", "100", "118"])
    // Drawn by the day: each day's mean and spread.
    #expect(
      ReportTables.titles(inFigure: "glucose", of: page.html).first
        == "2026-01-01: mean 109 mg/dL (100–118), 70 readings")
  }
}
