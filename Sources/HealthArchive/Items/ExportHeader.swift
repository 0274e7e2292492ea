/// What the reader learned about the export besides its items.
public struct ExportHeader: Hashable, Sendable {
  /// The `locale` of `HealthData`, such as `en_US`.
  public var locale: String?
  /// The number in the DOCTYPE's `HealthKit Export Version` comment; nil in exports without one.
  public var exportVersion: Int?
  /// Top-level elements that are not delivered as items (`Audiogram`, `VisionPrescription`, …),
  /// by name, with their counts.
  public var otherElements: [String: Int]

  /// A header, each argument the property of the same name.
  public init(locale: String? = nil, exportVersion: Int? = nil, otherElements: [String: Int] = [:]) {
    self.locale = locale
    self.exportVersion = exportVersion
    self.otherElements = otherElements
  }
}
