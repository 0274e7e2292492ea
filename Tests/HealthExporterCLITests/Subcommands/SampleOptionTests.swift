import Foundation
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

/// `--sample`: the built-in record, made in memory, ending at "now".
@Suite struct SampleOptionTests {
  static let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-11-30T12:00:00Z"]

  /// The default export (weight and steps of the last 30 days) of the sample gives the rows its
  /// model predicts.
  @Test func exportsTheLastThirtyDaysOfTheSample() throws {
    let run = ToolRun(["export", "--sample", "-o", "-"], environment: Self.environment)
    #expect(run.status == 0)
    let model = try SampleModel(
      configuration: SampleConfiguration.sample(
        now: Timestamp(secondsSince1970: 1_796_040_000), timeZoneIdentifier: "America/New_York"))
    #expect(model.lastDayNumber == CivilDateTime.days(fromCivil: 2026, 11, 30))
    #expect(model.dayNumbers.count == 45)
    let zone = TimeZone(identifier: "America/New_York")!
    func local(_ instant: Int64) -> String { LocalTime.text(instant, in: zone) }
    // Nothing after now (07:00 in New York on the last day) is read.
    let now: Int64 = 1_796_040_000
    var weights: [String] = []
    var steps = 0
    var laterSteps = 0
    for day in model.dayNumbers where day >= CivilDateTime.days(fromCivil: 2026, 11, 1) {
      let plan = model.day(day)
      if let weighIn = model.weighIn(plan), weighIn.instant <= now {
        weights.append(
          "\(local(weighIn.instant)),Weight,,\(String(format: "%.2f", weighIn.pounds)),lbs,Withings,")
      }
      steps += model.stepSamples(plan).filter { $0.end <= now }.count
      laterSteps += model.stepSamples(plan).filter { $0.end > now }.count
    }
    #expect(laterSteps > 0)
    let rows = run.standardOutput.split(separator: "\n").dropFirst(4).map(String.init)
    #expect(weights.count >= 20)
    #expect(Array(rows.prefix(weights.count)) == weights)
    #expect(rows.count == weights.count + steps)
    #expect(rows[weights.count].hasPrefix("2026-11-01 "))
    #expect(
      run.standardError
        == "Wrote \(weights.count + steps) rows (Weight \(weights.count), Steps \(steps)) to standard output (time zone America/New_York).\n"
    )
  }

  /// `TZ=UTC` (which Foundation on Linux resolves to a zone it calls GMT) is shown as UTC.
  @Test func showsUTCAsUTC() {
    var environment = Self.environment
    environment["TZ"] = "UTC"
    let run = ToolRun(["inspect", "--sample"], environment: environment)
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n")
    #expect(lines[2] == "Exported        2026-11-30 12:00:00 (UTC)")
  }

  @Test func inspectsTheSample() {
    let run = ToolRun(["inspect", "--sample"], environment: Self.environment)
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n")
    #expect(
      lines[0]
        == "Input           sample (seed 2026, 2026-10-17 to 2026-11-30, America/New_York) (generated sample)"
    )
    #expect(lines[1] == "Health XML      apple_health_export/export.xml")
    #expect(lines[2] == "Exported        2026-11-30 07:00:00 (America/New_York)")
    #expect(
      run.standardOutput.contains(
        "ECG FILES       2 in electrocardiograms/: ecg_2026-11-18.csv, ecg_2026-11-18_1.csv"))
    #expect(run.standardOutput.hasSuffix("DIAGNOSTICS: none\n"))
  }

  /// No reading of the sample is later than now, whatever is selected.
  @Test func endsAtNow() {
    let run = ToolRun(
      [
        "export", "--sample", "--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "--labs",
        "all",
        "--date-format", "iso8601", "-o", "-", "-q",
      ],
      environment: Self.environment)
    #expect(run.status == 0)
    let dates = run.standardOutput.split(separator: "\n").dropFirst(4).map { String($0.prefix(20)) }
    #expect(dates.count > 10_000)
    #expect(dates.allSatisfy { $0 <= "2026-11-30T12:00:00Z" })
    #expect(dates.contains { $0.hasPrefix("2026-11-30T") })
  }
}
