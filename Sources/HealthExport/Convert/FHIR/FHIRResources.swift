import Foundation
import HealthArchive
import HealthModel

/// Turns the items of an input into FHIR R4 resources, one at a time, for a `FHIREmitter` to
/// write: one Patient from `Me`, an Observation per reading of a measure with a LOINC code
/// (`FHIRMeasure`), a blood-pressure panel per correlation, a day's steps counted once (as the
/// summaries count them), and the clinical records' own resources in R4
/// (`FHIRResourceConversion`). Whatever has no FHIR form is counted by what it is.
struct FHIRResources {
  /// Where the resources go.
  let emitter: any FHIREmitter
  /// The zone of `effectiveDateTime`'s offsets and of the days of steps.
  let timeZone: TimeZone
  private var offsets: ZoneOffsetCache
  private var patientID: String?
  private var identity = FHIRIdentifier()
  private var characteristics: [MetadataEntry] = []
  private var exportDate: Timestamp?
  /// The days' steps, counted once across sources.
  private let steps: Summarizer
  /// Resources written, by type.
  private(set) var written: [String: Int] = [:]
  /// What was left out, by reason.
  private(set) var leftOut: [String: Int] = [:]
  /// Records of types with no FHIR form, by type.
  private(set) var unmappedTypes: [String: Int] = [:]

  /// The items the resources are made of: every sample (what has no FHIR form is counted),
  /// correlations, workouts and activity summaries (counted), the clinical records with their
  /// resources, and the glucose readings' metadata (the meal time).
  static let filter: ItemFilter = {
    var filter = ItemFilter(
      sampleTypes: nil, includesCorrelations: true, includesWorkouts: true, includesActivitySummaries: true,
      includesClinicalRecords: true, includesClinicalResources: true, includesAssessments: true,
      metadataTypes: [HealthKitIdentifier.bloodGlucose])
    filter.includesLabResults = false
    return filter
  }()

  init(emitter: any FHIREmitter, timeZone: TimeZone, now: Timestamp) {
    self.emitter = emitter
    self.timeZone = timeZone
    offsets = ZoneOffsetCache(timeZone: timeZone)
    steps = Summarizer(
      selection: SummarySelection(
        period: .day, range: .all, timeZone: .named(timeZone), types: [HealthKitIdentifier.stepCount]),
      now: now, diagnostics: Diagnostics())
  }

  /// Takes one item.
  mutating func add(_ item: HealthItem, at location: SourceLocation) throws {
    switch item {
    case .exportDate(let date):
      exportDate = date
    case .characteristics(let entries):
      characteristics = entries
    case .sample(let sample):
      try add(sample, at: location)
    case .correlation(let correlation):
      try add(correlation)
    case .clinicalRecord(let record):
      try add(record)
    case .workout: count("a workout")
    case .activitySummary: count("an activity summary")
    case .audiogram: count("an audiogram")
    case .visionPrescription: count("a vision prescription")
    case .stateOfMind: count("a state of mind")
    case .labResult, .routePoints, .electrocardiogram: break
    }
  }

  /// Writes the days' steps, and the patient where nothing else was written.
  mutating func finish() throws {
    let patient = try patientReference()
    for row in try steps.finish().rows where row.type == HealthKitIdentifier.stepCount {
      guard let total = row.value?.value else { continue }
      let id = identity.next("Observation", key: "steps|\(row.period.start.millisecondsSince1970)|\(total)")
      let observation: JSONValue = [
        "resourceType": "Observation", "id": .string(id), "status": "final",
        "category": [Self.category("activity", "Activity")],
        "code": Self.code([FHIRMeasure.dailySteps]), "subject": patient,
        "effectivePeriod": [
          "start": .string(dateText(row.period.start)), "end": .string(dateText(row.period.end)),
        ],
        "valueQuantity": Self.quantity(total, unit: "steps/day", code: "/d"),
      ]
      try emit(observation, type: "Observation", id: id)
    }
  }

  // MARK: - Items

