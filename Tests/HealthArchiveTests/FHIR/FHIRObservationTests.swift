import HealthModel
import Testing

@testable import HealthArchive

/// Lab results from FHIR Observations of each shape Apple exports: DSTU2 and R4, every date field,
/// and the observations that give no row.
@Suite struct FHIRObservationTests {
  let record = ClinicalRecord(
    type: "Observation", identifier: "12", sourceName: "Mom's Lab", fhirVersion: "1.0.2")

  private func read(_ json: String) throws -> FHIRObservation.Outcome {
    FHIRObservation.read(try JSONValue(parsing: Array(json.utf8)), record: record, registry: .standard)
  }

  /// DSTU2 as Apple writes it: `"key" : value`, the date only in `issued`.
  @Test func readsADSTU2ObservationDatedByIssued() throws {
    let outcome = try read(
      """
      {
        "resourceType" : "Observation",
        "status" : "final",
        "category" : { "coding" : [ { "system" : "http://hl7.org/fhir/observation-category", "code" : "laboratory" } ] },
        "code" : { "coding" : [ { "system" : "http://loinc.org", "code" : "2093-3" } ], "text" : "Total cholesterol" },
        "valueQuantity" : { "value" : 184, "unit" : "mg/dL", "system" : "http://unitsofmeasure.org", "code" : "mg/dL" },
        "issued" : "2017-10-18T00:00:00Z"
      }
      """)
    #expect(
      outcome
        == .result(
          LabResult(
            loinc: "2093-3", displayName: "Total cholesterol", value: 184, unit: "mg/dL",
            date: Timestamp(secondsSince1970: 1_508_284_800), sourceName: "Mom's Lab",
            dateText: "2017-10-18T00:00:00Z")))
  }

  @Test func readsAnR4ObservationDatedByEffectiveDateTime() throws {
    let outcome = try read(
      """
      {"resourceType":"Observation","status":"final",
       "category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],
       "code":{"coding":[{"system":"http://loinc.org","code":"4548-4","display":"Hemoglobin A1c/Hemoglobin.total in Blood"}]},
       "effectiveDateTime":"2026-01-15T14:30:00.750-05:00","issued":"2026-01-16T09:00:00Z",
       "valueQuantity":{"value":7.5,"unit":"%","system":"http://unitsofmeasure.org","code":"%"}}
      """)
    #expect(
      outcome
        == .result(
          LabResult(
            loinc: "4548-4", value: 7.5, unit: "%", date: Timestamp(millisecondsSince1970: 1_768_505_400_750),
            sourceName: "Mom's Lab", dateText: "2026-01-15T14:30:00.750-05:00")))
  }

  @Test func fallsBackToThePeriodStartAndToTheUnitCode() throws {
    let outcome = try read(
      """
      {"resourceType":"Observation","code":{"coding":[{"system":"http://snomed.info/sct","code":"1"},{"system":"http://loinc.org","code":"718-7"}]},
       "effectivePeriod":{"start":"2026-02-01T08:00:00+01:00","end":"2026-02-01T09:00:00+01:00"},
       "valueQuantity":{"value":13.9,"code":"g/dL"}}
      """)
    #expect(
      outcome
        == .result(
          LabResult(
            loinc: "718-7", value: 13.9, unit: "g/dL", date: Timestamp(secondsSince1970: 1_769_929_200),
            sourceName: "Mom's Lab", dateText: "2026-02-01T08:00:00+01:00")))
  }

  @Test func keepsADateWithoutZoneAsLocalTime() throws {
    let outcome = try read(
      """
      {"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"3016-3"}]},
       "effectiveDateTime":"2026-03-08","valueQuantity":{"value":2.1,"unit":"mIU/L"}}
      """)
    #expect(
      outcome
        == .result(
          LabResult(
            loinc: "3016-3", value: 2.1, unit: "mIU/L", date: Timestamp(secondsSince1970: 1_772_928_000),
            isLocalTime: true, sourceName: "Mom's Lab", dateText: "2026-03-08")))
  }

  @Test func prefersARegistryCodeAmongSeveralLOINCCodings() throws {
    let outcome = try read(
      """
      {"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"9999-9"},{"system":"http://loinc.org","code":"2085-9"}]},
       "issued":"2017-03-18T00:00:00Z","valueQuantity":{"value":53.5,"unit":"mg/dL"}}
      """)
    guard case .result(let result) = outcome else {
      Issue.record("a result expected, got \(outcome)")
      return
    }
    #expect(result.loinc == "2085-9")
  }

  struct SkipCase: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var reason: String
    var kind: Diagnostic.Kind
    var testDescription: String { name }
  }

  @Test(arguments: [
    SkipCase(
      name: "blood pressure with components",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"55284-4"}]},"component":[{"code":{"coding":[{"system":"http://loinc.org","code":"8480-6"}]},"valueQuantity":{"value":120,"unit":"mm[Hg]"}}],"issued":"2017-10-18T00:00:00Z"}"#,
      reason: "an observation without a value quantity", kind: .unusable),
    SkipCase(
      name: "no LOINC coding",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://snomed.info/sct","code":"1"}]},"valueQuantity":{"value":1,"unit":"x"},"issued":"2017-10-18T00:00:00Z"}"#,
      reason: "an observation without a LOINC code", kind: .unusable),
    SkipCase(
      name: "a text value",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"5778-6"}]},"valueString":"Yellow","issued":"2017-10-18T00:00:00Z"}"#,
      reason: "an observation without a value quantity", kind: .unusable),
    SkipCase(
      name: "a comparator",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"30522-7"}]},"valueQuantity":{"value":0.3,"comparator":"<","unit":"mg/L"},"issued":"2017-10-18T00:00:00Z"}"#,
      reason: "an observation whose value has a comparator ('<'), which a CSV number cannot show",
      kind: .unusable),
    SkipCase(
      name: "entered in error",
      json:
        #"{"resourceType":"Observation","status":"entered-in-error","code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"valueQuantity":{"value":1,"unit":"mg/dL"},"issued":"2017-10-18T00:00:00Z"}"#,
      reason: "an observation whose status is entered-in-error", kind: .unusable),
    SkipCase(
      name: "no date",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"valueQuantity":{"value":1,"unit":"mg/dL"}}"#,
      reason: "an observation without a date", kind: .malformed),
    SkipCase(
      name: "a date that is not ISO 8601",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"valueQuantity":{"value":1,"unit":"mg/dL"},"issued":"18/10/2017"}"#,
      reason: "an observation whose date is not ISO 8601", kind: .malformed),
    SkipCase(
      name: "a value that is text",
      json:
        #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"valueQuantity":{"value":"184","unit":"mg/dL"},"issued":"2017-10-18T00:00:00Z"}"#,
      reason: "an observation whose valueQuantity.value is not a number", kind: .malformed),
    SkipCase(
      name: "not an object", json: "[1, 2]", reason: "a clinical record whose file is not a JSON object",
      kind: .malformed),
  ])
  func saysWhyAnObservationGivesNoRow(_ example: SkipCase) throws {
    #expect(try read(example.json) == .skipped(reason: example.reason, kind: example.kind))
  }

  @Test func readsNothingFromOtherResources() throws {
    #expect(try read(#"{"resourceType":"Patient","name":[{"family":["Salinas"]}]}"#) == .notAnObservation)
    #expect(try read(#"{"resourceType":"MedicationRequest","status":"active"}"#) == .notAnObservation)
  }

  /// A reference range, for a report to say whether a result is outside it.
  struct RangeCase: CustomTestStringConvertible, Sendable {
    var name: String
    var ranges: String
    var expected: ReferenceRange?
    var testDescription: String { name }
  }

  @Test(arguments: [
    RangeCase(
      name: "low and high",
      ranges:
        #"[{"low":{"value":125,"unit":"mg/dL"},"high":{"value":200,"unit":"mg/dL"},"text":"125-200 mg/dL"}]"#,
      expected: ReferenceRange(low: 125, high: 200)),
    RangeCase(
      name: "a low bound alone, without a unit", ranges: #"[{"low":{"value":40}}]"#,
      expected: ReferenceRange(low: 40, high: nil)),
    RangeCase(
      name: "the first entry with a bound",
      ranges: #"[{"text":"see note"},{"high":{"value":199,"code":"mg/dL"}}]"#,
      expected: ReferenceRange(low: nil, high: 199)),
    RangeCase(
      name: "a bound in another unit is not one",
      ranges: #"[{"low":{"value":3.2,"unit":"mmol/L"},"high":{"value":5.2,"unit":"mmol/L"}}]"#, expected: nil),
    RangeCase(name: "text alone", ranges: #"[{"text":"<200"}]"#, expected: nil),
    RangeCase(name: "not an array", ranges: #"{"low":{"value":1}}"#, expected: nil),
  ])
  func readsTheReferenceRange(_ example: RangeCase) throws {
    let outcome = try read(
      #"{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"#
        + #""valueQuantity":{"value":184,"unit":"mg/dL","code":"mg/dL"},"issued":"2017-10-18T00:00:00Z","#
        + #""referenceRange":\#(example.ranges)}"#)
    #expect(
      outcome
        == .result(
          LabResult(
            loinc: "2093-3", value: 184, unit: "mg/dL", date: Timestamp(secondsSince1970: 1_508_284_800),
            sourceName: "Mom's Lab", referenceRange: example.expected, dateText: "2017-10-18T00:00:00Z")))
  }

  @Test func placesAValueAgainstItsRange() {
    let range = ReferenceRange(low: 125, high: 200)
    #expect(range.position(of: 124.9) == .below)
    #expect(range.position(of: 125) == .within)
    #expect(range.position(of: 200) == .within)
    #expect(range.position(of: 200.1) == .above)
    #expect(ReferenceRange(low: nil, high: 5).position(of: -1) == .within)
  }
}
