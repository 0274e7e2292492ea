import HealthModel

/// The identity of a sample for the rule of Apple's correlations, that each member is repeated
/// once as a top-level record: type, source, dates and value. The profile leaves those copies out,
/// and export.xml is written with them.
struct MemberKey: Hashable {
  var type: String
  var source: String
  var start: Timestamp
  var end: Timestamp
  var value: SampleValue

  init?(_ sample: borrowing Sample) {
    guard Self.isComparable(sample.type) else { return nil }
    type = sample.type
    source = sample.sourceName
    start = sample.startDate
    end = sample.endDate
    value = sample.value
  }

  /// Whether samples of `type` can be members of Apple's correlations (blood pressure, food).
  static func isComparable(_ type: String) -> Bool {
    type == HealthKitIdentifier.bloodPressureSystolic || type == HealthKitIdentifier.bloodPressureDiastolic
      || type.hasPrefix("HKQuantityTypeIdentifierDietary")
  }
}
