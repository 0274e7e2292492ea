import Foundation
import HealthTestSupport
import SystemShim
import Testing

/// `health-exporter summary`: its output, its messages, its usage errors and exit codes.
@Suite struct SummaryCommandTests {
  let now = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  static let summaryUsage =
    "Usage: health-exporter summary [<input>] [<options>]\n  See 'health-exporter summary --help' for more information.\n"

  /// The example export's summary, every type, all dates.
  static let exampleRows = [
    // Glucose: 5.44 mmol/L = 98.00 mg/dL and 145: mean 121.50.
    "2026-01-09,Blood Glucose,121.5,mg/dL,98,145,2,MyFitnessPal",
    "2026-01-09,Heart Rate,88.0,bpm,88,88,1,Apple Watch",
    "2026-01-09,Steps,5432,steps,,,1,Apple Watch",
    "2026-01-09,Weight,185.500,lbs,185.50,185.50,1,Withings",
    // Core sleep 23:40–06:55: 435 minutes in the night to the 10th, from noon to noon.
    "2026-01-10,Sleep Asleep Total,435.00,min,,,1,Apple Watch",
    "2026-01-10,Sleep AsleepCore,435.00,min,,,1,Apple Watch",
    // The reading appears as a correlation and as top-level records: counted once.
    "2026-01-15,Blood Pressure Diastolic,80.0,mmHg,80,80,1,Apple Health",
    "2026-01-15,Blood Pressure Systolic,120.0,mmHg,120,120,1,Apple Health",
    "2026-01-15,Oxygen Saturation,98.50,%,98.5,98.5,1,Apple Health",
  ]

  private func dataRows(_ output: String) -> [Substring] {
    Array(output.split(separator: "\n").dropFirst(4))
  }

