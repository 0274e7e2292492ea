/// A feeling the person logged (State of Mind, iOS 18 and later): a momentary emotion or a daily
/// mood, its pleasantness, and what it was about. Apple has published no DTD entry for it, so the
/// element is kept as written: the common attributes read, every other one as it is.
public struct StateOfMind: Hashable, Sendable {
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
  /// `valence`: from -1 (very unpleasant) to 1 (very pleasant), when written as a number.
  public var valence: Double?
  /// The other attributes (`kind`, `labels`, `associations`, …), as written.
  public var attributes: [MetadataEntry]
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]

  /// A state of mind, each argument the property of the same name.
  public init(
    sourceName: String, sourceVersion: String? = nil, device: String? = nil, creationDate: Timestamp? = nil,
    startDate: Timestamp, endDate: Timestamp, valence: Double? = nil, attributes: [MetadataEntry] = [],
    metadata: [MetadataEntry] = []
  ) {
    self.sourceName = sourceName
    self.sourceVersion = sourceVersion
    self.device = device
    self.creationDate = creationDate
    self.startDate = startDate
    self.endDate = endDate
    self.valence = valence
    self.attributes = attributes
    self.metadata = metadata
  }

  /// The value of the first attribute named `name`, if any.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.key == name }?.value
  }
}
