public import HealthModel

/// What the reader learned about the export besides its items.
public struct ExportHeader: Hashable, Sendable {
  /// The `locale` of `HealthData`, such as `en_US`.
  public var locale: String?
  /// The number in the DOCTYPE's `HealthKit Export Version` comment; nil in exports without one.
  public var exportVersion: Int?
  /// Top-level elements that are not delivered as items (`Audiogram`, `VisionPrescription`, …),
  /// by name, with their counts.
  public var otherElements: [String: Int]
  /// The time zones the samples name in their `HKTimeZone` metadata, every sample counted whether
  /// or not it was delivered: complete once the input is read.
  public var timeZones: TimeZoneCensus
  /// Whether the items were de-identified on their way (`--deidentify`), or come from a
  /// de-identified database: an output of them says so where its format can.
  public var isDeidentified = false

  /// A header, each argument the property of the same name.
  public init(
    locale: String? = nil, exportVersion: Int? = nil, otherElements: [String: Int] = [:],
    timeZones: TimeZoneCensus = TimeZoneCensus()
  ) {
    self.locale = locale
    self.exportVersion = exportVersion
    self.otherElements = otherElements
    self.timeZones = timeZones
  }
}
