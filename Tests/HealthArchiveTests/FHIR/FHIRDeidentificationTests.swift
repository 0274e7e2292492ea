import HealthModel
import Testing

@testable import HealthArchive

/// Clinical resources without the names, addresses, identifiers, notes and narratives of anyone,
/// their codes, values, units and dates kept, their dates moved.
@Suite struct FHIRDeidentificationTests {
  /// The ids given, in the order first met, as the de-identifying stage gives them.
  final class IDs {
    var given: [String: String] = [:]
    func renamed(_ type: String, _ id: String) -> String {
      if let number = given[type + "/" + id] { return number }
      given[type + "/" + id] = String(given.count + 1)
      return String(given.count)
    }
  }

  private func deidentified(_ json: String, days: Int = 0) throws -> (json: String?, removed: Int) {
    var removed = 0
    let ids = IDs()
    let context = FHIRDeidentification.Context(
      shift: DayShift(days: days), hosts: ["fhir.lakeside.example"], renamed: ids.renamed)
    let value = FHIRDeidentification.deidentified(
      try JSONValue(parsing: Array(json.utf8)), context: context, removed: &removed)
    return (value.map { String(decoding: JSONWriter.bytes(of: $0), as: UTF8.self) }, removed)
  }

  @Test func keepsTheObservationAndRemovesWhoItIsAbout() throws {
    let result = try deidentified(
      """
      {"resourceType": "Observation", "id": "obs-1", "status": "final",
       "identifier": [{"system": "urn:oid:1.2.4", "value": "ACC-5555"}],
       "text": {"status": "generated", "div": "<div>Glucose for Dana Kowalczyk</div>"},
       "contained": [{"resourceType": "Practitioner", "id": "p1", "name": [{"family": "Marsh"}]}],
       "extension": [{"url": "http://example.org/ordering-clinician", "valueString": "Dr. Marsh"}],
       "code": {"coding": [{"system": "http://loinc.org", "code": "2345-7", "display": "Glucose"}], "text": "Glucose"},
       "subject": {"reference": "https://fhir.lakeside.example/DSTU2/Patient/pat-7", "display": "Dana Kowalczyk"},
       "performer": [{"reference": "Practitioner/doc-9", "display": "Dr. Quentin Marsh"}, {"display": "Lakeside Lab"}],
       "specimen": {"reference": "https://fhir.lakeside.example/DSTU2/Specimen/sp-3"},
       "effectiveDateTime": "2025-01-06T08:15:00-05:00", "issued": "2025-01-06T12:00:00-05:00",
       "valueQuantity": {"value": 92, "unit": "mg/dL", "system": "http://unitsofmeasure.org", "code": "mg/dL"},
       "comments": "Called Dana at 555-0199",
       "note": [{"authorString": "Dr. Marsh", "text": "fasting"}],
       "referenceRange": [{"low": {"value": 70, "unit": "mg/dL"}, "text": "70-99"}]}
      """, days: -10)
    #expect(
      result.json
        == #"{"resourceType":"Observation","id":"1","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"2345-7","display":"Glucose"}],"text":"Glucose"},"subject":{"reference":"Patient/deidentified"},"performer":[{"reference":"Practitioner/deidentified"}],"specimen":{"reference":"Specimen/2"},"effectiveDateTime":"2024-12-27T08:15:00-05:00","issued":"2024-12-27T12:00:00-05:00","valueQuantity":{"value":92,"unit":"mg/dL","system":"http://unitsofmeasure.org","code":"mg/dL"},"referenceRange":[{"low":{"value":70,"unit":"mg/dL"},"text":"70-99"}]}"#
    )
    // identifier, text, the contained Practitioner, extension, two displays and one display-only
    // reference, comments, note.
    #expect(result.removed == 9)
  }

  @Test func leavesOutThePeopleAndOrganizations() throws {
    for type in ["Patient", "Practitioner", "PractitionerRole", "Organization", "RelatedPerson", "Person"] {
      let result = try deidentified(
        #"{"resourceType": "\#(type)", "id": "x", "name": [{"family": "Kowalczyk"}]}"#)
      #expect(result.json == nil, "\(type)")
    }
  }

  @Test func movesEveryKindOfDateKeepingItsPrecision() throws {
    let result = try deidentified(
      """
      {"resourceType": "Condition", "onsetDateTime": "2024-03", "recordedDate": "2024-03-05",
       "abatementPeriod": {"start": "2024", "end": "2024-04-01T10:00:00Z"}, "dateAsserted": "2024-03-06",
       "lastOccurrence": "2024-03-07T00:00:00Z", "clinicalStatus": "active"}
      """, days: 31)
    #expect(
      result.json
        == #"{"resourceType":"Condition","onsetDateTime":"2024-04","recordedDate":"2024-04-05","abatementPeriod":{"start":"2024","end":"2024-05-02T10:00:00Z"},"dateAsserted":"2024-04-06","lastOccurrence":"2024-04-07T00:00:00Z","clinicalStatus":"active"}"#
    )
    #expect(result.removed == 0)
  }

  @Test func removesNotesAttachmentsOtherIdentifiersAndTheProvidersAddress() throws {
    let result = try deidentified(
      """
      {"resourceType": "DiagnosticReport", "id": "dr-1", "status": "final",
       "meta": {"source": "https://fhir.lakeside.example/R4", "lastUpdated": "2024-03-07T00:00:00Z"},
       "modifierExtension": [{"url": "http://example.org/x", "valueString": "Dana"}],
       "accessionIdentifier": {"value": "ACC-1"}, "subscriberId": "MEM-2",
       "notes": "Dana called back",
       "code": {"coding": [{"system": "http://loinc.org", "code": "58410-2"}]},
       "presentedForm": [{"contentType": "application/pdf", "data": "RGFuYQ=="}],
       "conclusion": "See https://fhir.lakeside.example/R4/Binary/9 for 2024-03-05",
       "result": [{"reference": "Observation/obs-1"}, {"reference": "Patient?identifier=urn:mrn|31337"}],
       "valueSampledData": {"period": 2, "dimensions": 1, "data": "1 2 3"},
       "onset": "2024-03", "effectivePeriod": {"start": "2024-03-05T10:00:00Z"}}
      """, days: 1)
    #expect(
      result.json
        == #"{"resourceType":"DiagnosticReport","id":"1","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"58410-2"}]},"result":[{"reference":"Observation/2"},{"reference":"Patient/deidentified"}],"valueSampledData":{"period":2,"dimensions":1,"data":"1 2 3"},"onset":"2024-03","effectivePeriod":{"start":"2024-03-06T10:00:00Z"}}"#
    )
    // meta, modifierExtension, accessionIdentifier, subscriberId, notes, presentedForm, the text
    // naming the provider's server.
    #expect(result.removed == 7)
  }

  @Test func namesReferencesWithoutTheProvidersAddress() {
    let ids = IDs()
    let context = FHIRDeidentification.Context(shift: DayShift(days: 0), hosts: [], renamed: ids.renamed)
    #expect(FHIRDeidentification.reference("#med1", context: context) == "#med1")
    #expect(FHIRDeidentification.reference("Medication/m-2", context: context) == "Medication/1")
    #expect(
      FHIRDeidentification.reference("https://host/api/FHIR/R4/Organization/o-1", context: context)
        == "Organization/deidentified")
    #expect(
      FHIRDeidentification.reference("https://host/api/R4/Medication/m-2", context: context) == "Medication/1"
    )
    #expect(FHIRDeidentification.reference("urn:uuid:1234", context: context) == "urn:uuid:1234")
  }
}
