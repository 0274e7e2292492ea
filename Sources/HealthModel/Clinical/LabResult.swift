/// One laboratory result read from a clinical record (a FHIR Observation).
public struct LabResult: Hashable, Sendable {
  /// The LOINC code as the record carries it (`2093-3`).
  public var loinc: String
  /// The test's name as the record gives it (`code.text`), if any.
  public var displayName: String?
  /// The measured value.
  public var value: Double
  /// The unit as written in the record (`valueQuantity.unit`, else `valueQuantity.code`).
  public var unit: String
  /// When the specimen was taken (`effectiveDateTime`, `effectivePeriod.start` or `issued`).
  public var date: Timestamp
  /// Whether the record gave the date without a time zone (a day alone, or a time without an
  /// offset): `date` then holds that civil date and time as if it were UTC, to be read in the
  /// time zone of the export (a day alone is its local midnight).
  public var isLocalTime: Bool
  /// The hospital or laboratory the record came from (the clinical record's `sourceName`).
  public var sourceName: String
  /// The range the laboratory calls normal (the first `referenceRange` with a bound in the
  /// result's unit), where the record gives one.
  public var referenceRange: ReferenceRange?
  /// The file it was read from: the clinical record's `resourceFilePath`
  /// (`/clinical-records/Observation-….json`), where it came from one.
  public var resourceFilePath: String?
  /// The date as the record wrote it (`2017-03-18T00:00:00Z`), where the input had its text.
  public var dateText: String?

  /// A lab result, each argument the property of the same name.
  public init(
    loinc: String, displayName: String? = nil, value: Double, unit: String, date: Timestamp,
    isLocalTime: Bool = false, sourceName: String, referenceRange: ReferenceRange? = nil,
    resourceFilePath: String? = nil, dateText: String? = nil
  ) {
    self.loinc = loinc
    self.displayName = displayName
    self.value = value
    self.unit = unit
    self.date = date
    self.isLocalTime = isLocalTime
    self.sourceName = sourceName
    self.referenceRange = referenceRange
    self.resourceFilePath = resourceFilePath
    self.dateText = dateText
  }
}
