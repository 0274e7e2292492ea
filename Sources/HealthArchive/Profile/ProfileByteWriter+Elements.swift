import HealthModel

/// The elements of a profile and their pieces, as `ProfileElementEncoder` writes them.
extension ProfileByteWriter {
  // MARK: - Elements

  /// A quantity or category sample; `type` is written for correlation members.
  mutating func sample(_ sample: Sample, memberType: String? = nil) {
    beginObject()
    if let memberType { string("type", memberType) }
    switch sample.value {
    case .quantity(let value, let unit):
      key("unit")
      quoted(unit, field: .unit)
      dates(sample.startDate, sample.endDate)
      number("value", value)
    case .category(let name):
      dates(sample.startDate, sample.endDate)
      if let raw = HealthKitRawValues.categoryValues[name] ?? Int(name) {
        integer("value", raw)
      } else {
        string("valueName", name)
      }
    case .none:
      dates(sample.startDate, sample.endDate)
      // The format's category samples always have a value; export.xml may leave it out.
      if sample.type.hasPrefix("HKCategoryTypeIdentifier") {
        integer("value", HealthKitRawValues.missingCategoryValue)
      }
    }
    provenance(sample.sourceName, sample.sourceVersion, sample.device, sample.creationDate)
    metadata(sample.metadata)
    if let uuid = sample.uuid { string("uuid", uuid) }
    endObject()
  }