  private mutating func add(_ sample: Sample, at location: SourceLocation) throws {
    if sample.type == HealthKitIdentifier.stepCount {
      try steps.add(.sample(sample), at: location)
      return
    }
    if sample.type == HealthKitIdentifier.bloodPressureSystolic
      || sample.type == HealthKitIdentifier.bloodPressureDiastolic
    {
      count("a top-level copy of a blood-pressure reading (written from its correlation)")
      return
    }
    guard let measure = FHIRMeasure.byType[sample.type] else {
      unmappedTypes[sample.type, default: 0] += 1
      return
    }
    guard case .quantity(let raw, let unit) = sample.value,
      let (value, ucum, text) = measure.convert(raw, unit),
      value.isFinite
    else { return count("\(sample.type) in a unit with no UCUM form") }
    let patient = try patientReference()
    let id = identity.next(
      "Observation", key: "\(sample.type)|\(sample.startDate.millisecondsSince1970)|\(raw)")
    var members: [JSONValue.Member] = [
      .init(key: "resourceType", value: "Observation"), .init(key: "id", value: .string(id)),
    ]
    if let profile = measure.profile {
      members.append(
        .init(
          key: "meta", value: ["profile": [.string("http://hl7.org/fhir/StructureDefinition/\(profile)")]]))
    }
    members.append(.init(key: "status", value: "final"))
    if let category = measure.category {
      members.append(
        .init(
          key: "category",
          value: [Self.category(category, category == FHIRMeasure.vitalSigns ? "Vital Signs" : "Laboratory")])
      )
    }
    members += [
      .init(key: "code", value: Self.code([measure.loinc] + measure.otherCodings)),
      .init(key: "subject", value: patient),
    ]
    members += effective(sample.startDate, sample.endDate)
    members.append(.init(key: "valueQuantity", value: Self.quantity(value, unit: text, code: ucum)))
    if let meal = sample.metadata.first(where: { $0.key == "HKBloodGlucoseMealTime" })?.value,
      let note = [
        "1": "Before a meal (HKBloodGlucoseMealTimePreprandial)",
        "2": "After a meal (HKBloodGlucoseMealTimePostprandial)",
      ][meal]
    {
      members.append(.init(key: "note", value: [["text": .string(note)]]))
    }
    members.append(.init(key: "device", value: ["display": .string(sample.sourceName)]))
    try emit(.object(members), type: "Observation", id: id)
  }

  private mutating func add(_ correlation: Correlation) throws {
    guard correlation.type == HealthKitIdentifier.bloodPressureCorrelation else {
      unmappedTypes[correlation.type, default: 0] += 1
      return
    }
    func reading(_ type: String) -> Double? {
      guard let member = correlation.objects.first(where: { $0.type == type }),
        case .quantity(let value, let unit) = member.value, unit == "mmHg", value.isFinite
      else { return nil }
      return value
    }
    let systolic = reading(HealthKitIdentifier.bloodPressureSystolic)
    let diastolic = reading(HealthKitIdentifier.bloodPressureDiastolic)
    guard systolic != nil || diastolic != nil else {
      return count("a blood-pressure correlation without a reading in mmHg")
    }
    let patient = try patientReference()
    let id = identity.next(
      "Observation",
      key: "bp|\(correlation.startDate.millisecondsSince1970)|\(systolic ?? .nan)|\(diastolic ?? .nan)")
    var components: [JSONValue] = []
    for (code, value) in [(FHIRMeasure.systolic, systolic), (FHIRMeasure.diastolic, diastolic)] {
      guard let value else { continue }
      components.append([
        "code": Self.code([code]), "valueQuantity": Self.quantity(value, unit: "mmHg", code: "mm[Hg]"),
      ])
    }
    var members: [JSONValue.Member] = [
      .init(key: "resourceType", value: "Observation"), .init(key: "id", value: .string(id)),
      .init(key: "meta", value: ["profile": ["http://hl7.org/fhir/StructureDefinition/bp"]]),
      .init(key: "status", value: "final"),
      .init(key: "category", value: [Self.category(FHIRMeasure.vitalSigns, "Vital Signs")]),
      .init(key: "code", value: Self.code([FHIRMeasure.bloodPressurePanel])),
      .init(key: "subject", value: patient),
    ]
    members += effective(correlation.startDate, correlation.endDate)
    members += [
      .init(key: "device", value: ["display": .string(correlation.sourceName)]),
      .init(key: "component", value: .array(components)),
    ]
    try emit(.object(members), type: "Observation", id: id)
  }

