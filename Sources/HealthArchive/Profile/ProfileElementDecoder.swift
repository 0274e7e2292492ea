import HealthModel

/// Turns the small elements of a JSON profile (correlations, workouts, this tool's extensions)
/// back into model values.
enum ProfileElementDecoder {
  static func correlation(
    _ value: JSONValue, type: String, filter: ItemFilter, at location: SourceLocation,
    diagnostics: Diagnostics
  ) throws -> Correlation? {
    guard let start = date(value["sdate"]) else {
      try diagnostics.report(Diagnostic(reason: "a correlation without sdate", location: location))
      return nil
    }
    var objects: [Sample] = []
    for object in value["objects"]?.arrayValue ?? [] {
      guard let memberType = object["type"]?.stringValue, filter.includes(sampleType: memberType) else {
        continue
      }
      if let member = try sample(
        object, type: memberType, filter: filter, at: location, diagnostics: diagnostics)
      {
        objects.append(member)
      }
    }
    return Correlation(
      type: type, sourceName: value["sourceName"]?.stringValue ?? "",
      sourceVersion: value["sourceVersion"]?.stringValue, device: value["device"]?.stringValue,
      creationDate: date(value["cdate"]), startDate: start, endDate: date(value["edate"]) ?? start,
      metadata: pairs(value["metadata"]),
      objects: objects, uuid: value["uuid"]?.stringValue)
  }

  /// The keys of a sample element, as read.
  struct SampleFields {
    var unit: String?
    var startDate: Timestamp?
    /// Whether `sdate` was there (it may have been out of range).
    var hasStartDate = false
    var endDate: Timestamp?
    var value: Double?
    var valueName: String?
    var uuid: String?
    var sourceName = ""
    var sourceVersion: String?
    var device: String?
    var creationDate: Timestamp?
    var metadata: [MetadataEntry] = []
  }

  /// A sample held whole (a correlation's member).
  static func sample(
    _ value: JSONValue, type: String, filter: ItemFilter, at location: SourceLocation,
    diagnostics: Diagnostics
  ) throws -> Sample? {
    let fields = SampleFields(
      unit: value["unit"]?.stringValue, startDate: date(value["sdate"]), hasStartDate: value["sdate"] != nil,
      endDate: date(value["edate"]), value: value["value"]?.doubleValue,
      valueName: value["valueName"]?.stringValue, uuid: value["uuid"]?.stringValue,
      sourceName: value["sourceName"]?.stringValue ?? "", sourceVersion: value["sourceVersion"]?.stringValue,
      device: value["device"]?.stringValue, creationDate: date(value["cdate"]),
      metadata: pairs(value["metadata"]))
    return try sample(from: fields, type: type, filter: filter, at: location, diagnostics: diagnostics)
  }

  /// The sample the keys describe: a quantity when it has a unit, else a category (its raw
  /// number named where the type's names are known); nil, reported, without `sdate` or, for a
  /// quantity, without `value`, or ending before it starts unless `filter` keeps such samples.
  static func sample(
    from fields: SampleFields, type: String, filter: ItemFilter, at location: SourceLocation,
    diagnostics: Diagnostics
  ) throws -> Sample? {
    guard let start = fields.startDate else {
      let reason =
        fields.hasStartDate
        ? "a sample whose sdate is outside the years \(AcceptedRange.yearsText)" : "a sample without sdate"
      try diagnostics.report(Diagnostic(reason: reason, location: location))
      return nil
    }
    if let end = fields.endDate, !filter.keepsSamplesEndingBeforeTheyStart,
      let problem = Plausibility.problem(start: start, end: end)
    {
      try diagnostics.report(Diagnostic(reason: problem, location: location))
      return nil
    }
    let sampleValue: SampleValue
    if let unit = fields.unit {
      guard let number = fields.value else {
        try diagnostics.report(Diagnostic(reason: "a quantity without a value", location: location))
        return nil
      }
      guard AcceptedRange.contains(value: number) else {
        try diagnostics.report(
          Diagnostic(
            reason: "a quantity whose value is out of range (a magnitude of 10^15 or more)",
            location: location))
        return nil
      }
      sampleValue = .quantity(number, unit: unit)
    } else if let name = fields.valueName {
      sampleValue = .category(name)
    } else if let number = fields.value {
      let raw = Int(exactly: number)
      sampleValue = .category(
        raw.flatMap { HealthKitRawValues.categoryNamesByType[type]?[$0] } ?? raw.map(String.init)
          ?? String(number))
    } else {
      sampleValue = .none
    }
    return Sample(
      type: type, value: sampleValue, sourceName: fields.sourceName, sourceVersion: fields.sourceVersion,
      device: fields.device, creationDate: fields.creationDate, startDate: start,
      endDate: fields.endDate ?? start, metadata: fields.metadata,
      uuid: fields.uuid)
  }

