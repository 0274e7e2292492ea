import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// The contract's whole example, labs included, from an export in each of its shapes: the same
/// bytes from the zip, its unpacked folder, and export.xml alone.
@Suite struct GoldenArchiveTests {
  static let clinicalRecords = """
     <ClinicalRecord type="Observation" identifier="a1c-1" sourceName="Apple Health" sourceURL="https://example.org/fhir/Observation/a1c-1" fhirVersion="4.0.1" receivedDate="2026-01-16 09:00:00 -0500" resourceFilePath="/clinical-records/Observation-A1C.json"/>
     <ClinicalRecord type="Observation" identifier="chol-1" sourceName="Apple Health" sourceURL="https://example.org/fhir/Observation/chol-1" fhirVersion="1.0.2" receivedDate="2026-01-16 09:00:00 -0500" resourceFilePath="/clinical-records/Observation-CHOL.json"/>
     <ClinicalRecord type="Patient" identifier="p-1" sourceName="Apple Health" sourceURL="https://example.org/fhir/Patient/p-1" fhirVersion="4.0.1" receivedDate="2026-01-16 09:00:00 -0500" resourceFilePath="/clinical-records/Patient-P1.json"/>

    """

  /// R4, dated by `effectiveDateTime`.
  static let hemoglobinA1C = """
    {"resourceType":"Observation","id":"a1c-1","status":"final",
     "category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],
     "code":{"coding":[{"system":"http://loinc.org","code":"4548-4","display":"Hemoglobin A1c/Hemoglobin.total in Blood"}],"text":"HbA1c"},
     "effectiveDateTime":"2026-01-15T14:30:00-05:00","issued":"2026-01-16T14:00:00Z",
     "valueQuantity":{"value":7.5,"unit":"%","system":"http://unitsofmeasure.org","code":"%"}}
    """

  /// DSTU2 in Apple's layout, dated by `issued` alone.
  static let totalCholesterol = """
    {
      "resourceType" : "Observation",
      "id" : "chol-1",
      "status" : "final",
      "code" : { "coding" : [ { "system" : "http://loinc.org", "code" : "2093-3" } ], "text" : "Total cholesterol" },
      "valueQuantity" : { "value" : 184, "unit" : "mg/dL", "system" : "http://unitsofmeasure.org", "code" : "mg/dL" },
      "issued" : "2026-01-15T19:31:00Z"
    }
    """

  static func fixture() -> ExportFixture {
    var fixture = ExportFixture()
    fixture.add(
      "apple_health_export/export.xml",
      ExportXML.document(GoldenCSVTests.seedExample + "\n" + clinicalRecords))
    fixture.add("apple_health_export/clinical-records/Observation-A1C.json", hemoglobinA1C)
    fixture.add("apple_health_export/clinical-records/Observation-CHOL.json", totalCholesterol)
    fixture.add("apple_health_export/clinical-records/Patient-P1.json", #"{"resourceType":"Patient"}"#)
    return fixture
  }

  private func export(_ path: String) throws -> String {
    var bytes: [UInt8] = []
    let selection = ExportTest.selection(
      vitals: ["blood-pressure", "oxygen-saturation"], labs: MetricRegistry.standard.labs)
    _ = try CSVExport(selection: selection, now: ExportTest.now).run(
      source: try HealthInput.open(path: path), destination: .sink { bytes.append($0) },
      diagnostics: Diagnostics(isStrict: true))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func reproducesTheContractsWholeExampleFromEveryShape() throws {
    let folder = try TestDirectory()
    let fixture = Self.fixture()
    try fixture.writeZip(at: folder.file("export.zip"))
    try fixture.writeFolder(at: folder.file("unpacked"))
    let fromZip = try export(folder.file("export.zip"))
    let expected = try Golden.expected("seed-example.csv", actual: fromZip, testFile: #filePath)
    #expect(fromZip == expected, "\(Golden.difference(expected: expected, actual: fromZip))")
    #expect(try export(folder.file("unpacked")) == fromZip)
    #expect(try export(folder.file("unpacked/apple_health_export/export.xml")) == fromZip)
  }

  @Test func countsClinicalRecordsThatGiveNoRow() throws {
    let folder = try TestDirectory()
    var fixture = ExportFixture()
    fixture.add(
      "export.xml",
      ExportXML.document(
        """
         <ClinicalRecord type="Observation" identifier="1" sourceName="Lab" fhirVersion="1.0.2" resourceFilePath="/clinical-records/missing.json"/>
         <ClinicalRecord type="Observation" identifier="2" sourceName="Lab" fhirVersion="1.0.2" resourceFilePath="/clinical-records/broken.json"/>
         <ClinicalRecord type="Observation" identifier="3" sourceName="Lab" fhirVersion="1.0.2" resourceFilePath="/../../etc/passwd"/>
         <ClinicalRecord type="Observation" identifier="4" sourceName="Lab" fhirVersion="4.0.1" resourceFilePath="/clinical-records/pulse.json"/>
         <ClinicalRecord type="Observation" identifier="5" sourceName="Lab" fhirVersion="4.0.1" resourceFilePath="/clinical-records/ldl.json"/>
        """))
    fixture.add("clinical-records/broken.json", #"{"resourceType":"Observation","code":"#)
    fixture.add(
      "clinical-records/pulse.json",
      #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"8867-4"}]},"valueQuantity":{"value":72,"unit":"/min"},"issued":"2017-10-18T00:00:00Z"}"#
    )
    fixture.add(
      "clinical-records/ldl.json",
      #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"2089-1"}]},"valueQuantity":{"value":113.3,"unit":"mg/dL"},"issued":"2017-10-18T00:00:00Z"}"#
    )
    try fixture.writeFolder(at: folder.path)
    let diagnostics = Diagnostics()
    var bytes: [UInt8] = []
    let summary = try CSVExport(
      selection: ExportTest.selection(metrics: [], labs: MetricRegistry.standard.labs), now: ExportTest.now
    ).run(
      source: try HealthInput.open(path: folder.path), destination: .sink { bytes.append($0) },
      diagnostics: diagnostics)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == ExportTest.csv(["2017-10-17 20:00:00,LDL Cholesterol,2089-1,113,mg/dL,Lab,"]))
    let file = folder.file("export.xml")
    #expect(
      summary.skipped == [
        Diagnostics.Tally(
          reason: "a clinical record whose file is missing", count: 1,
          firstLocation: SourceLocation(file: file, line: 11, column: 2)),
        Diagnostics.Tally(
          reason:
            "a clinical record whose file is not valid JSON: the input ends where a value was expected; the file may be truncated",
          count: 1,
          firstLocation: SourceLocation(
            file: folder.file("clinical-records/broken.json"), line: 0, byteOffset: 37)),
        Diagnostics.Tally(
          reason: "a clinical record whose resourceFilePath leaves the export", count: 1,
          firstLocation: SourceLocation(file: file, line: 13, column: 2)),
        Diagnostics.Tally(
          reason: "a lab result whose LOINC code is not in the registry", count: 1,
          firstLocation: SourceLocation(file: file, line: 14, column: 2), kind: .unusable),
      ])
  }
}