  private mutating func add(_ record: ClinicalRecord) throws {
    guard let resource = record.resource,
      let json = try? JSONValue(parsing: Array(resource.json.utf8), name: record.resourceFilePath ?? "FHIR")
    else { return count("a clinical record whose FHIR file is missing or unreadable") }
    switch FHIRResourceConversion.r4(json, fhirVersion: record.fhirVersion, patient: try patientReference()) {
    case .converted(let converted):
      let type = converted["resourceType"]?.stringValue ?? "Resource"
      let original = converted["id"]?.stringValue ?? record.identifier
      let id = identity.next(type, key: "clinical|\(record.sourceName)|\(original)")
      guard case .object(var members) = converted else { return }
      if let index = members.firstIndex(where: { $0.key == "id" }) {
        members[index].value = .string(id)
      } else {
        members.insert(.init(key: "id", value: .string(id)), at: 1)
      }
      try emit(.object(members), type: type, id: id)
    case .leftOut(let reason):
      count(reason)
    }
  }

  // MARK: - Writing

  /// The reference to the patient, writing the patient first.
  private mutating func patientReference() throws -> JSONValue {
    if let patientID { return emitter.reference(to: "Patient", id: patientID) }
    var key = "patient|\(exportDate?.millisecondsSince1970 ?? 0)"
    for entry in characteristics { key += "|\(entry.key)=\(entry.value)" }
    let id = identity.next("Patient", key: key)
    patientID = id
    var members: [JSONValue.Member] = [
      .init(key: "resourceType", value: "Patient"), .init(key: "id", value: .string(id)),
    ]
    let characteristics = characteristics
    let value = { (key: String) in characteristics.first { $0.key == key }?.value }
    if let sex = value("HKCharacteristicTypeIdentifierBiologicalSex"),
      let gender = [
        "HKBiologicalSexFemale": "female", "HKBiologicalSexMale": "male", "HKBiologicalSexOther": "other",
      ][sex]
    {
      members.append(.init(key: "gender", value: .string(gender)))
    }
    if let birth = value("HKCharacteristicTypeIdentifierDateOfBirth"), Self.isDate(birth) {
      members.append(.init(key: "birthDate", value: .string(birth)))
    }
    try emit(.object(members), type: "Patient", id: id)
    return emitter.reference(to: "Patient", id: id)
  }

  private mutating func emit(_ resource: JSONValue, type: String, id: String) throws {
    try emitter.emit(resource, type: type, id: id)
    written[type, default: 0] += 1
  }

  private mutating func count(_ reason: String) {
    leftOut[reason, default: 0] += 1
  }

  /// `effectiveDateTime` for an instant, `effectivePeriod` for a span.
  private mutating func effective(_ start: Timestamp, _ end: Timestamp) -> [JSONValue.Member] {
    if start.wholeSecondsSince1970 == end.wholeSecondsSince1970 {
      return [.init(key: "effectiveDateTime", value: .string(dateText(start)))]
    }
    return [
      .init(
        key: "effectivePeriod", value: ["start": .string(dateText(start)), "end": .string(dateText(end))])
    ]
  }

  /// `2026-01-09T10:30:00-05:00`: the instant on the zone's clocks with the zone's offset at it,
  /// to the second.
  mutating func dateText(_ instant: Timestamp) -> String {
    let seconds = instant.wholeSecondsSince1970
    let offset = offsets.offset(at: seconds)
    let civil = CivilDateTime(secondsSince1970: seconds + Int64(offset))
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    return TextOutput.dayText(civil.year, civil.month, civil.day)
      + String(
        format: "T%02d:%02d:%02d%@%02d:%02d", civil.hour, civil.minute, civil.second, sign, magnitude / 3600,
        magnitude % 3600 / 60)
  }

  static func isDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    // A year alone is a FHIR date too: a de-identified record's date of birth.
    if bytes.count == 4 { return bytes.allSatisfy { (48...57).contains($0) } }
    return bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
      && bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }
  }

  static func category(_ code: String, _ display: String) -> JSONValue {
    [
      "coding": [
        [
          "system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": .string(code),
          "display": .string(display),
        ]
      ],
      "text": .string(display),
    ]
  }

  static func code(_ codings: [(code: String, display: String)]) -> JSONValue {
    [
      "coding": .array(
        codings.map {
          ["system": "http://loinc.org", "code": .string($0.code), "display": .string($0.display)]
        }),
      "text": .string(codings[0].display),
    ]
  }

  static func quantity(_ value: Double, unit: String, code: String) -> JSONValue {
    [
      "value": JSONNumber(value).map(JSONValue.number) ?? .null, "unit": .string(unit),
      "system": "http://unitsofmeasure.org", "code": .string(code),
    ]
  }
}
