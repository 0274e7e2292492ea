import HealthModel

/// An item recorded by a source, as export.xml writes its elements: the source's name and
/// device, its dates, its metadata; what de-identification changes in each of them alike.
protocol SourcedRecord {
  var sourceName: String { get set }
  var device: String? { get set }
  var creationDate: Timestamp? { get set }
  var startDate: Timestamp { get set }
  var endDate: Timestamp { get set }
  var metadata: [MetadataEntry] { get set }
}

extension Sample: SourcedRecord {}
extension Correlation: SourcedRecord {}
extension Workout: SourcedRecord {}
extension Audiogram: SourcedRecord {}
extension StateOfMind: SourcedRecord {}