  static func workout(_ value: JSONValue, at location: SourceLocation, diagnostics: Diagnostics) throws
    -> Workout?
  {
    guard let startDate = date(value["sdate"]) else {
      try diagnostics.report(Diagnostic(reason: "a workout without sdate", location: location))
      return nil
    }
    let activityType =
      value["workoutActivityTypeName"]?.stringValue
      ?? value["workoutActivityType"]?.intValue.flatMap {
        HealthKitRawValues.name(of: $0, in: HealthKitRawValues.workoutActivityTypes)
      } ?? "HKWorkoutActivityTypeOther"
    let endDate = date(value["edate"]) ?? startDate
    let events = (value["workoutEvents"]?.arrayValue ?? []).compactMap { event -> WorkoutEvent? in
      guard let date = date(event["sdate"]) else { return nil }
      let type =
        event["typeName"]?.stringValue
        ?? event["type"]?.intValue.flatMap {
          HealthKitRawValues.name(of: $0, in: HealthKitRawValues.workoutEventTypes)
        }
        ?? "HKWorkoutEventTypeMarker"
      var duration: Quantity?
      if let value = event["durationValue"]?.doubleValue {
        duration = Quantity(value: value, unit: event["durationUnit"]?.stringValue ?? "")
      }
      return WorkoutEvent(type: type, date: date, duration: duration, metadata: pairs(event["metadata"]))
    }
    let statistics = (value["workoutStatistics"]?.arrayValue ?? []).compactMap { item -> WorkoutStatistics? in
      guard let type = item["type"]?.stringValue else { return nil }
      return WorkoutStatistics(
        type: type, startDate: date(item["sdate"]), endDate: date(item["edate"]),
        average: item["average"]?.doubleValue,
        minimum: item["minimum"]?.doubleValue, maximum: item["maximum"]?.doubleValue,
        sum: item["sum"]?.doubleValue,
        unit: item["unit"]?.stringValue)
    }
    let routes = (value["workoutRoutes"]?.arrayValue ?? []).map { route in
      WorkoutRoute(
        sourceName: route["sourceName"]?.stringValue ?? "", startDate: date(route["sdate"]),
        endDate: date(route["edate"]),
        metadata: pairs(route["metadata"]),
        filePaths: (route["files"]?.arrayValue ?? []).compactMap(\.stringValue),
        inlineLocationCount: route["locationCount"]?.intValue ?? 0)
    }
    let workout = Workout(
      activityType: activityType,
      duration: value["duration"]?.doubleValue.map { Quantity(value: $0, unit: "s") },
      totalDistance: value["totalDistance"]?.doubleValue.map { Quantity(value: $0, unit: "m") },
      totalEnergyBurned: value["totalEnergyBurned"]?.doubleValue.map { Quantity(value: $0, unit: "kcal") },
      sourceName: value["sourceName"]?.stringValue ?? "", sourceVersion: value["sourceVersion"]?.stringValue,
      device: value["device"]?.stringValue, creationDate: date(value["cdate"]), startDate: startDate,
      endDate: endDate, metadata: pairs(value["metadata"]), events: events, statistics: statistics,
      routes: routes,
      uuid: value["uuid"]?.stringValue)
    if let problem = Plausibility.problem(of: workout) {
      try diagnostics.report(Diagnostic(reason: problem, location: location))
      return nil
    }
    return workout
  }

  static func activitySummary(_ value: JSONValue) -> ActivitySummary {
    ActivitySummary(
      dateComponents: value["dateComponents"]?.stringValue ?? "", values: pairs(value["values"]))
  }

  static func clinicalRecord(_ value: JSONValue) -> ClinicalRecord? {
    guard let type = value["type"]?.stringValue else { return nil }
    return ClinicalRecord(
      type: type, identifier: value["identifier"]?.stringValue ?? "",
      sourceName: value["sourceName"]?.stringValue ?? "", sourceURL: value["sourceURL"]?.stringValue,
      fhirVersion: value["fhirVersion"]?.stringValue, receivedDate: date(value["receivedDate"]),
      resourceFilePath: value["resourceFilePath"]?.stringValue)
  }

  static func labResult(_ value: JSONValue) -> LabResult? {
    guard let loinc = value["loinc"]?.stringValue, let number = value["value"]?.doubleValue,
      AcceptedRange.contains(value: number), let when = date(value["date"])
    else { return nil }
    return LabResult(
      loinc: loinc, displayName: value["name"]?.stringValue, value: number,
      unit: value["unit"]?.stringValue ?? "",
      date: when, isLocalTime: value["localTime"]?.boolValue ?? false,
      sourceName: value["sourceName"]?.stringValue ?? "",
      resourceFilePath: value["resourceFilePath"]?.stringValue)
  }

  private static func date(_ value: JSONValue?) -> Timestamp? {
    ProfileDate.timestamp(value)
  }

  private static func pairs(_ value: JSONValue?) -> [MetadataEntry] {
    (value?.arrayValue ?? []).compactMap { pair in
      guard let key = pair[0]?.stringValue, let value = pair[1]?.stringValue else { return nil }
      return MetadataEntry(key: key, value: value)
    }
  }
}