  mutating func correlation(_ correlation: Correlation) {
    beginObject()
    dates(correlation.startDate, correlation.endDate)
    key("objects")
    byte(UInt8(ascii: "["))
    for (index, member) in correlation.objects.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      sample(member, memberType: member.type)
    }
    byte(UInt8(ascii: "]"))
    provenance(
      correlation.sourceName, correlation.sourceVersion, correlation.device, correlation.creationDate)
    metadata(correlation.metadata)
    if let uuid = correlation.uuid { string("uuid", uuid) }
    endObject()
  }

  mutating func workout(_ workout: Workout) {
    beginObject()
    let activity = HealthKitRawValues.workoutActivityTypes[workout.activityType]
    integer(
      "workoutActivityType",
      activity ?? HealthKitRawValues.otherWorkoutActivityType)
    dates(workout.startDate, workout.endDate)
    number("duration", WorkoutTotals.durationSeconds(workout))
    if let distance = WorkoutTotals.distanceMeters(workout) { number("totalDistance", distance) }
    if let energy = WorkoutTotals.energyKilocalories(workout) { number("totalEnergyBurned", energy) }
    key("workoutEvents")
    byte(UInt8(ascii: "["))
    for (index, event) in workout.events.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      beginObject()
      let type = HealthKitRawValues.workoutEventTypes[event.type]
      integer("type", type ?? 0)
      number("sdate", event.date.millisecondsSince1970)
      if type == nil { string("typeName", event.type) }
      if let duration = event.duration {
        number("durationValue", duration.value)
        string("durationUnit", duration.unit)
      }
      metadata(event.metadata)
      endObject()
    }
    byte(UInt8(ascii: "]"))
    if activity == nil { string("workoutActivityTypeName", workout.activityType) }
    provenance(workout.sourceName, workout.sourceVersion, workout.device, workout.creationDate)
    metadata(workout.metadata)
    if !workout.statistics.isEmpty {
      key("workoutStatistics")
      byte(UInt8(ascii: "["))
      for (index, statistics) in workout.statistics.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        beginObject()
        string("type", statistics.type)
        if let start = statistics.startDate { number("sdate", start.millisecondsSince1970) }
        if let end = statistics.endDate { number("edate", end.millisecondsSince1970) }
        if let sum = statistics.sum { number("sum", sum) }
        if let average = statistics.average { number("average", average) }
        if let minimum = statistics.minimum { number("minimum", minimum) }
        if let maximum = statistics.maximum { number("maximum", maximum) }
        if let unit = statistics.unit { string("unit", unit) }
        endObject()
      }
      byte(UInt8(ascii: "]"))
    }
    if !workout.routes.isEmpty {
      key("workoutRoutes")
      byte(UInt8(ascii: "["))
      for (index, route) in workout.routes.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        beginObject()
        string("sourceName", route.sourceName)
        if let start = route.startDate { number("sdate", start.millisecondsSince1970) }
        if let end = route.endDate { number("edate", end.millisecondsSince1970) }
        key("files")
        byte(UInt8(ascii: "["))
        for (fileIndex, path) in route.filePaths.enumerated() {
          if fileIndex > 0 { byte(UInt8(ascii: ",")) }
          quoted(path)
        }
        byte(UInt8(ascii: "]"))
        if route.inlineLocationCount > 0 { integer("locationCount", route.inlineLocationCount) }
        metadata(route.metadata)
        endObject()
      }
      byte(UInt8(ascii: "]"))
    }
    if let uuid = workout.uuid { string("uuid", uuid) }
    endObject()
  }

  mutating func activitySummary(_ summary: ActivitySummary) {
    beginObject()
    string("dateComponents", summary.dateComponents)
    pairs("values", summary.values)
    endObject()
  }

  mutating func clinicalRecord(_ record: ClinicalRecord) {
    beginObject()
    string("type", record.type)
    string("identifier", record.identifier)
    string("sourceName", record.sourceName)
    if let url = record.sourceURL { string("sourceURL", url) }
    if let version = record.fhirVersion { string("fhirVersion", version) }
    if let date = record.receivedDate { number("receivedDate", date.millisecondsSince1970) }
    if let path = record.resourceFilePath { string("resourceFilePath", path) }
    endObject()
  }

  mutating func labResult(_ result: LabResult) {
    beginObject()
    string("loinc", result.loinc)
    if let name = result.displayName { string("name", name) }
    number("value", result.value)
    string("unit", result.unit)
    number("date", result.date.millisecondsSince1970)
    if result.isLocalTime { boolean("localTime", true) }
    string("sourceName", result.sourceName)
    if let path = result.resourceFilePath { string("resourceFilePath", path) }
    endObject()
  }

  // MARK: - Pieces

  private mutating func dates(_ start: Timestamp, _ end: Timestamp) {
    number("sdate", start.millisecondsSince1970)
    if end != start { number("edate", end.millisecondsSince1970) }
  }

  private mutating func provenance(
    _ source: String, _ version: String?, _ device: String?, _ created: Timestamp?
  ) {
    key("sourceName")
    quoted(source, field: .source)
    if let version {
      key("sourceVersion")
      quoted(version, field: .version)
    }
    if let device {
      key("device")
      quoted(device, field: .device)
    }
    if let created { number("cdate", created.millisecondsSince1970) }
  }

  private mutating func metadata(_ entries: [MetadataEntry]) {
    if !entries.isEmpty { pairs("metadata", entries) }
  }

  /// `"name":[["key","value"],…]`: pairs in order, keys may repeat.
  mutating func pairs(_ name: StaticString, _ entries: [MetadataEntry]) {
    key(name)
    byte(UInt8(ascii: "["))
    for index in entries.indices {
      if index > 0 { byte(UInt8(ascii: ",")) }
      byte(UInt8(ascii: "["))
      quoted(entries[index].key)
      byte(UInt8(ascii: ","))
      quoted(entries[index].value)
      byte(UInt8(ascii: "]"))
    }
    byte(UInt8(ascii: "]"))
  }

  mutating func string(_ name: StaticString, _ value: String) {
    key(name)
    quoted(value)
  }

  /// A number; one that is not finite is written as 0.
  mutating func number(_ name: StaticString, _ value: Double) {
    key(name)
    number(value.isFinite ? value : 0)
  }

  mutating func integer(_ name: StaticString, _ value: Int) {
    key(name)
    integer(value)
  }

  mutating func boolean(_ name: StaticString, _ value: Bool) {
    key(name)
    raw(value ? "true" : "false")
  }
}
