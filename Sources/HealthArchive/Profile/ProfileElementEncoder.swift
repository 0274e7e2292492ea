import Foundation
package import HealthModel

/// Writes one element of a JSON profile (a sample, a correlation, a workout, …) as compact JSON,
/// appending to a byte buffer: the original format's keys first, then this tool's optional keys
/// (see docs/profile-format.md), which readers of the original format ignore.
struct ProfileElementEncoder {
  private(set) var bytes: [UInt8] = []
  private var needsComma: [Bool] = []

  init() {
    bytes.reserveCapacity(512)
  }

  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma.removeAll(keepingCapacity: true)
  }

  /// Lends the bytes written to `body`, which may exchange them for another buffer (emptied by
  /// the next `reset()`) rather than copy them.
  mutating func handOver(_ body: (inout [UInt8]) -> Void) {
    body(&bytes)
  }

  // MARK: - Elements

  /// A quantity or category sample; `type` is written for correlation members.
  mutating func sample(_ sample: Sample, memberType: String? = nil) {
    beginObject()
    if let memberType { string("type", memberType) }
    switch sample.value {
    case .quantity(let value, let unit):
      string("unit", unit)
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
    bytes.append(UInt8(ascii: "["))
    for (index, member) in correlation.objects.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      var nested = ProfileElementEncoder()
      nested.sample(member, memberType: member.type)
      bytes.append(contentsOf: nested.bytes)
    }
    bytes.append(UInt8(ascii: "]"))
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
      activity ?? HealthKitRawValues.workoutActivityTypes["HKWorkoutActivityTypeOther"]!)
    dates(workout.startDate, workout.endDate)
    number("duration", WorkoutTotals.durationSeconds(workout))
    if let distance = WorkoutTotals.distanceMeters(workout) { number("totalDistance", distance) }
    if let energy = WorkoutTotals.energyKilocalories(workout) { number("totalEnergyBurned", energy) }
    key("workoutEvents")
    bytes.append(UInt8(ascii: "["))
    for (index, event) in workout.events.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
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
    bytes.append(UInt8(ascii: "]"))
    if activity == nil { string("workoutActivityTypeName", workout.activityType) }
    provenance(workout.sourceName, workout.sourceVersion, workout.device, workout.creationDate)
    metadata(workout.metadata)
    if !workout.statistics.isEmpty {
      key("workoutStatistics")
      bytes.append(UInt8(ascii: "["))
      for (index, statistics) in workout.statistics.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
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
      bytes.append(UInt8(ascii: "]"))
    }
    if !workout.routes.isEmpty {
      key("workoutRoutes")
      bytes.append(UInt8(ascii: "["))
      for (index, route) in workout.routes.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        beginObject()
        string("sourceName", route.sourceName)
        if let start = route.startDate { number("sdate", start.millisecondsSince1970) }
        if let end = route.endDate { number("edate", end.millisecondsSince1970) }
        key("files")
        bytes.append(UInt8(ascii: "["))
        for (fileIndex, path) in route.filePaths.enumerated() {
          if fileIndex > 0 { bytes.append(UInt8(ascii: ",")) }
          JSONStringEscaping.appendQuoted(path, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        if route.inlineLocationCount > 0 { integer("locationCount", route.inlineLocationCount) }
        metadata(route.metadata)
        endObject()
      }
      bytes.append(UInt8(ascii: "]"))
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
    string("sourceName", source)
    if let version { string("sourceVersion", version) }
    if let device { string("device", device) }
    if let created { number("cdate", created.millisecondsSince1970) }
  }

  private mutating func metadata(_ entries: [MetadataEntry]) {
    if !entries.isEmpty { pairs("metadata", entries) }
  }

  /// `"name":[["key","value"],…]`: pairs in order, keys may repeat.
  mutating func pairs(_ name: StaticString, _ entries: [MetadataEntry]) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (index, entry) in entries.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "["))
      JSONStringEscaping.appendQuoted(entry.key, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      JSONStringEscaping.appendQuoted(entry.value, to: &bytes)
      bytes.append(UInt8(ascii: "]"))
    }
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func beginObject() {
    bytes.append(UInt8(ascii: "{"))
    needsComma.append(false)
  }

  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma.removeLast()
    if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
  }

  mutating func key(_ name: StaticString) {
    if needsComma.last == true { bytes.append(UInt8(ascii: ",")) }
    if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  mutating func string(_ name: StaticString, _ value: String) {
    key(name)
    JSONStringEscaping.appendQuoted(value, to: &bytes)
  }

  mutating func number(_ name: StaticString, _ value: Double) {
    key(name)
    JSONNumberGrammar.append(value.isFinite ? value : 0, to: &bytes)
  }

  mutating func integer(_ name: StaticString, _ value: Int) {
    key(name)
    JSONNumberGrammar.append(value, to: &bytes)
  }

  mutating func boolean(_ name: StaticString, _ value: Bool) {
    key(name)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }
}

