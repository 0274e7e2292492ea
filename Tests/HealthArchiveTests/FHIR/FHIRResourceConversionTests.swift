import Testing

@testable import HealthArchive

/// DSTU2 resources of the shapes Apple's exports hold, converted to R4 element by element; R4
/// ones pointed at the one patient.
@Suite struct FHIRResourceConversionTests {
  static let patient: JSONValue = ["reference": "urn:uuid:p"]

  static func converted(_ json: String, version: String? = "1.0.2") throws -> String {
    let outcome = FHIRResourceConversion.r4(
      try JSONValue(parsing: Array(json.utf8)), fhirVersion: version, patient: patient)
    guard case .converted(let value) = outcome else { return "\(outcome)" }
    return String(decoding: JSONWriter.bytes(of: value), as: UTF8.self)
  }

  @Test func condition() throws {
    let json = """
      {"asserter":{"display":"Troy Monken","reference":"Practitioner/23"},"category":{"coding":[{"system":"http://hl7.org/fhir/condition-category","code":"diagnosis"}]},
       "clinicalStatus":"active","dateRecorded":"2007-10-12","code":{"text":"Hypothyroidism","coding":[{"system":"http://snomed.info/sct","code":"40930008"}]},
       "id":"42467","verificationStatus":"confirmed","resourceType":"Condition","patient":{"reference":"Patient/1"},
       "onsetQuantity":{"value":30,"unit":"a"},"abatementBoolean":false,"notes":"Since college"}
      """
    #expect(
      try Self.converted(json)
        == #"{"resourceType":"Condition","id":"42467","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-clinical","code":"active"}]},"verificationStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-ver-status","code":"confirmed"}]},"category":[{"coding":[{"system":"http://hl7.org/fhir/condition-category","code":"diagnosis"}]}],"code":{"text":"Hypothyroidism","coding":[{"system":"http://snomed.info/sct","code":"40930008"}]},"subject":{"reference":"urn:uuid:p"},"onsetAge":{"value":30,"unit":"a"},"recordedDate":"2007-10-12","asserter":{"display":"Troy Monken","reference":"Practitioner/23"},"note":[{"text":"Since college"}]}"#
    )
  }

  @Test func allergyIntolerance() throws {
    let json = """
      {"onset":"2003-04-12","id":"2","patient":{"reference":"Patient/100"},"status":"confirmed","criticality":"CRITH","category":"medication",
       "reaction":[{"onset":"2017-03-17T15:23:00+05:00","manifestation":[{"text":"Rash"}],"severity":"mild","certainty":"likely"}],
       "substance":{"text":"Penicillin","coding":[{"system":"http://snomed.info/sct","code":"373270004"}]},"recordedDate":"2017-03-18","resourceType":"AllergyIntolerance"}
      """
    #expect(
      try Self.converted(json)
        == #"{"resourceType":"AllergyIntolerance","id":"2","verificationStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-verification","code":"confirmed"}]},"category":["medication"],"criticality":"high","code":{"text":"Penicillin","coding":[{"system":"http://snomed.info/sct","code":"373270004"}]},"patient":{"reference":"urn:uuid:p"},"onsetDateTime":"2003-04-12","recordedDate":"2017-03-18","reaction":[{"manifestation":[{"text":"Rash"}],"onset":"2017-03-17T15:23:00+05:00","severity":"mild"}]}"#
    )
  }

  @Test func immunization() throws {
    let json = """
      {"vaccineCode":{"text":"DTaP","coding":[{"system":"CVX","code":"115"}]},"id":"19","resourceType":"Immunization",
       "encounter":{"reference":"Encounter/129837645"},"requester":{"display":"Altick Kelly","reference":"Practitioner/8"},
       "date":"2017-10-18","reported":false,"vaccinationProtocol":[{"doseSequence":2,"series":"DTaP"}]}
      """
    #expect(
      try Self.converted(json)
        == #"{"resourceType":"Immunization","id":"19","status":"completed","vaccineCode":{"text":"DTaP","coding":[{"system":"CVX","code":"115"}]},"patient":{"reference":"urn:uuid:p"},"encounter":{"reference":"Encounter/129837645"},"occurrenceDateTime":"2017-10-18","primarySource":true,"performer":[{"function":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0443","code":"OP"}]},"actor":{"display":"Altick Kelly","reference":"Practitioner/8"}}],"protocolApplied":[{"series":"DTaP","doseNumberPositiveInt":2}]}"#
    )
    // R4 requires when it was given.
    #expect(
      try Self.converted(#"{"resourceType":"Immunization","vaccineCode":{"text":"DTaP"}}"#)
        == #"leftOut("a DSTU2 Immunization that R4 cannot hold")"#)
  }

  @Test func medicationOrderBecomesMedicationRequest() throws {
    let json = """
      {"status":"active","note":"Over the counter","id":"13","medicationCodeableConcept":{"text":"Prenatal vitamins"},
       "patient":{"reference":"Patient/100"},"prescriber":{"display":"Altick Kelly","reference":"Practitioner/8"},"dateWritten":"2017-10-20",
       "resourceType":"MedicationOrder","dosageInstruction":[{"text":"One tablet by mouth daily","doseQuantity":{"value":1},
       "timing":{"repeat":{"boundsPeriod":{"start":"2017-10-20"},"frequency":1,"period":1,"periodUnits":"d"}}}]}
      """
    #expect(
      try Self.converted(json)
        == #"{"resourceType":"MedicationRequest","id":"13","status":"active","intent":"order","medicationCodeableConcept":{"text":"Prenatal vitamins"},"subject":{"reference":"urn:uuid:p"},"authoredOn":"2017-10-20","requester":{"display":"Altick Kelly","reference":"Practitioner/8"},"note":[{"text":"Over the counter"}],"dosageInstruction":[{"text":"One tablet by mouth daily","timing":{"repeat":{"boundsPeriod":{"start":"2017-10-20"},"frequency":1,"period":1,"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":1}}]}]}"#
    )
  }

  @Test func observation() throws {
    let json = """
      {"resourceType":"Observation","id":"7","status":"final","category":{"coding":[{"system":"http://hl7.org/fhir/observation-category","code":"laboratory"}]},
       "code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"subject":{"reference":"Patient/1"},"effectiveDateTime":"2018-12-18",
       "valueQuantity":{"value":210,"unit":"mg/dL"},"interpretation":{"coding":[{"system":"http://hl7.org/fhir/v2/0078","code":"H"}]},
       "comments":"Fasting","referenceRange":[{"high":{"value":200},"meaning":{"text":"normal"}}],"valueAttachment":{"url":"x"}}
      """
    #expect(
      try Self.converted(json)
        == #"{"resourceType":"Observation","id":"7","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"2093-3"}]},"subject":{"reference":"urn:uuid:p"},"effectiveDateTime":"2018-12-18","valueQuantity":{"value":210,"unit":"mg/dL"},"interpretation":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation","code":"H"}]}],"note":[{"text":"Fasting"}],"referenceRange":[{"high":{"value":200},"type":{"text":"normal"}}]}"#
    )
  }

  /// R4 as it is, pointed at the one patient; patients and unconverted DSTU2 types left out.
  @Test func r4AsItIsAndWhatIsLeftOut() throws {
    #expect(
      try Self.converted(
        #"{"resourceType":"Condition","id":"e1","code":{"text":"Asthma"},"subject":{"reference":"Patient/e9","display":"Jo"}}"#,
        version: "4.0.1")
        == #"{"resourceType":"Condition","id":"e1","code":{"text":"Asthma"},"subject":{"reference":"urn:uuid:p"}}"#
    )
    #expect(
      try Self.converted(#"{"resourceType":"Immunization","id":"e2","status":"completed"}"#, version: "4.0.1")
        == #"{"resourceType":"Immunization","id":"e2","status":"completed","patient":{"reference":"urn:uuid:p"}}"#
    )
    #expect(
      try Self.converted(#"{"resourceType":"Patient","id":"1"}"#, version: "4.0.1")
        == #"leftOut("a Patient (the one patient of the export replaces it)")"#)
    #expect(
      try Self.converted(#"{"resourceType":"Procedure","id":"10"}"#) == #"leftOut("a DSTU2 Procedure")"#)
  }
}
