/// A hearing test (`Audiogram`): the quietest tone each ear heard at each frequency.
public struct Audiogram: Hashable, Sendable {
  /// `HKDataTypeIdentifierAudiogram`.
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
  /// The `SensitivityPoint`s, in order.
  public var sensitivityPoints: [SensitivityPoint]

  /// An audiogram, each argument the property of the same name.
  public init(
    type: String, sourceName: String, sourceVersion: String? = nil, device: String? = nil,
    creationDate: Timestamp? = nil, startDate: Timestamp, endDate: Timestamp, metadata: [MetadataEntry] = [],
    sensitivityPoints: [SensitivityPoint] = []
  ) {
    self.type = type
    self.sourceName = sourceName
    self.sourceVersion = sourceVersion
    self.device = device
    self.creationDate = creationDate
    self.startDate = startDate
    self.endDate = endDate
    self.metadata = metadata
    self.sensitivityPoints = sensitivityPoints
  }
}

/// One frequency of an audiogram, with what each ear heard.
public struct SensitivityPoint: Hashable, Sendable {
  /// The tone's frequency (`250` `Hz`).
  public var frequency: Quantity?
  /// The sensitivity of the left ear.
  public var leftEar: EarSensitivity
  /// The sensitivity of the right ear.
  public var rightEar: EarSensitivity
  /// Attributes the reader does not know, as written.
  public var otherAttributes: [MetadataEntry]

  /// The sensitivity at one frequency, each argument the property of the same name.
  public init(
    frequency: Quantity?, leftEar: EarSensitivity = EarSensitivity(),
    rightEar: EarSensitivity = EarSensitivity(), otherAttributes: [MetadataEntry] = []
  ) {
    self.frequency = frequency
    self.leftEar = leftEar
    self.rightEar = rightEar
    self.otherAttributes = otherAttributes
  }
}

/// One ear's result at one frequency.
public struct EarSensitivity: Hashable, Sendable {
  /// The hearing level (`35.0459` `dBHL`).
  public var sensitivity: Quantity?
  /// Whether the tone was masked, as written (`leftEarMasked`, iOS 18.1 and later).
  public var masked: String?
  /// The range the test could measure, in the sensitivity's unit (iOS 18.1 and later).
  public var clampingLowerBound: Double?
  /// The upper end of that range.
  public var clampingUpperBound: Double?

  /// One ear's sensitivity, each argument the property of the same name.
  public init(
    sensitivity: Quantity? = nil, masked: String? = nil, clampingLowerBound: Double? = nil,
    clampingUpperBound: Double? = nil
  ) {
    self.sensitivity = sensitivity
    self.masked = masked
    self.clampingLowerBound = clampingLowerBound
    self.clampingUpperBound = clampingUpperBound
  }
}
