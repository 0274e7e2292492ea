/// A clinical record's FHIR resource as FHIR R4 holds it, pointing at one patient: an R4 resource
/// as it is, with its patient reference replaced; a DSTU2 one (`fhirVersion` `1.0.2`, which
/// Apple's exports hold beside R4, often one version per provider) converted element by element
/// for the types a record of the Health app's is made of: Observation, Condition,
/// AllergyIntolerance, Immunization, and MedicationOrder, which R4 calls MedicationRequest.
///
/// A converted resource holds only R4's elements: each DSTU2 element is copied where R4 has it
/// under the same name and shape, renamed or reshaped where R4 moved it (a single `category`
/// becomes a list, a status code a CodeableConcept, `dateRecorded` `recordedDate`, …), and left
/// out where R4 has no place for it (an Immunization's `requester`, a Condition's
/// `abatementBoolean`). The rules are those of each resource's "Changes from DSTU2" in the R4
/// specification (docs/convert.md lists them).
package enum FHIRResourceConversion {
  /// What became of a resource.
  package enum Outcome: Hashable, Sendable {
    /// The R4 resource.
    case converted(JSONValue)
    /// Left out: why, for the summary line (`a DSTU2 Procedure`, `a patient`).
    case leftOut(String)
  }

  /// The resource types that name their patient `patient` in R4; the others that refer to one
  /// name it `subject`.
  static let patientKeyed: Set<String> = ["AllergyIntolerance", "Immunization"]

  /// `resource` in R4, referring to `patient`.
  /// - Parameters:
  ///   - resource: the FHIR file's JSON.
  ///   - fhirVersion: the record's `fhirVersion` (`1.0.2` is DSTU2; anything else is taken as R4).
  ///   - patient: the reference every converted resource carries (`{"reference": …}`).
  /// - Returns: the R4 resource, or why it is left out: a patient (the one patient replaces it), a
  ///   DSTU2 type with no conversion, or a resource R4 could not hold (no code, no date given).
  package static func r4(_ resource: JSONValue, fhirVersion: String?, patient: JSONValue) -> Outcome {
    guard let members = resource.members, let type = resource["resourceType"]?.stringValue else {
      return .leftOut("a resource without a resourceType")
    }
    if type == "Patient" { return .leftOut("a Patient (the one patient of the export replaces it)") }
    guard fhirVersion?.hasPrefix("1.0") ?? false else {
      return .converted(.object(pointing(members, type: type, at: patient)))
    }
    var source = Source(members)
    let converted: [JSONValue.Member]?
    switch type {
    case "Observation": converted = observation(&source, patient: patient)
    case "Condition": converted = condition(&source, patient: patient)
    case "AllergyIntolerance": converted = allergy(&source, patient: patient)
    case "Immunization": converted = immunization(&source, patient: patient)
    case "MedicationOrder": converted = medicationRequest(&source, patient: patient)
    default: return .leftOut("a DSTU2 \(type)")
    }
    guard let converted else { return .leftOut("a DSTU2 \(type) that R4 cannot hold") }
    return .converted(.object(converted))
  }

  /// An R4 resource's members with its patient reference replaced by `patient` (added where a
  /// clinical resource has none).
  static func pointing(_ members: [JSONValue.Member], type: String, at patient: JSONValue) -> [JSONValue
    .Member]
  {
    var members = members
    let key =
      members.contains { $0.key == "patient" }
      ? "patient" : patientKeyed.contains(type) ? "patient" : "subject"
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = patient
    } else if clinicalTypes.contains(type) {
      members.append(JSONValue.Member(key: key, value: patient))
    }
    return members
  }

  /// R4 types that refer to their patient.
  static let clinicalTypes: Set<String> = [
    "Observation", "Condition", "AllergyIntolerance", "Immunization", "MedicationRequest", "Procedure",
    "DiagnosticReport", "MedicationStatement", "CarePlan", "Encounter", "DocumentReference", "Goal",
    "ServiceRequest", "MedicationAdministration", "MedicationDispense", "FamilyMemberHistory", "CareTeam",
  ]

  // MARK: - Resources

  static func observation(_ source: inout Source, patient: JSONValue) -> [JSONValue.Member]? {
    guard let code = source["code"] else { return nil }
    var out = Target(type: "Observation")
    out.copy(from: source, ["id", "text", "extension", "modifierExtension", "identifier"])
    out["status"] = source["status"] ?? "unknown"
    if let category = source["category"] {
      out["category"] = .array([recoded(category, Self.categorySystems)])
    }
    out["code"] = code
    out["subject"] = patient
    out.copy(
      from: source,
      [
        "encounter", "effectiveDateTime", "effectivePeriod", "issued", "performer", "valueQuantity",
        "valueCodeableConcept", "valueString", "valueRange", "valueRatio", "valueSampledData", "valueTime",
        "valueDateTime", "valuePeriod", "dataAbsentReason",
      ])
    if let interpretation = source["interpretation"] {
      out["interpretation"] = .array([recoded(interpretation, Self.interpretationSystems)])
    }
    out.note(from: source, "comments")
    out.copy(from: source, ["bodySite", "method", "specimen", "device"])
    if let ranges = source["referenceRange"]?.arrayValue {
      out["referenceRange"] = .array(ranges.map(referenceRange))
    }
    for (relation, key) in [("has-member", "hasMember"), ("derived-from", "derivedFrom")] {
      let targets = (source["related"]?.arrayValue ?? []).filter { $0["type"]?.stringValue == relation }
        .compactMap { $0["target"] }
      if !targets.isEmpty { out[key] = .array(targets) }
    }
    if let components = source["component"]?.arrayValue {
      out["component"] = .array(
        components.compactMap { component -> JSONValue? in
          guard let members = component.members else { return nil }
          let part = Source(members)
          var converted = Target(type: "")
          converted.copy(
            from: part,
            [
              "code", "valueQuantity", "valueCodeableConcept", "valueString", "valueRange", "valueRatio",
              "valueSampledData", "valueTime", "valueDateTime", "valuePeriod", "dataAbsentReason",
            ])
          if let ranges = part["referenceRange"]?.arrayValue {
            converted["referenceRange"] = .array(ranges.map(referenceRange))
          }
          return converted.members.isEmpty ? nil : .object(converted.members)
        })
    }
    return out.members
  }

  static func condition(_ source: inout Source, patient: JSONValue) -> [JSONValue.Member]? {
    guard source["code"] != nil else { return nil }
    var out = Target(type: "Condition")
    out.copy(from: source, ["id", "text", "extension", "modifierExtension", "identifier"])
    if let status = source["clinicalStatus"]?.stringValue {
      out["clinicalStatus"] = concept(
        "http://terminology.hl7.org/CodeSystem/condition-clinical", status == "relapse" ? "relapse" : status)
    }
    if let status = source["verificationStatus"]?.stringValue, status != "unknown" {
      out["verificationStatus"] = concept(
        "http://terminology.hl7.org/CodeSystem/condition-ver-status", status)
    }
    if let category = source["category"] { out["category"] = .array([category]) }
    out.copy(from: source, ["severity", "code", "bodySite"])
    out["subject"] = patient
    out.copy(from: source, ["encounter"])
    out.choice(from: source, "onset", renaming: ["Quantity": "Age"], dropping: [])
    out.choice(from: source, "abatement", renaming: ["Quantity": "Age"], dropping: ["Boolean"])
    if let recorded = source["dateRecorded"] { out["recordedDate"] = recorded }
    out.copy(from: source, ["asserter"])
    if let stage = source["stage"] { out["stage"] = .array([stage]) }
    if let evidence = source["evidence"]?.arrayValue {
      out["evidence"] = .array(
        evidence.map { item in
          var converted: [JSONValue.Member] = []
          if let code = item["code"] { converted.append(.init(key: "code", value: .array([code]))) }
          if let detail = item["detail"] { converted.append(.init(key: "detail", value: detail)) }
          return .object(converted)
        })
    }
    out.note(from: source, "notes")
    return out.members
  }

  static func allergy(_ source: inout Source, patient: JSONValue) -> [JSONValue.Member]? {
    var out = Target(type: "AllergyIntolerance")
    out.copy(from: source, ["id", "text", "extension", "modifierExtension", "identifier"])
    if let status = source["status"]?.stringValue {
      if ["active", "inactive", "resolved"].contains(status) {
        out["clinicalStatus"] = concept(
          "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", status)
      } else if ["unconfirmed", "confirmed", "refuted", "entered-in-error"].contains(status) {
        out["verificationStatus"] = concept(
          "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification", status)
      }
    }
    if let type = source["type"]?.stringValue, ["allergy", "intolerance"].contains(type) {
      out["type"] = .string(type)
    }
    if let category = source["category"]?.stringValue,
      ["food", "medication", "environment"].contains(category)
    {
      out["category"] = .array([.string(category)])
    }
    if let criticality = source["criticality"]?.stringValue,
      let mapped = ["CRITL": "low", "CRITH": "high", "CRITU": "unable-to-assess"][criticality]
    {
      out["criticality"] = .string(mapped)
    }
    if let substance = source["substance"] { out["code"] = substance }
    out["patient"] = patient
    if let onset = source["onset"] { out["onsetDateTime"] = onset }
    out.copy(from: source, ["recordedDate", "recorder"])
    if let reporter = source["reporter"] { out["asserter"] = reporter }
    if let last = source["lastOccurence"] { out["lastOccurrence"] = last }
    if let note = source["note"] { out["note"] = .array([note]) }
    if let reactions = source["reaction"]?.arrayValue {
      let converted = reactions.compactMap { reaction -> JSONValue? in
        guard let members = reaction.members, reaction["manifestation"] != nil else { return nil }
        let part = Source(members)
        var out = Target(type: "")
        out.copy(
          from: part, ["substance", "manifestation", "description", "onset", "severity", "exposureRoute"])
        if let note = part["note"] { out["note"] = .array([note]) }
        return .object(out.members)
      }
      if !converted.isEmpty { out["reaction"] = .array(converted) }
    }
    return out.members
  }

  static func immunization(_ source: inout Source, patient: JSONValue) -> [JSONValue.Member]? {
    guard let vaccine = source["vaccineCode"], let date = source["date"] else { return nil }
    var out = Target(type: "Immunization")
    out.copy(from: source, ["id", "text", "extension", "modifierExtension", "identifier"])
    let notGiven = source["wasNotGiven"]?.boolValue ?? false
    out["status"] = .string(
      notGiven
        ? "not-done" : source["status"]?.stringValue == "entered-in-error" ? "entered-in-error" : "completed")
    if let reason = source["explanation"]?["reasonNotGiven"]?.arrayValue?.first {
      out["statusReason"] = reason
    }
    out["vaccineCode"] = vaccine
    out["patient"] = patient
    out.copy(from: source, ["encounter"])
    out["occurrenceDateTime"] = date
    if let reported = source["reported"]?.boolValue { out["primarySource"] = .bool(!reported) }
    out.copy(from: source, ["manufacturer", "lotNumber", "expirationDate", "site", "route", "doseQuantity"])
    var performers: [JSONValue] = []
    if let performer = source["performer"] { performers.append(["actor": performer]) }
    if let requester = source["requester"] {
      performers.append([
        "function": concept("http://terminology.hl7.org/CodeSystem/v2-0443", "OP"), "actor": requester,
      ])
    }
    if !performers.isEmpty { out["performer"] = .array(performers) }
    out.copy(from: source, ["note"])
    if let reasons = source["explanation"]?["reason"] { out["reasonCode"] = reasons }
    if let reactions = source["reaction"] { out["reaction"] = reactions }
    if let protocols = source["vaccinationProtocol"]?.arrayValue {
      let applied = protocols.compactMap { item -> JSONValue? in
        guard let dose = item["doseSequence"] else { return nil }
        var members: [JSONValue.Member] = []
        if let series = item["series"] { members.append(.init(key: "series", value: series)) }
        if let authority = item["authority"] { members.append(.init(key: "authority", value: authority)) }
        if let disease = item["targetDisease"] { members.append(.init(key: "targetDisease", value: disease)) }
        members.append(.init(key: "doseNumberPositiveInt", value: dose))
        if let doses = item["seriesDoses"] {
          members.append(.init(key: "seriesDosesPositiveInt", value: doses))
        }
        return .object(members)
      }
      if !applied.isEmpty { out["protocolApplied"] = .array(applied) }
    }
    return out.members
  }

  static func medicationRequest(_ source: inout Source, patient: JSONValue) -> [JSONValue.Member]? {
    guard source["medicationCodeableConcept"] != nil || source["medicationReference"] != nil else {
      return nil
    }
    var out = Target(type: "MedicationRequest")
    out.copy(from: source, ["id", "text", "extension", "modifierExtension", "identifier"])
    let statuses = ["active", "on-hold", "completed", "entered-in-error", "stopped", "draft"]
    let status = source["status"]?.stringValue
    out["status"] = .string(status.flatMap { statuses.contains($0) ? $0 : nil } ?? "unknown")
    out["intent"] = "order"
    out.copy(from: source, ["medicationCodeableConcept", "medicationReference"])
    out["subject"] = patient
    out.copy(from: source, ["encounter"])
    if let written = source["dateWritten"] { out["authoredOn"] = written }
    if let prescriber = source["prescriber"] { out["requester"] = prescriber }
    if let reason = source["reasonCodeableConcept"] { out["reasonCode"] = .array([reason]) }
    if let reason = source["reasonReference"] { out["reasonReference"] = .array([reason]) }
    out.note(from: source, "note")
    if let dosages = source["dosageInstruction"]?.arrayValue {
      out["dosageInstruction"] = .array(dosages.map(dosage))
    }
    if let dispense = source["dispenseRequest"]?.members {
      let part = Source(dispense)
      var converted = Target(type: "")
      converted.copy(
        from: part, ["validityPeriod", "numberOfRepeatsAllowed", "quantity", "expectedSupplyDuration"])
      if !converted.members.isEmpty { out["dispenseRequest"] = .object(converted.members) }
    }
    out.copy(from: source, ["priorPrescription"])
    return out.members
  }

  // MARK: - Elements

  /// DSTU2's code systems of observation categories and interpretations, and R4's.
  static let categorySystems = [
    "http://hl7.org/fhir/observation-category": "http://terminology.hl7.org/CodeSystem/observation-category"
  ]
  static let interpretationSystems = [
    "http://hl7.org/fhir/v2/0078": "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
  ]

  /// A CodeableConcept of one coding.
  static func concept(_ system: String, _ code: String) -> JSONValue {
    ["coding": [["system": .string(system), "code": .string(code)]]]
  }

  /// `concept` with its codings' systems renamed as `systems` says.
  static func recoded(_ concept: JSONValue, _ systems: [String: String]) -> JSONValue {
    guard var members = concept.members, let index = members.firstIndex(where: { $0.key == "coding" }),
      let codings = members[index].value.arrayValue
    else { return concept }
    members[index].value = .array(
      codings.map { coding in
        guard var parts = coding.members, let at = parts.firstIndex(where: { $0.key == "system" }),
          let system = parts[at].value.stringValue, let renamed = systems[system]
        else { return coding }
        parts[at].value = .string(renamed)
        return .object(parts)
      })
    return .object(members)
  }

  /// A DSTU2 reference range in R4: `meaning` is R4's `type`.
  static func referenceRange(_ range: JSONValue) -> JSONValue {
    guard let members = range.members else { return range }
    let part = Source(members)
    var out = Target(type: "")
    out.copy(from: part, ["low", "high"])
    if let meaning = part["meaning"] { out["type"] = meaning }
    out.copy(from: part, ["age", "text"])
    return .object(out.members)
  }

  /// A DSTU2 dosage instruction as R4's Dosage: the dose and rate go into `doseAndRate`, the site
  /// is a CodeableConcept, additional instructions a list.
  static func dosage(_ dosage: JSONValue) -> JSONValue {
    guard let members = dosage.members else { return dosage }
    let part = Source(members)
    var out = Target(type: "")
    out.copy(from: part, ["text"])
    if let additional = part["additionalInstructions"] { out["additionalInstruction"] = .array([additional]) }
    if let timing = part["timing"] { out["timing"] = Self.timing(timing) }
    out.copy(from: part, ["asNeededBoolean", "asNeededCodeableConcept"])
    if let site = part["siteCodeableConcept"] { out["site"] = site }
    out.copy(from: part, ["route", "method"])
    var doseAndRate: [JSONValue.Member] = []
    for key in ["doseRange", "doseQuantity", "rateRatio", "rateRange"] {
      if let value = part[key] { doseAndRate.append(.init(key: key, value: value)) }
    }
    if !doseAndRate.isEmpty { out["doseAndRate"] = .array([.object(doseAndRate)]) }
    out.copy(from: part, ["maxDosePerPeriod"])
    return .object(out.members)
  }

  /// A DSTU2 Timing in R4: `durationUnits` and `periodUnits` lose their `s`, `when` is a list.
  static func timing(_ timing: JSONValue) -> JSONValue {
    guard let members = timing.members else { return timing }
    let part = Source(members)
    var out = Target(type: "")
    out.copy(from: part, ["event", "code"])
    if let repeats = part["repeat"]?.members {
      let inner = Source(repeats)
      var converted = Target(type: "")
      converted.copy(
        from: inner,
        [
          "boundsDuration", "boundsRange", "boundsPeriod", "count", "duration", "durationMax", "frequency",
          "frequencyMax", "period", "periodMax",
        ])
      if let bounds = inner["boundsQuantity"] { converted["boundsDuration"] = bounds }
      if let unit = inner["durationUnits"] { converted["durationUnit"] = unit }
      if let unit = inner["periodUnits"] { converted["periodUnit"] = unit }
      if let when = inner["when"] { converted["when"] = .array([when]) }
      out["repeat"] = .object(converted.members)
    }
    return .object(out.members)
  }

  // MARK: - Building

  /// A DSTU2 resource's members, looked up by key.
  struct Source {
    let members: [JSONValue.Member]
    init(_ members: [JSONValue.Member]) { self.members = members }
    subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }
  }

  /// An R4 resource being built, its members in the order set.
  struct Target {
    private(set) var members: [JSONValue.Member]

    init(type: String) {
      members = type.isEmpty ? [] : [JSONValue.Member(key: "resourceType", value: .string(type))]
    }

    subscript(key: String) -> JSONValue? {
      get { members.first { $0.key == key }?.value }
      set {
        members.removeAll { $0.key == key }
        if let newValue { members.append(JSONValue.Member(key: key, value: newValue)) }
      }
    }

    /// Copies the members of `source` named in `keys`, where it has them.
    mutating func copy(from source: Source, _ keys: [String]) {
      for key in keys { if let value = source[key] { self[key] = value } }
    }

    /// A DSTU2 text (`comments`, `notes`, a MedicationOrder's `note`) as R4's list of annotations.
    mutating func note(from source: Source, _ key: String) {
      guard let text = source[key]?.stringValue else { return }
      self["note"] = [["text": .string(text)]]
    }

    /// A choice element (`onset[x]`) with its types renamed or left out.
    mutating func choice(
      from source: Source, _ name: String, renaming: [String: String], dropping: Set<String>
    ) {
      for member in source.members where member.key.hasPrefix(name) && member.key.count > name.count {
        let type = String(member.key.dropFirst(name.count))
        guard type.first?.isUppercase ?? false, !dropping.contains(type) else { continue }
        self[name + (renaming[type] ?? type)] = member.value
      }
    }
  }
}
