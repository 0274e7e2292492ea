import HealthModel

/// Workouts, activity summaries and clinical-record references: rarer elements, read attribute by
/// attribute into the model.
extension ExportXMLReader {
  /// Reads the `Workout` whose start tag is current, with its children, in either of Apple's
  /// shapes; nil when it has no type or no valid dates (reported).
  func readWorkout(isEmpty: Bool, location: SourceLocation) throws -> Workout? {
    try reportRepairs(location)
    let attributes = try namedValues()
    var fields = CommonFields()
    var metadata: [MetadataEntry] = []
    for attribute in tokenizer.attributes where !isWorkoutAttribute(attribute) {
      try read(attribute, into: &fields, extraMetadata: &metadata)
    }
    var workout = Workout(
      activityType: attributes["workoutActivityType"] ?? "",
      duration: total(attributes["duration"], unit: attributes["durationUnit"]),
      totalDistance: total(attributes["totalDistance"], unit: attributes["totalDistanceUnit"]),
      totalEnergyBurned: total(attributes["totalEnergyBurned"], unit: attributes["totalEnergyBurnedUnit"]),
      sourceName: fields.sourceName ?? "", sourceVersion: fields.sourceVersion, device: fields.device,
      creationDate: fields.creationDate, startDate: fields.startDate ?? Timestamp(millisecondsSince1970: 0),
      endDate: fields.endDate ?? Timestamp(millisecondsSince1970: 0), metadata: metadata)
    if !isEmpty {
      try readChildren { childIsEmpty in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { workout.metadata.append(entry) }
        } else if tokenizer.nameIs("WorkoutEvent") {
          if let event = try readWorkoutEvent(isEmpty: childIsEmpty) { workout.events.append(event) }
        } else if tokenizer.nameIs("WorkoutStatistics") {
          if let statistics = try readWorkoutStatistics() { workout.statistics.append(statistics) }
        } else if tokenizer.nameIs("WorkoutRoute") {
          workout.routes.append(try readWorkoutRoute(isEmpty: childIsEmpty))
        } else if tokenizer.nameIs("WorkoutActivity") {
          workout.activities.append(try readWorkoutActivity(isEmpty: childIsEmpty))
        }
      }
    }
    guard try isIntact(location) else { return nil }
    guard !workout.activityType.isEmpty else {
      try report("a workout without a workoutActivityType", location)
      return nil
    }
    guard fields.startDate != nil, fields.endDate != nil else {
      try report("a workout without valid dates", location)
      return nil
    }
    if let problem = Plausibility.problem(of: workout) {
      try report(problem, location)
      return nil
    }
    return workout
  }

  private func readWorkoutEvent(isEmpty: Bool) throws -> WorkoutEvent? {
    let attributes = try namedValues()
    guard let type = attributes["type"], let date = attributes["date"].flatMap(ValueParsing.appleDate)
    else { return nil }
    var event = WorkoutEvent(
      type: type, date: date, duration: quantity(attributes["duration"], unit: attributes["durationUnit"]))
    if !isEmpty {
      try readChildren { _ in
        if tokenizer.nameIs("MetadataEntry"), let entry = try metadataEntry() { event.metadata.append(entry) }
      }
    }
    return event
  }

  private func readWorkoutStatistics() throws -> WorkoutStatistics? {
    let attributes = try namedValues()
    guard let type = attributes["type"] else { return nil }
    return WorkoutStatistics(
      type: type, startDate: attributes["startDate"].flatMap(ValueParsing.appleDate),
      endDate: attributes["endDate"].flatMap(ValueParsing.appleDate),
      average: attributes["average"].flatMap(ValueParsing.acceptedDecimal),
      minimum: attributes["minimum"].flatMap(ValueParsing.acceptedDecimal),
      maximum: attributes["maximum"].flatMap(ValueParsing.acceptedDecimal),
      sum: attributes["sum"].flatMap(ValueParsing.acceptedDecimal), unit: attributes["unit"])
  }

  private func readWorkoutRoute(isEmpty: Bool) throws -> WorkoutRoute {
    let attributes = try namedValues()
    var route = WorkoutRoute(
      sourceName: attributes["sourceName"] ?? attributes["source"] ?? "",
      sourceVersion: attributes["sourceVersion"], device: attributes["device"],
      creationDate: attributes["creationDate"].flatMap(ValueParsing.appleDate),
      startDate: attributes["startDate"].flatMap(ValueParsing.appleDate),
      endDate: attributes["endDate"].flatMap(ValueParsing.appleDate))
    if !isEmpty {
      try readChildren { _ in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { route.metadata.append(entry) }
        } else if tokenizer.nameIs("FileReference") {
          if let path = try namedValues()["path"] { route.filePaths.append(path) }
        } else if tokenizer.nameIs("Location") {
          route.inlineLocationCount += 1
          if filter.includesRoutePoints, let point = try inlineLocation() { route.locations.append(point) }
        }
      }
    }
    return route
  }

  /// An inline `Location` of a route (before iOS 13): `date latitude longitude altitude
  /// horizontalAccuracy verticalAccuracy course speed`; nil without a position.
  private func inlineLocation() throws -> RoutePoint? {
    let values = try namedValues()
    guard let latitude = values["latitude"].flatMap(ValueParsing.decimal),
      let longitude = values["longitude"].flatMap(ValueParsing.decimal)
    else { return nil }
    return RoutePoint(
      time: values["date"].flatMap(ValueParsing.appleDate), latitude: latitude, longitude: longitude,
      elevation: values["altitude"].flatMap(ValueParsing.decimal),
      speed: values["speed"].flatMap(ValueParsing.decimal),
      course: values["course"].flatMap(ValueParsing.decimal),
      horizontalAccuracy: values["horizontalAccuracy"].flatMap(ValueParsing.decimal),
      verticalAccuracy: values["verticalAccuracy"].flatMap(ValueParsing.decimal))
  }

  private func readWorkoutActivity(isEmpty: Bool) throws -> WorkoutActivity {
    let attributes = try namedValues()
    var activity = WorkoutActivity(
      uuid: attributes["uuid"] ?? "", startDate: attributes["startDate"].flatMap(ValueParsing.appleDate),
      endDate: attributes["endDate"].flatMap(ValueParsing.appleDate),
      duration: quantity(attributes["duration"], unit: attributes["durationUnit"]))
    if !isEmpty {
      try readChildren { childIsEmpty in
        if tokenizer.nameIs("MetadataEntry") {
          if let entry = try metadataEntry() { activity.metadata.append(entry) }
        } else if tokenizer.nameIs("WorkoutEvent") {
          if let event = try readWorkoutEvent(isEmpty: childIsEmpty) { activity.events.append(event) }
        } else if tokenizer.nameIs("WorkoutStatistics") {
          if let statistics = try readWorkoutStatistics() { activity.statistics.append(statistics) }
        }
      }
    }
    return activity
  }

  /// The `ActivitySummary` whose start tag is current.
  func readActivitySummary() throws -> ActivitySummary {
    var entries = try allAttributes()
    let date = entries.first { $0.key == "dateComponents" }?.value ?? ""
    entries.removeAll { $0.key == "dateComponents" }
    return ActivitySummary(dateComponents: date, values: entries)
  }

  /// The `ClinicalRecord` whose start tag is current; nil without a type (reported).
  func readClinicalRecord(location: SourceLocation) throws -> ClinicalRecord? {
    let attributes = try namedValues()
    guard let type = attributes["type"] else {
      try report("a clinical record without a type", location)
      return nil
    }
    return ClinicalRecord(
      type: type, identifier: attributes["identifier"] ?? "",
      sourceName: attributes["sourceName"] ?? attributes["source"] ?? "",
      sourceURL: attributes["sourceURL"], fhirVersion: attributes["fhirVersion"],
      receivedDate: attributes["receivedDate"].flatMap(ValueParsing.appleDate),
      resourceFilePath: attributes["resourceFilePath"])
  }

  // MARK: - Helpers

  /// The current tag's attributes by name (the first of repeated names).
  func namedValues() throws -> [String: String] {
    var values: [String: String] = [:]
    for attribute in tokenizer.attributes {
      let name = tokenizer.attributeName(attribute)
      if values[name] == nil { values[name] = try tokenizer.value(of: attribute) }
    }
    return values
  }

  /// A workout's total as read, a number out of range included, so that the workout is skipped
  /// for it and said to be (`Plausibility`) rather than kept without it.
  private func total(_ value: String?, unit: String?) -> Quantity? {
    guard let value, let number = ValueParsing.decimal(value) else { return nil }
    return Quantity(value: number, unit: unit ?? "")
  }

  func quantity(_ value: String?, unit: String?) -> Quantity? {
    guard let value, let number = ValueParsing.acceptedDecimal(value) else { return nil }
    return Quantity(value: number, unit: unit ?? "")
  }

  private func isWorkoutAttribute(_ attribute: RawAttribute) -> Bool {
    let names: [StaticString] = [
      "workoutActivityType", "duration", "durationUnit", "totalDistance", "totalDistanceUnit",
      "totalEnergyBurned", "totalEnergyBurnedUnit",
    ]
    return names.contains { isName(attribute, $0) }
  }
}
