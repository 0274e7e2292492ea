/// Samples that belong together, such as the systolic and diastolic values of one blood pressure
/// reading, or the nutrients of one meal.
public struct Correlation: Hashable, Sendable {
  /// The HealthKit correlation type, such as `HKCorrelationTypeIdentifierBloodPressure`.
  public var type: String
  public var sourceName: String
  public var sourceVersion: String?
  public var device: String?
  public var creationDate: Timestamp?
  public var startDate: Timestamp
  public var endDate: Timestamp
  public var metadata: [MetadataEntry]
  /// The member samples, in the order they were written.
  public var objects: [Sample]
  /// A unique identifier, when the input gave one (JSON profiles may).
  public var uuid: String?

  public init(
    type: String, sourceName: String, sourceVersion: String? = nil, device: String? = nil,
    creationDate: Timestamp? = nil, startDate: Timestamp, endDate: Timestamp,
    metadata: [MetadataEntry] = [], objects: [Sample] = [], uuid: String? = nil
  ) {
    self.type = type
    self.sourceName = sourceName
    self.sourceVersion = sourceVersion
    self.device = device
    self.creationDate = creationDate
    self.startDate = startDate
    self.endDate = endDate
    self.metadata = metadata
    self.objects = objects
    self.uuid = uuid
  }
}