  @Test func writesTheSummaryToStandardOutput() {
    let run = ToolRun(["summary", exampleExport, "--all", "-o", "-"], environment: now)
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("### HealthExporterCSV: data exported as-is from Apple Health.\n"))
    #expect(run.standardOutput.split(separator: "\n")[3] == "Period,Metric,Value,Unit,Min,Max,Count,Sources")
    #expect(dataRows(run.standardOutput).map(String.init) == Self.exampleRows)
    #expect(
      run.standardError
        == "Wrote 9 summary rows (3 periods, 9 metrics) to standard output (time zone America/New_York).\n")
  }

  @Test func writesANamedFileInAFolderWithOwnerOnlyPermissions() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["summary", exampleExport, "--all", "--period", "month", "-o", folder.path], environment: now)
    let file = folder.file("HealthExporter_Summary_2026-01-20_070000.csv")
    #expect(run.status == 0)
    #expect(
      run.standardError
        == "Wrote 9 summary rows (1 period, 9 metrics) to \(file) (time zone America/New_York).\n")
    #expect(SystemCall.permissions(of: file) == 0o600)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(dataRows(text).first == "2026-01-01,Blood Glucose,121.5,mg/dL,98,145,2,MyFitnessPal")
    // Core sleep: 435 minutes in one month.
    #expect(dataRows(text).contains("2026-01-01,Sleep AsleepCore,435.00,min,,,1,Apple Watch"))
  }

  @Test func unitsTimeZoneDateFormatAndTypes() {
    // In UTC the sleep sample (04:40Z–11:55Z on the 10th) falls in the night to the 10th, from
    // 12:00Z on the 9th; 185.5 lb is 84.14142 kg; two types only.
    let run = ToolRun(
      [
        "summary", exampleExport, "--all", "--time-zone", "UTC", "--weight-unit", "kg", "--date-format",
        "iso8601",
        "--types", "BodyMass,SleepAnalysis", "-o", "-", "-q",
      ], environment: now)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(
      dataRows(run.standardOutput) == [
        "2026-01-09T00:00:00Z,Weight,84.141,kg,84.14,84.14,1,Withings",
        "2026-01-09T12:00:00Z,Sleep Asleep Total,435.00,min,,,1,Apple Watch",
        "2026-01-09T12:00:00Z,Sleep AsleepCore,435.00,min,,,1,Apple Watch",
      ])
  }

  /// A name that matches nothing in the input is a warning, not an error: a source no record
  /// carries, a type of which the input holds no record.
  @Test(arguments: [
    (
      ["--source-priority", "Withings, My Old Phone"],
      "warning: --source-priority names 'My Old Phone', which no summarized record carries\n"
    ),
    (
      ["--types", "bodymass,DietaryCaffeine"],
      "warning: --types names 'DietaryCaffeine', of which the input holds no record\n"
    ),
  ])
  func warnsAboutANameNothingMatches(_ example: (options: [String], warning: String)) {
    let run = ToolRun(
      ["summary", exampleExport, "--all"] + example.options + ["-o", "-", "-q"], environment: now)
    #expect(run.status == 0)
    #expect(run.standardError == example.warning)
    #expect(dataRows(run.standardOutput).contains("2026-01-09,Weight,185.500,lbs,185.50,185.50,1,Withings"))
  }

  @Test func summarizesTheBuiltInSample() {
    // The sample's last 30 days, one row per day for steps, from the watch.
    let run = ToolRun(["summary", "--sample", "--types", "StepCount", "-o", "-", "-q"], environment: now)
    #expect(run.status == 0)
    let rows = dataRows(run.standardOutput)
    #expect(rows.count == 30)
    #expect(rows.last?.hasPrefix("2026-01-20,Steps,") == true)
    #expect(rows.allSatisfy { $0.contains(",steps,,,") && $0.hasSuffix("’s Apple Watch") })
  }

  @Test func failsWithOneWhenNoPeriodHasData() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["summary", exampleExport, "-o", folder.path],
      environment: ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-11-30T12:00:00Z"])
    #expect(run.status == 1)
    #expect(
      run.standardError == """
        Error: No data found for the selected metrics and date range.
          The range: the last 30 days, 2026-11-01 to 2026-11-30 (America/New_York).
          Every type: 9 readings, 2026-01-09 … 2026-01-15; none from 2026-11-01 to 2026-11-30.
          The data ends on 2026-01-15: try --from 2025-12-17 --to 2026-01-15 for its last 30 days, or --all.

        """)
    #expect(try folder.contents() == [])
  }

  @Test func failsWith66WithoutTheInput() {
    let run = ToolRun(["summary", "/nonexistent/export.zip", "-o", "-"], environment: now)
    #expect(run.status == 66)
    #expect(run.standardOutput == "")
  }

  @Test func failsWith65OnMalformedXML() throws {
    let folder = try TestDirectory()
    let input = try folder.write(
      "<HealthData>\n <Record type=\"a\" value=1/>\n</HealthData>\n", to: "export.xml")
    let run = ToolRun(["summary", input, "--all", "-o", "-"], environment: now)
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
  }

  @Test func failsWith73RatherThanReplaceAFileWithoutForce() throws {
    let folder = try TestDirectory()
    let output = try folder.write("keep me\n", to: "summary.csv")
    let refused = ToolRun(["summary", exampleExport, "--all", "-o", output], environment: now)
    #expect(refused.status == 73)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me\n")
    let forced = ToolRun(
      ["summary", exampleExport, "--all", "-o", output, "--force", "-q"], environment: now)
    #expect(forced.status == 0)
    #expect(dataRows(try String(contentsOfFile: output, encoding: .utf8)).count == 9)
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    UsageCase(
      arguments: ["summary"],
      message:
        "missing <input>: give the export.zip, its unpacked folder or export.xml to summarize, or --sample"),
    UsageCase(
      arguments: ["summary", "in.xml", "--sample"],
      message: "give either <input> ('in.xml') or --sample, not both"),
    UsageCase(
      arguments: ["summary", "in.xml", "--period", "fortnight"],
      message: "invalid value 'fortnight' for '--period <name>': expected one of hour, day, week, month, year"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--last-records", "5"], message: "unknown option '--last-records'"),
    UsageCase(
      arguments: ["summary", "in.xml", "--all", "--last-days", "7"],
      message: "'--all' and '--last-days' cannot be used together"),
    UsageCase(
      arguments: ["summary", "in.xml", "--last-days", "0"],
      message:
        "invalid value '0' for '--last-days <n>': expected a whole number of days from 1 to 110000 (--all for no limit)"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--from", "2026-02-01", "--to", "2026-01-31"],
      message: "End date must be on or after start date (--from 2026-02-01 --to 2026-01-31)"),
    UsageCase(
      arguments: ["summary", "in.xml", "--weight-unit", "stone"],
      message: "invalid value 'stone' for '--weight-unit <lbs|kg>': expected one of lbs, kg"),
    UsageCase(
      arguments: ["summary", "in.xml", "--date-format", "julian"],
      message:
        "invalid value 'julian' for '--date-format <name>': expected one of default, iso8601, ymd-slash, mdy, dmy"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--time-zone", "Mars/Olympus"],
      message:
        "invalid value 'Mars/Olympus' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--source-priority", "Watch,,Phone"],
      message:
        "invalid value 'Watch,,Phone' for '--source-priority <names>': item 2 is empty; expected source names separated by commas"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--types", "Step Count"],
      message:
        "invalid value 'Step Count' for '--types <list>': expected HealthKit type names such as StepCount or HKCategoryTypeIdentifierSleepAnalysis; did you mean 'StepCount'?"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--types", "BodyMass,Stepz"],
      message:
        "invalid value 'Stepz' for '--types <list>': expected HealthKit type names such as StepCount or HKCategoryTypeIdentifierSleepAnalysis; did you mean 'StepCount'?"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--types", "HKQuantityTypeIdentifierBodyMas"],
      message:
        "invalid value 'HKQuantityTypeIdentifierBodyMas' for '--types <list>': expected HealthKit type names such as StepCount or HKCategoryTypeIdentifierSleepAnalysis; did you mean 'BodyMass'?"
    ),
    UsageCase(
      arguments: ["summary", "in.xml", "--types", "HKWorkoutTypeIdentifier"],
      message:
        "invalid value 'HKWorkoutTypeIdentifier' for '--types <list>': expected HealthKit type names such as StepCount or HKCategoryTypeIdentifierSleepAnalysis"
    ),
  ])
  func usageErrorsExitWith64(_ example: UsageCase) {
    let run = ToolRun(example.arguments, environment: now)
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "Error: \(example.message)\n" + Self.summaryUsage)
  }
}
