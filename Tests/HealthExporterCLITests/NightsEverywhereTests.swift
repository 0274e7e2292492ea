import Foundation
import HealthTestSupport
import Testing

/// A night across midnight and a night across the change to summer time are the same numbers in
/// the summary, the database's `summaries` and the report: each night from noon to noon, named by
/// the morning it ends on, in the export's own zone (no `TZ`).
@Suite struct NightsEverywhereTests {
  static func sleep(_ value: String, from start: String, to end: String) -> String {
    ExportXML.record(
      "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysis\(value)", source: "Watch",
      start: start, end: end, metadata: [("HKTimeZone", "America/New_York")])
  }

  static let xml = ExportXML.document(
    [
      sleep("InBed", from: "2026-01-09 22:30:00 -0500", to: "2026-01-10 06:30:00 -0500"),
      sleep("AsleepCore", from: "2026-01-09 23:00:00 -0500", to: "2026-01-10 03:00:00 -0500"),
      sleep("AsleepDeep", from: "2026-01-10 03:00:00 -0500", to: "2026-01-10 04:00:00 -0500"),
      sleep("AsleepREM", from: "2026-01-10 04:00:00 -0500", to: "2026-01-10 06:00:00 -0500"),
      // The clocks go forward at 02:00 on 2026-03-08: 22:00 EST to 07:00 EDT is 8 hours.
      sleep("InBed", from: "2026-03-07 22:00:00 -0500", to: "2026-03-08 07:00:00 -0400"),
      sleep("AsleepCore", from: "2026-03-07 23:00:00 -0500", to: "2026-03-08 04:00:00 -0400"),
    ].joined())

  static let expected = [
    "2026-01-10,Sleep Asleep Total,420.00,min,,,3,Watch",
    "2026-01-10,Sleep AsleepCore,240.00,min,,,1,Watch",
    "2026-01-10,Sleep AsleepDeep,60.00,min,,,1,Watch",
    "2026-01-10,Sleep AsleepREM,120.00,min,,,1,Watch",
    "2026-01-10,Sleep InBed,480.00,min,,,1,Watch",
    "2026-03-08,Sleep Asleep Total,240.00,min,,,1,Watch",
    "2026-03-08,Sleep AsleepCore,240.00,min,,,1,Watch",
    "2026-03-08,Sleep InBed,480.00,min,,,1,Watch",
  ]

  @Test func theSummaryTheDatabaseAndTheReportCountTheSameNights() throws {
    let folder = try TestDirectory()
    let input = try folder.write(Self.xml, to: "export.xml")
    let environment = ["HEALTH_EXPORTER_NOW": "2026-03-20T12:00:00Z"]

    let summary = ToolRun(["summary", input, "--all", "-o", "-", "-q"], environment: environment)
    #expect(summary.status == 0, "\(summary.standardError)")
    #expect(summary.standardOutput.split(separator: "\n").dropFirst(4).map(String.init) == Self.expected)

    let database = folder.file("health.sqlite")
    let build = ToolRun(["database", input, "-o", database, "-q"], environment: environment)
    #expect(build.status == 0, "\(build.standardError)")
    if SQLiteShell.isAvailable {
      let rows = try SQLiteShell.run(
        "SELECT period_start, metric, printf('%.2f', value), count FROM summaries WHERE period = 'day' ORDER BY period_start, metric",
        on: database)
      #expect(
        rows.standardOutput.split(separator: "\n").map(String.init)
          == Self.expected.map { row in
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            return "\(fields[0])|\(fields[1])|\(fields[2])|\(fields[6])"
          })
    }

    let page = folder.file("report.html")
    let report = ToolRun(["report", input, "--all", "-o", page, "-q"], environment: environment)
    #expect(report.status == 0, "\(report.standardError)")
    // Deep, Core, REM, asleep in all, in bed.
    #expect(
      ReportTables.parse(try folder.read("report.html"))["sleep"] == [
        ["2026-01-10", "60.00", "240.00", "120.00", "420.00", "480.00"],
        ["2026-03-08", "", "240.00", "", "240.00", "480.00"],
      ])
  }
}
