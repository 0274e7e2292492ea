import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import HealthTestSupport
import SystemShim
import Testing

/// The page of small crafted exports: what each section shows, exactly, and how.
@Suite struct ReportPageTests {
  static let watch =
    "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.0&gt;"
  static let phone =
    "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2&gt;"

  private func record(
    _ type: String, _ value: String, _ unit: String?, source: String = "Test Source", device: String? = nil,
    from start: String, to end: String? = nil
  ) -> String {
    ExportXML.record(type, value: value, unit: unit, source: source, device: device, start: start, end: end)
  }

  private func sleep(_ stage: String, source: String, device: String, from start: String, to end: String)
    -> String
  {
    record(
      "HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryValueSleepAnalysis\(stage)", nil, source: source,
      device: device, from: start, to: end)
  }

  @Test func atAGlanceGivesEachMeasureOverTheRangeAndItsChangeFromTheDaysBefore() throws {
    func weight(_ pounds: String, _ date: String) -> String {
      record("BodyMass", pounds, "lb", from: date)
    }
    func steps(_ count: String, _ date: String) -> String {
      record("StepCount", count, "count", from: date)
    }
    func pressure(_ systolic: String, _ diastolic: String, _ date: String) -> String {
      " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" startDate=\"\(date)\" endDate=\"\(date)\">\n"
        + record("BloodPressureSystolic", systolic, "mmHg", source: "Cuff", from: date)
        + record("BloodPressureDiastolic", diastolic, "mmHg", source: "Cuff", from: date)
        + " </Correlation>\n"
    }
    let body = [
      // The ten days before the range: what the change is from.
      weight("154", "2026-01-05 07:00:00 -0500"), weight("153", "2026-01-08 07:00:00 -0500"),
      steps("4000", "2026-01-03 12:00:00 -0500"),
      // The range, 2026-01-11 to 2026-01-20.
      weight("150", "2026-01-12 07:00:00 -0500"), weight("152", "2026-01-12 19:00:00 -0500"),
      weight("151", "2026-01-15 07:00:00 -0500"), weight("149", "2026-01-20 07:00:00 -0500"),
      steps("5000", "2026-01-14 12:00:00 -0500"), steps("7000", "2026-01-16 12:00:00 -0500"),
      pressure("120", "80", "2026-01-18 08:00:00 -0500"), pressure("130", "84", "2026-01-19 08:00:00 -0500"),
    ].joined()
    let range = DateRange.custom(
      from: CalendarDay(year: 2026, month: 1, day: 11), to: CalendarDay(year: 2026, month: 1, day: 20))
    let page = try ReportTest.page(body, selection: ReportTest.selection(range: range))
    #expect(page.summary.sections == ["glance", "body", "activity", "blood", "overview"])
    #expect(
      ReportTables.parse(page.html)["glance"] == [
        ["Weight (lbs)", "149.00 (2026-01-20)", "150.50", "149.00–152.00", "−3.00", "3 of 10 days"],
        ["Steps per day (steps)", "7000 (2026-01-16)", "6000", "5000–7000", "+2000", "2 of 10 days"],
        [
          "Blood pressure (mmHg)", "130/84 (2026-01-19)", "125/82", "120–130 / 80–84", "no data before",
          "2 of 10 days",
        ],
      ])
    #expect(page.html.contains("the change of the median from the 10 days before"))
    // Over all dates there is no range before to compare with.
    let all = try ReportTest.page(body)
    #expect(
      ReportTables.parse(all.html)["glance"]?.first
        == ["Weight (lbs)", "149.00 (2026-01-20)", "151.50", "149.00–154.00", "5 of 18 days"])
  }

  @Test func sleepIsCountedPerNightFromNoonToNoonOnceWhereSourcesOverlap() throws {
    let body = [
      sleep(
        "InBed", source: "Phone", device: Self.phone, from: "2026-01-09 22:00:00 -0500",
        to: "2026-01-10 06:00:00 -0500"),
      sleep(
        "InBed", source: "Watch", device: Self.watch, from: "2026-01-09 22:10:00 -0500",
        to: "2026-01-10 06:00:00 -0500"),
      sleep(
        "AsleepCore", source: "Watch", device: Self.watch, from: "2026-01-09 22:30:00 -0500",
        to: "2026-01-10 02:00:00 -0500"),
      sleep(
        "AsleepDeep", source: "Watch", device: Self.watch, from: "2026-01-10 02:00:00 -0500",
        to: "2026-01-10 03:00:00 -0500"),
      sleep(
        "AsleepREM", source: "Watch", device: Self.watch, from: "2026-01-10 03:00:00 -0500",
        to: "2026-01-10 05:30:00 -0500"),
      sleep(
        "Awake", source: "Watch", device: Self.watch, from: "2026-01-10 05:30:00 -0500",
        to: "2026-01-10 05:45:00 -0500"),
      // A nap after noon belongs to the next night.
      sleep(
        "AsleepUnspecified", source: "Watch", device: Self.watch, from: "2026-01-10 13:00:00 -0500",
        to: "2026-01-10 13:30:00 -0500"),
    ].joined()
    let page = try ReportTest.page(body)
    #expect(page.summary.sections == ["glance", "sleep", "overview"])
    let tables = ReportTables.parse(page.html)
    #expect(
      tables["sleep"] == [
        ["2026-01-10", "60.00", "210.00", "150.00", "", "15.00", "420.00", "480.00"],
        ["2026-01-11", "", "", "", "30.00", "", "30.00", ""],
      ])
    #expect(
      page.html.contains(
        "<table class=\"data n2 n3 n4 n5 n6 n7 n8\" data-chart=\"sleep\"><thead><tr><th scope=\"col\">Night to</th><th scope=\"col\">Deep (min)</th><th scope=\"col\">Core (min)</th><th scope=\"col\">REM (min)</th><th scope=\"col\">Asleep (no stage) (min)</th><th scope=\"col\">Awake (min)</th><th scope=\"col\">Asleep in all (min)</th><th scope=\"col\">In bed (min)</th>"
      ))
  }

  @Test func workoutsAreAddedUpPerWeekAndActivity() throws {
    let body = """
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-01-05 07:00:00 -0500" endDate="2026-01-05 07:30:00 -0500">
        <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-05 07:00:00 -0500" endDate="2026-01-05 07:30:00 -0500" sum="5" unit="km"/>
       </Workout>
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="20" durationUnit="min" totalDistance="3.1" totalDistanceUnit="mi" sourceName="Watch" startDate="2026-01-11 18:00:00 -0500" endDate="2026-01-11 18:20:00 -0500"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="1.5" durationUnit="hr" sourceName="Watch" startDate="2026-01-12 18:00:00 -0500" endDate="2026-01-12 19:30:00 -0500"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeYoga" sourceName="Watch" startDate="2026-01-13 07:00:00 -0500" endDate="2026-01-13 07:45:30 -0500"/>

      """
    let page = try ReportTest.page(body)
    #expect(page.summary.sections == ["workouts", "overview"])
    // Sunday the 11th is in the week of Monday the 5th; distances in km, the unit first in byte
    // order of the two that one workout each carries (3.1 mi = 4.99 km).
    #expect(
      ReportTables.parse(page.html)["workouts"] == [
        ["2026-01-05", "Running", "2", "50", "9.99"],
        ["2026-01-12", "Traditional Strength Training", "1", "90", ""],
        ["2026-01-12", "Yoga", "1", "46", ""],
      ])
    #expect(page.html.contains("<table class=\"data n3 n4 n5\" data-chart=\"workouts\">"))
    #expect(page.html.contains("<th scope=\"col\">Distance (km)</th>"))
  }

  @Test func dailyTotalsOfDistanceAndFlights() throws {
    let body = [
      record(
        "DistanceWalkingRunning", "1.5", "km", from: "2026-01-09 10:00:00 -0500",
        to: "2026-01-09 10:20:00 -0500"),
      record(
        "DistanceWalkingRunning", "800", "m", from: "2026-01-09 18:00:00 -0500",
        to: "2026-01-09 18:10:00 -0500"),
      record(
        "FlightsClimbed", "3", "count", from: "2026-01-10 09:00:00 -0500", to: "2026-01-10 09:05:00 -0500"),
    ].joined()
    let tables = ReportTables.parse(try ReportTest.page(body).html)
    #expect(tables["distance"] == [["2026-01-09", "2.30", "Test Source"]])
    #expect(tables["flights"] == [["2026-01-10", "3", "Test Source"]])
  }

  struct DateCase: CustomTestStringConvertible, Sendable {
    var format: DateFormat
    var reading: String
    var day: String
    var testDescription: String { format.optionName }
  }

  @Test(arguments: [
    DateCase(format: .standard, reading: "2026-01-09 10:30:00", day: "2026-01-09"),
    DateCase(format: .iso8601, reading: "2026-01-09T15:30:00Z", day: "2026-01-09T05:00:00Z"),
    DateCase(format: .ymdSlash, reading: "2026/01/09 10:30:00", day: "2026/01/09"),
    DateCase(format: .mdy, reading: "01/09/2026 10:30:00", day: "01/09/2026"),
    DateCase(format: .dmy, reading: "09 Jan 2026 10:30:00", day: "09 Jan 2026"),
  ])
  func writesDatesAsTheCSVAndTheSummaryDo(_ example: DateCase) throws {
    let body = [
      record("BodyMass", "85", "kg", source: "Withings", from: "2026-01-09 10:30:00 -0500"),
      record(
        "StepCount", "5432", "count", from: "2026-01-09 11:00:00 -0500", to: "2026-01-09 11:30:00 -0500"),
    ].joined()
    let page = try ReportTest.page(body, selection: ReportTest.selection(dateFormat: example.format))
    let tables = ReportTables.parse(page.html)
    #expect(tables["weight"] == [[example.reading, "187.39", "187.39", "Withings"]])
    #expect(tables["steps"] == [[example.day, "5432", "5432", "Test Source"]])
  }

  @Test func showsWeightInTheChosenUnit() throws {
    var selection = ReportTest.selection()
    selection.units = UnitPreferences(weight: .kilograms, temperature: .celsius)
    let page = try ReportTest.page(
      record("BodyMass", "185.5", "lb", source: "Withings", from: "2026-01-09 10:30:00 -0500"),
      selection: selection)
    #expect(
      ReportTables.parse(page.html)["weight"] == [["2026-01-09 10:30:00", "84.14", "84.14", "Withings"]])
    #expect(page.html.contains(">Weight (kg)</text>"))
  }

  @Test func showsOnlyTheRange() throws {
    let body = [
      record("BodyMass", "80", "kg", from: "2026-01-08 23:59:59 -0500"),
      record("BodyMass", "81", "kg", from: "2026-01-09 00:00:00 -0500"),
      record("BodyMass", "82", "kg", from: "2026-01-10 23:59:59 -0500"),
      record("BodyMass", "83", "kg", from: "2026-01-11 00:00:00 -0500"),
    ].joined()
    let from = CalendarDay(year: 2026, month: 1, day: 9)
    let to = CalendarDay(year: 2026, month: 1, day: 10)
    let page = try ReportTest.page(body, selection: ReportTest.selection(range: .custom(from: from, to: to)))
    #expect(ReportTables.parse(page.html)["weight"]?.map { $0[1] } == ["178.57", "180.78"])
    #expect(page.summary.firstDay == from)
    #expect(page.summary.lastDay == to)
    #expect(page.html.contains("<p class=\"range\">2026-01-09 to 2026-01-10</p>"))
  }

  @Test func refusesARangeOfRecords() throws {
    #expect(throws: ReportError.recordRange) {
      try ReportTest.page(
        record("BodyMass", "80", "kg", from: "2026-01-09 10:00:00 -0500"),
        selection: ReportTest.selection(range: .lastRecords(5)))
    }
  }

  @Test func writesNothingWhereNoSectionHasData() throws {
    var bytes: [UInt8] = []
    #expect {
      try ReportExport(selection: ReportTest.selection(), now: ReportTest.now).run(
        source: InMemoryExport(
          xml: ExportXML.document(record("HeartRate", "60", "count/min", from: "2026-01-09 10:00:00 -0500"))),
        destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
    } throws: { error in
      guard case ExportError.noData = error else { return false }
      return true
    }
    #expect(bytes.isEmpty)
  }

  @Test func saysItsSummaryInOneLine() throws {
    let page = try ReportTest.page(record("BodyMass", "80", "kg", from: "2026-01-09 10:00:00 -0500"))
    #expect(
      page.summary.line
        == "Wrote a report of 2026-01-09 to 2026-01-09 (3 sections, 1 chart) to standard output (time zone America/New_York)."
    )
  }
}
