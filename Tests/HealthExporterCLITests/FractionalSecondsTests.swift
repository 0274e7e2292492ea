import Foundation
import HealthTestSupport
import Testing

/// Fractions of a second are dropped, never rounded, whatever their number of digits: a lab taken
/// in the last instant of a day stays in that day, through an export and through a profile.
@Suite struct FractionalSecondsTests {
  static let environment = ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  static func archive(labDate: String, in folder: TestDirectory) throws -> String {
    var fixture = ExportFixture()
    fixture.add(
      "apple_health_export/export.xml",
      ExportXML.document(
        """
         <ClinicalRecord type="Observation" identifier="a1c-1" sourceName="City Lab" sourceURL="https://example.org/fhir/Observation/a1c-1" fhirVersion="4.0.1" receivedDate="2026-01-20 09:00:00 +0000" resourceFilePath="/clinical-records/Observation-A1C.json"/>

        """))
    fixture.add(
      "apple_health_export/clinical-records/Observation-A1C.json",
      """
      {"resourceType":"Observation","id":"a1c-1","status":"final",
       "code":{"coding":[{"system":"http://loinc.org","code":"4548-4"}]},
       "effectiveDateTime":"\(labDate)",
       "valueQuantity":{"value":7.2,"unit":"%"}}
      """)
    let path = folder.file("export.zip")
    try fixture.writeZip(at: path)
    return path
  }

  static let lastDayOnly = [
    "--metrics", "none", "--labs", "4548-4", "--from", "2026-01-19", "--to", "2026-01-19", "--time-zone",
    "UTC",
    "-o", "-", "-q",
  ]

  @Test(arguments: [
    "2026-01-19T23:59:59.9999999Z", "2026-01-19T23:59:59.999999999999999999999Z",
    "2026-01-19T18:59:59.9999999-05:00",
  ])
  func keepsALabOfTheDaysLastInstantInThatDay(_ labDate: String) throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(labDate: labDate, in: folder)
    let run = ToolRun(["export", archive] + Self.lastDayOnly, environment: Self.environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.hasSuffix("Meal Time\n2026-01-19 23:59:59,Hemoglobin A1C,4548-4,7.20,%,City Lab,\n"))
    let iso = ToolRun(
      ["export", archive, "--date-format", "iso8601"] + Self.lastDayOnly, environment: Self.environment)
    #expect(
      iso.standardOutput.hasSuffix("Meal Time\n2026-01-19T23:59:59Z,Hemoglobin A1C,4548-4,7.20,%,City Lab,\n")
    )

    let profile = folder.file("profile.json")
    let written = ToolRun(["profile", archive, "-o", profile, "-q"], environment: Self.environment)
    #expect(written.status == 0, "\(written.standardError)")
    #expect(try folder.read("profile.json").contains(#""date":1768867199999.999,"#))
    let fromProfile = ToolRun(["export", profile] + Self.lastDayOnly, environment: Self.environment)
    #expect(fromProfile.standardOutput == run.standardOutput)
  }

  @Test func readsHealthExporterNowToTheSecondItNames() throws {
    let folder = try TestDirectory()
    let archive = try Self.archive(labDate: "2026-01-19T12:00:00Z", in: folder)
    let environment = ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-19T23:59:59.9999999Z"]
    let run = ToolRun(
      [
        "export", archive, "--metrics", "none", "--labs", "4548-4", "--last-days", "1", "-o", folder.path,
        "-q",
      ],
      environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      try folder.read("HealthExporter_2026-01-19_235959.csv").hasSuffix(
        "2026-01-19 12:00:00,Hemoglobin A1C,4548-4,7.20,%,City Lab,\n"))
  }
}
