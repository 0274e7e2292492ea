/// A glasses or contact-lens prescription (`VisionPrescription`, iOS 16 and later).
public struct VisionPrescription: Hashable, Sendable {
  /// The prescription's type as written (such as `HKVisionPrescriptionTypeGlasses`).
  public var type: String
  /// When the prescription was issued.
  public var dateIssued: Timestamp?
  /// When the prescription expires.
  public var expirationDate: Timestamp?
  /// The lens brand, for contact lenses.
  public var brand: String?
  /// The metadata entries, keys and values as export.xml has them.
  public var metadata: [MetadataEntry]
  /// The lens for the right eye.
  public var rightEye: LensPrescription?
  /// The lens for the left eye.
  public var leftEye: LensPrescription?
  /// The `identifier`s of its `Attachment`s (scans of the paper prescription).
  public var attachments: [String]
  /// Attributes the reader does not know, or dates it could not read, as written.
  public var otherAttributes: [MetadataEntry]

  /// A vision prescription, each argument the property of the same name.
  public init(
    type: String, dateIssued: Timestamp? = nil, expirationDate: Timestamp? = nil, brand: String? = nil,
    metadata: [MetadataEntry] = [], rightEye: LensPrescription? = nil, leftEye: LensPrescription? = nil,
    attachments: [String] = [], otherAttributes: [MetadataEntry] = []
  ) {
    self.type = type
    self.dateIssued = dateIssued
    self.expirationDate = expirationDate
    self.brand = brand
    self.metadata = metadata
    self.rightEye = rightEye
    self.leftEye = leftEye
    self.attachments = attachments
    self.otherAttributes = otherAttributes
  }
}

/// What a prescription says for one eye (`RightEye`, `LeftEye`): each value with its unit.
public struct LensPrescription: Hashable, Sendable {
  /// The attributes export.xml writes, each with a matching `…Unit` attribute.
  public static let valueAttributes = [
    "sphere", "cylinder", "axis", "add", "vertex", "prismAmount", "prismAngle", "farPD", "nearPD",
    "baseCurve", "diameter",
  ]

  /// The values by attribute name (`sphere`, `axis`, `farPD`, …), each with the unit of its
  /// `…Unit` attribute.
  public var quantities: [String: Quantity]
  /// Attributes the reader does not know, or values that are not numbers, as written.
  public var otherAttributes: [MetadataEntry]

  /// A lens, each argument the property of the same name.
  public init(quantities: [String: Quantity] = [:], otherAttributes: [MetadataEntry] = []) {
    self.quantities = quantities
    self.otherAttributes = otherAttributes
  }
}
