/// Samples that belong together, such as the systolic and diastolic values of one blood pressure
/// reading, or the nutrients of one meal.
public struct Correlation: Hashable, Sendable {
  /// The HealthKit correlation type, such as `HKCorrelationTypeIdentifierBloodPressure`.
  public var type: String
  /// The app or device that recorded it (`sourceName`).
  public var sourceName: String
  /// The version of the app that recorded it (`sourceVersion`).
  public var sourceVersion: String?
  /// The device that recorded it, as HealthKit describes it (`device`).
  public var device: String?
  /// When it was saved (`creationDate`).
  public var creationDate: Timestamp?
  /// When it starts.
  public var startDate: Timestamp
  /// When it ends.
  public var endDate: Timestamp
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]
  /// The member samples, in the order they were written.
  public var objects: [Sample]
  /// A unique identifier, when the input gave one (JSON profiles may).
  public var uuid: String?

  /// A correlation, each argument the property of the same name.
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
