import HealthArchive
import HealthModel

/// The JSON of the person's FHIR resources, in each provider's version: R4 (`4.0.1`) or DSTU2
/// (`1.0.2`, written with Apple's `"key" : value` spacing).
extension SampleModel {
  /// The file of `document`, pretty-printed as Apple writes clinical records.
  package func fhirJSON(_ document: ClinicalDocument, patientIdentifier: String) -> [UInt8] {
    let resource = fhirResource(document, patientIdentifier: patientIdentifier)
    let bytes = JSONWriter.bytes(of: resource, formatting: .pretty)
    return document.provider.isR4 ? bytes : AppleJSONSpacing.apply(to: bytes)
  }

  /// The resource of `document` as a JSON value.
  func fhirResource(_ document: ClinicalDocument, patientIdentifier: String) -> JSONValue {
    let r4 = document.provider.isR4
    let patient: JSONValue = .object([
      member("reference", "Patient/\(patientIdentifier)"),
      member("display", "\(person.firstName) \(person.lastName)"),
    ])
    var members: [JSONValue.Member] = [
      member("resourceType", document.resourceType), member("id", document.identifier),
    ]
    switch document.content {
    case .patient:
      let name: JSONValue = .object([
        member("use", "official"),
        JSONValue.Member(
          key: "family", value: r4 ? .string(person.lastName) : .array([.string(person.lastName)])),
        JSONValue.Member(key: "given", value: .array([.string(person.firstName)])),
      ])
      members += [
        JSONValue.Member(key: "name", value: .array([name])),
        member("gender", person.sex == .female ? "female" : "male"),
        member("birthDate", TextOutput.dayText(person.birthYear, person.birthMonth, person.birthDay)),
      ]
    case .condition(let index):
      let (code, text) =
        index == 0 ? ("367498001", "Seasonal allergic rhinitis") : ("34713006", "Vitamin D deficiency")
      let concept = codeableConcept(system: "http://snomed.info/sct", code: code, display: text)
      if r4 {
        members += [
          JSONValue.Member(
            key: "clinicalStatus",
            value: codeableConcept(
              system: "http://terminology.hl7.org/CodeSystem/condition-clinical", code: "active",
              display: "Active")),
          JSONValue.Member(
            key: "category",
            value: .array([
              codeableConcept(
                system: "http://terminology.hl7.org/CodeSystem/condition-category", code: "problem-list-item",
                display: "Problem List Item")
            ])),
          JSONValue.Member(key: "code", value: concept), JSONValue.Member(key: "subject", value: patient),
          member("onsetDateTime", isoDate(document.effectiveInstant)),
          member("recordedDate", isoDate(document.effectiveInstant)),
        ]
      } else {
        members += [
          JSONValue.Member(key: "patient", value: patient), JSONValue.Member(key: "code", value: concept),
          JSONValue.Member(
            key: "category",
            value: codeableConcept(
              system: "http://hl7.org/fhir/condition-category", code: "diagnosis", display: "Diagnosis")),
          member("clinicalStatus", "active"), member("verificationStatus", "confirmed"),
          member("dateRecorded", String(isoDate(document.effectiveInstant).prefix(10))),
        ]
      }
    case .allergy:
      members += [
        JSONValue.Member(key: "patient", value: patient),
        JSONValue.Member(
          key: "substance",
          value: codeableConcept(
            system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: "7980", display: "Penicillin G")),
        member("status", "confirmed"), member("criticality", "CRITL"), member("type", "allergy"),
        member("category", "medication"), member("recordedDate", isoDate(document.effectiveInstant)),
      ]
    case .immunization:
      members += [
        member("status", "completed"),
        JSONValue.Member(
          key: "vaccineCode",
          value: codeableConcept(
            system: "http://hl7.org/fhir/sid/cvx", code: "158",
            display: "influenza, injectable, quadrivalent, contains preservative")),
        JSONValue.Member(key: "patient", value: patient),
        member("occurrenceDateTime", isoDate(document.effectiveInstant)),
        JSONValue.Member(key: "primarySource", value: .bool(true)),
      ]
    case .medication:
      members += [
        member("status", "active"), member("intent", "order"),
        JSONValue.Member(
          key: "medicationCodeableConcept",
          value: codeableConcept(
            system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: "311372",
            display: "loratadine 10 MG Oral Tablet")),
        JSONValue.Member(key: "subject", value: patient),
        member("authoredOn", isoDate(document.effectiveInstant)),
        JSONValue.Member(
          key: "dosageInstruction", value: .array([.object([member("text", "Take 1 tablet by mouth daily")])])
        ),
      ]
    case .labResult(let visitDay, let labIndex):
      members += labMembers(labResults(onDay: visitDay)[labIndex], document: document, patient: patient)
    }
    return .object(members)
  }

