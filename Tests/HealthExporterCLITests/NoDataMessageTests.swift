import Foundation
import HealthTestSupport
import Testing

/// "No data found" says why: the range, the span of each selected series in the input, what
/// removed readings, and what to try.
@Suite struct NoDataMessageTests {
  /// New York, on 2026-12-01: the last 30 days hold none of a generated export's data.
  static let december = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-12-01T17:00:00Z"]

  /// A folder holding `sample.zip`, ten generated days ending on 2026-06-30.
  static func generatedExport() throws -> TestDirectory {
    let folder = try TestDirectory()
    #expect(ToolRun(["generate", "-o", folder.file("sample.zip"), "--days", "10", "-q"]).status == 0)
    return folder
  }

  /// Expects `run` to have stopped with status 1 saying no data was found over `range`, then
  /// `lines`, each indented as the message indents them.
  static func expectNoData(
    _ run: ToolRun, range: String, _ lines: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(run.status == 1, sourceLocation: sourceLocation)
    let message =
      ["Error: No data found for the selected metrics and date range.", "The range: \(range)."] + lines
    #expect(
      run.standardError == message.joined(separator: "\n  ") + "\n", sourceLocation: sourceLocation)
  }

  /// A generated export ends on 2026-06-30; the last 30 days before December hold nothing.
  @Test func namesTheRangeAndEachSeriesSpan() throws {
    let folder = try Self.generatedExport()
    let run = ToolRun(
      ["export", folder.file("sample.zip"), "--vitals", "blood-pressure", "-o", folder.path],
      environment: Self.december)
    Self.expectNoData(
      run, range: "the last 30 days, 2026-11-02 to 2026-12-01 (America/New_York)",
      [
        "Weight: 6 readings, 2026-06-22 … 2026-06-30; none from 2026-11-02 to 2026-12-01.",
        "Steps: 620 readings, 2026-06-21 … 2026-06-30; none from 2026-11-02 to 2026-12-01.",
        "Blood Pressure Systolic: 5 readings, 2026-06-22 … 2026-06-29; none from 2026-11-02 to 2026-12-01.",
        "Blood Pressure Diastolic: 5 readings, 2026-06-22 … 2026-06-29; none from 2026-11-02 to 2026-12-01.",
        "The data ends on 2026-06-30: try --from 2026-06-01 --to 2026-06-30 for its last 30 days, or --all.",
      ])
    #expect(try folder.contents() == ["sample.zip"])
  }

  /// A LOINC code no lab result carries: the line says the input holds results of other codes.
  @Test func aLabCodeNoResultCarriesIsToldApartFromNoLabs() throws {
    let folder = try Self.generatedExport()
    let run = ToolRun(
      ["export", folder.file("sample.zip"), "--metrics", "none", "--labs", "9999-9", "-o", folder.path],
      environment: Self.december)
    Self.expectNoData(
      run, range: "the last 30 days, 2026-11-02 to 2026-12-01 (America/New_York)",
      [
        "Labs: none with the codes chosen; the input holds 38 lab results of other codes.",
        "The input holds none of the selected metrics: 'health-exporter inspect' shows what it holds.",
      ])
  }

  /// A summary type HealthKit has but the input lacks is named as none in the input, by the
  /// name typed; the types the input holds keep their metric names.
  @Test func aSummaryTypeTheInputLacksIsNamed() throws {
    let folder = try Self.generatedExport()
    let run = ToolRun(
      [
        "summary", folder.file("sample.zip"), "--types", "BloodAlcoholContent,SleepAnalysis,BodyMass", "-o",
        folder.path,
      ],
      environment: Self.december)
    Self.expectNoData(
      run, range: "the last 30 days, 2026-11-02 to 2026-12-01 (America/New_York)",
      [
        "BloodAlcoholContent: none in the input.",
        "Sleep: 236 readings, 2026-06-20 … 2026-06-30; none from 2026-11-02 to 2026-12-01.",
        "Weight: 6 readings, 2026-06-22 … 2026-06-30; none from 2026-11-02 to 2026-12-01.",
        "The data ends on 2026-06-30: try --from 2026-06-01 --to 2026-06-30 for its last 30 days, or --all.",
      ])
    let alone = ToolRun(
      ["summary", folder.file("sample.zip"), "--types", "bloodalcoholcontent", "--all", "-o", folder.path],
      environment: Self.december)
    Self.expectNoData(
      alone, range: "all dates (America/New_York)",
      [
        "BloodAlcoholContent: none in the input.",
        "The input holds none of the selected metrics: 'health-exporter inspect' shows what it holds.",
      ])
    #expect(try folder.contents() == ["sample.zip"])
  }

  /// Lab results only, and the clinical record's file is missing: the diagnostic says so.
  @Test func printsTheProblemsThatRemovedReadings() throws {
    let folder = try TestDirectory()
    let record = """
       <ClinicalRecord type="Observation" identifier="12" sourceName="Lab" sourceURL="https://localhost/Observation/12" fhirVersion="1.0.2" receivedDate="2026-01-10 14:06:24 -0500" resourceFilePath="/clinical-records/Observation-1.json"/>
      """
    let input = try folder.write(ExportXML.document(record), to: "export.xml")
    let run = ToolRun(
      ["export", input, "--metrics", "none", "--labs", "all", "--all", "-o", "-"],
      environment: ["TZ": "Europe/Paris", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"])
    Self.expectNoData(
      run, range: "all dates (Europe/Paris)",
      [
        "Labs: none in the input.",
        "Skipped 1 × a clinical record whose file is missing (first at \(input), line 11, column 2).",
        "The input holds none of the selected metrics: 'health-exporter inspect' shows what it holds.",
      ])
    let inspect = ToolRun(["inspect", input], environment: ["TZ": "Europe/Paris"])
    #expect(inspect.status == 0)
    #expect(
      inspect.standardOutput.contains(
        "    line 11, column 2: skipped: a clinical record whose file is missing\n"))
  }
}