/// A workout's totals in the profile's units: seconds, meters, kilocalories; from
/// `WorkoutStatistics` when present (the newer shape), else from the workout's attributes.
package enum WorkoutTotals {
  package static let distanceTypes: Set<String> = [
    "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierDistanceCycling",
    "HKQuantityTypeIdentifierDistanceSwimming", "HKQuantityTypeIdentifierDistanceWheelchair",
    "HKQuantityTypeIdentifierDistanceDownhillSnowSports",
    "HKQuantityTypeIdentifierDistanceCrossCountrySkiing",
    "HKQuantityTypeIdentifierDistancePaddleSports", "HKQuantityTypeIdentifierDistanceRowing",
    "HKQuantityTypeIdentifierDistanceSkatingSports",
  ]

  package static func durationSeconds(_ workout: Workout) -> Double {
    if let duration = workout.duration, let seconds = seconds(duration) { return seconds }
    return (workout.endDate.millisecondsSince1970 - workout.startDate.millisecondsSince1970) / 1000
  }

  package static func distanceMeters(_ workout: Workout) -> Double? {
    let sums = workout.statistics.filter { distanceTypes.contains($0.type) }.compactMap { statistics in
      statistics.sum.flatMap { meters(Quantity(value: $0, unit: statistics.unit ?? "")) }
    }
    if !sums.isEmpty { return sums.reduce(0, +) }
    return workout.totalDistance.flatMap(meters)
  }

  package static func energyKilocalories(_ workout: Workout) -> Double? {
    let sums = workout.statistics.filter { $0.type == "HKQuantityTypeIdentifierActiveEnergyBurned" }
      .compactMap { statistics in
        statistics.sum.flatMap { kilocalories(Quantity(value: $0, unit: statistics.unit ?? "")) }
      }
    if !sums.isEmpty { return sums.reduce(0, +) }
    return workout.totalEnergyBurned.flatMap(kilocalories)
  }

  package static func seconds(_ quantity: Quantity) -> Double? {
    switch quantity.unit {
    case "s": quantity.value
    case "min": quantity.value * 60
    case "hr", "h": quantity.value * 3600
    case "ms": quantity.value / 1000
    case "d": quantity.value * 86_400
    default: nil
    }
  }

  package static func meters(_ quantity: Quantity) -> Double? {
    switch quantity.unit {
    case "m": quantity.value
    case "km": quantity.value * 1000
    case "cm": quantity.value / 100
    case "mi": quantity.value * 1609.344
    case "yd": quantity.value * 0.9144
    case "ft": quantity.value * 0.3048
    default: nil
    }
  }

  package static func kilocalories(_ quantity: Quantity) -> Double? {
    switch quantity.unit {
    case "kcal", "Cal": quantity.value
    case "cal": quantity.value / 1000
    case "kJ": quantity.value / 4.184
    case "J": quantity.value / 4184
    default: nil
    }
  }
}