  private func labMembers(
    _ result: LabResultValue, document: ClinicalDocument, patient: JSONValue
  ) -> [JSONValue.Member] {
    let r4 = document.provider.isR4
    let category = codeableConcept(
      system: r4
        ? "http://terminology.hl7.org/CodeSystem/observation-category"
        : "http://hl7.org/fhir/observation-category",
      code: "laboratory", display: "Laboratory")
    var members: [JSONValue.Member] = [
      member("status", "final"),
      JSONValue.Member(key: "category", value: r4 ? .array([category]) : category),
      JSONValue.Member(
        key: "code",
        value: codeableConcept(system: "http://loinc.org", code: result.lab.loinc, display: result.lab.name)),
      JSONValue.Member(key: "subject", value: patient),
      member("effectiveDateTime", isoDate(document.effectiveInstant)),
      member("issued", isoDate(document.receivedInstant - 1_800)),
      JSONValue.Member(key: "valueQuantity", value: quantity(result.value, result)),
    ]
    if result.interpretation != "N" {
      let display = result.interpretation == "H" ? "High" : "Low"
      let flag = codeableConcept(
        system: r4
          ? "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
          : "http://hl7.org/fhir/v2/0078",
        code: result.interpretation, display: display)
      members.append(JSONValue.Member(key: "interpretation", value: r4 ? .array([flag]) : flag))
    }
    var range: [JSONValue.Member] = [JSONValue.Member(key: "low", value: quantity(result.low, result))]
    var text = "\(TextOutput.text(result.low, decimals: result.lab.decimals, isFixed: true))-"
    if let high = result.high {
      range.append(JSONValue.Member(key: "high", value: quantity(high, result)))
      text += TextOutput.text(high, decimals: result.lab.decimals, isFixed: true)
    }
    range.append(
      member(
        "text",
        result.high == nil
          ? ">=\(TextOutput.text(result.low, decimals: result.lab.decimals, isFixed: true)) \(result.unit)"
          : "\(text) \(result.unit)"))
    members.append(JSONValue.Member(key: "referenceRange", value: .array([.object(range)])))
    return members
  }

  private func quantity(_ value: Double, _ result: LabResultValue) -> JSONValue {
    .object([
      JSONValue.Member(key: "value", value: JSONNumber(value).map(JSONValue.number) ?? .null),
      member("unit", result.unit),
      member("system", "http://unitsofmeasure.org"), member("code", result.unitCode),
    ])
  }

  private func codeableConcept(system: String, code: String, display: String) -> JSONValue {
    .object([
      JSONValue.Member(
        key: "coding",
        value: .array([.object([member("system", system), member("code", code), member("display", display)])])
      ),
      member("text", display),
    ])
  }

  private func member(_ key: String, _ text: String) -> JSONValue.Member {
    JSONValue.Member(key: key, value: .string(text))
  }

  /// `2026-06-20T08:41:00-04:00`, in the person's local time.
  func isoDate(_ instant: Int64) -> String {
    let offset = localOffset(at: instant)
    let civil = CivilDateTime(secondsSince1970: instant + Int64(offset))
    func two(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value)" }
    let zone = TextOutput.offsetText(offset)
    return TextOutput.dayText(civil.year, civil.month, civil.day)
      + "T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))\(zone.prefix(3)):\(zone.suffix(2))"
  }
}
