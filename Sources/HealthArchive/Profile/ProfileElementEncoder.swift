import Foundation
package import HealthModel

/// Writes one element of a JSON profile (a sample, a correlation, a workout, …) as compact JSON
/// into a byte buffer it keeps and reuses: the original format's keys first, then this tool's
/// optional keys (see docs/profile-format.md), which readers of the original format ignore.
///
/// The element is written through a `ProfileByteWriter` into room made beforehand; an element
/// larger than the room is written again into twice as much, and the room stays that large.
struct ProfileElementEncoder {
  /// The bytes written, in the first `count` bytes.
  private var storage: [UInt8] = []
  private(set) var count = 0
  /// The room made before an element is written.
  private var room = 1024
  private var needsComma = false
  private let plain = PlainStrings()

  init() {}

  /// The bytes written, copied.
  var bytes: [UInt8] { Array(storage[0..<count]) }

  mutating func reset() {
    count = 0
    needsComma = false
  }

  /// Lends the bytes written to `body`.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
  }

  /// Appends what `body` writes, written again with more room until it fits.
  @inline(__always)
  mutating func encode(_ body: (inout ProfileByteWriter) -> Void) {
    let offset = count
    let comma = needsComma
    let plain = plain
    while true {
      if storage.count < offset + room {
        storage.append(contentsOf: repeatElement(0, count: offset + room - storage.count))
      }
      let (written, overflowed, after) = storage.withUnsafeMutableBufferPointer { buffer in
        // The storage has room for `room` bytes past `offset`: never empty.
        guard let base = buffer.baseAddress else { return (0, true, comma) }
        var writer = ProfileByteWriter(
          start: base + offset, count: buffer.count - offset, needsComma: comma,
          plain: plain)
        body(&writer)
        return (writer.count, writer.overflowed, writer.needsComma)
      }
      if !overflowed {
        count = offset + written
        needsComma = after
        return
      }
      room *= 2
    }
  }

  // MARK: - Elements

  /// A quantity or category sample; `type` is written for correlation members.
  mutating func sample(_ sample: Sample) {
    encode { $0.sample(sample) }
  }

  mutating func correlation(_ correlation: Correlation) {
    encode { $0.correlation(correlation) }
  }

  mutating func workout(_ workout: Workout) {
    encode { $0.workout(workout) }
  }

  mutating func activitySummary(_ summary: ActivitySummary) {
    encode { $0.activitySummary(summary) }
  }

  mutating func clinicalRecord(_ record: ClinicalRecord) {
    encode { $0.clinicalRecord(record) }
  }

  mutating func labResult(_ result: LabResult) {
    encode { $0.labResult(result) }
  }

  // MARK: - Pieces

  /// `"name":[["key","value"],…]`: pairs in order, keys may repeat.
  mutating func pairs(_ name: StaticString, _ entries: [MetadataEntry]) {
    encode { $0.pairs(name, entries) }
  }

  mutating func beginObject() {
    encode { $0.beginObject() }
  }

  mutating func endObject() {
    encode { $0.endObject() }
  }

  mutating func key(_ name: StaticString) {
    encode { $0.key(name) }
  }

  mutating func string(_ name: StaticString, _ value: String) {
    encode { $0.string(name, value) }
  }

  mutating func number(_ name: StaticString, _ value: Double) {
    encode { $0.number(name, value) }
  }

  mutating func integer(_ name: StaticString, _ value: Int) {
    encode { $0.integer(name, value) }
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

  /// The workout's total distance with its unit, as the database's `workouts` and the Parquet
  /// table give it: the sum of its distance statistics (in their unit when they share one, else
  /// in meters), else its `totalDistance` attribute.
  package static func totalDistance(_ workout: Workout) -> Quantity? {
    let statistics = workout.statistics.filter { distanceTypes.contains($0.type) && $0.sum != nil }
    if let first = statistics.first {
      if statistics.allSatisfy({ $0.unit == first.unit }) {
        return Quantity(value: statistics.reduce(0) { $0 + ($1.sum ?? 0) }, unit: first.unit ?? "")
      }
      return distanceMeters(workout).map { Quantity(value: $0, unit: "m") }
    }
    return workout.totalDistance
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
