import HealthModel

/// Identifies a record for the correlation rule: a correlation's member counts only when no
/// identical top-level record (same type, source, start, end, value and unit) exists.
struct RecordKey: Hashable {
  var type: String
  var source: String
  var start: Timestamp
  var end: Timestamp
  var value: SampleValue

  init(_ sample: Sample) {
    type = sample.type
    source = sample.sourceName
    start = sample.startDate
    end = sample.endDate
    value = sample.value
  }
}
