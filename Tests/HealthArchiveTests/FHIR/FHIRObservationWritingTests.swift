import HealthModel
import Testing

@testable import HealthArchive

/// The Observation written for a lab result that came without its file reads back as the same
/// lab result.
@Suite struct FHIRObservationWritingTests {
  let record = ClinicalRecord(
    type: "Observation", identifier: "chol-1", sourceName: "Harbor Lab",
    resourceFilePath: "/clinical-records/Observation-CHOL.json")

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var result: LabResult
    var dateText: String
    var testDescription: String { name }
  }

  static let cases = [
    Case(
      name: "an instant in UTC",
      result: LabResult(
        loinc: "2093-3", displayName: "Total cholesterol", value: 184, unit: "mg/dL",
        date: Timestamp(secondsSince1970: 1_768_505_460), sourceName: "Harbor Lab",
        referenceRange: ReferenceRange(low: nil, high: 200),
        resourceFilePath: "/clinical-records/Observation-CHOL.json"),
      dateText: "2026-01-15T19:31:00Z"),
    Case(
      name: "a fraction kept to the microsecond",
      result: LabResult(
        loinc: "4548-4", value: 7.5, unit: "%", date: Timestamp(microsecondsSince1970: 1_768_505_400_750_025),
        sourceName: "Harbor Lab", resourceFilePath: "/clinical-records/Observation-CHOL.json"),
      dateText: "2026-01-15T19:30:00.750025Z"),
    Case(
      name: "a local time without a zone",
      result: LabResult(
        loinc: "3016-3", displayName: "TSH", value: 2.125, unit: "mIU/L",
        date: Timestamp(secondsSince1970: 1_772_928_000), isLocalTime: true, sourceName: "Harbor Lab",
        referenceRange: ReferenceRange(low: 0.4, high: 4.5),
        resourceFilePath: "/clinical-records/Observation-CHOL.json"),
      dateText: "2026-03-08T00:00:00"),
    Case(
      name: "before 1970, without a unit",
      result: LabResult(
        loinc: "1234-5", value: -0.125, unit: "", date: Timestamp(millisecondsSince1970: -86_399_500),
        sourceName: "Harbor Lab", resourceFilePath: "/clinical-records/Observation-CHOL.json"),
      dateText: "1969-12-31T00:00:00.5Z"),
    Case(
      name: "the date as the record wrote it",
      result: LabResult(
        loinc: "2093-3", value: 184, unit: "mg/dL", date: Timestamp(secondsSince1970: 1_768_505_460),
        sourceName: "Harbor Lab", resourceFilePath: "/clinical-records/Observation-CHOL.json",
        dateText: "2026-01-15T14:31:00-05:00"),
      dateText: "2026-01-15T14:31:00-05:00"),
    Case(
      name: "a written date that is not the result's",
      result: LabResult(
        loinc: "2093-3", value: 184, unit: "mg/dL", date: Timestamp(secondsSince1970: 1_768_505_460),
        sourceName: "Harbor Lab", resourceFilePath: "/clinical-records/Observation-CHOL.json",
        dateText: "2026-01-15"),
      dateText: "2026-01-15T19:31:00Z"),
  ]

  @Test(arguments: cases)
  func readsBackAsTheSameLabResult(_ example: Case) throws {
    #expect(FHIRObservation.dateText(of: example.result) == example.dateText)
    let bytes = FHIRObservation.json(of: example.result, identifier: "chol-1")
    let resource = try JSONValue(parsing: bytes)
    #expect(resource["resourceType"]?.stringValue == "Observation")
    #expect(resource["id"]?.stringValue == "chol-1")
    #expect(resource["effectiveDateTime"]?.stringValue == example.dateText)
    var expected = example.result
    expected.dateText = example.dateText
    #expect(FHIRObservation.read(resource, record: record, registry: .standard) == .result(expected))
  }

  @Test func isPrettyR4JSON() {
    let result = Self.cases[0].result
    let text = String(decoding: FHIRObservation.json(of: result, identifier: "chol-1"), as: UTF8.self)
    #expect(
      text == """
        {
          "resourceType": "Observation",
          "id": "chol-1",
          "status": "final",
          "category": [
            {
              "coding": [
                {
                  "system": "http://terminology.hl7.org/CodeSystem/observation-category",
                  "code": "laboratory"
                }
              ]
            }
          ],
          "code": {
            "coding": [
              {
                "system": "http://loinc.org",
                "code": "2093-3"
              }
            ],
            "text": "Total cholesterol"
          },
          "effectiveDateTime": "2026-01-15T19:31:00Z",
          "valueQuantity": {
            "value": 184,
            "unit": "mg/dL"
          },
          "referenceRange": [
            {
              "high": {
                "value": 200,
                "unit": "mg/dL"
              }
            }
          ]
        }

        """)
  }
}
