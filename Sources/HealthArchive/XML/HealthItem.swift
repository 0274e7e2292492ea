import HealthModel

/// What a reader of an export hands its consumer, one item at a time, in input order.
public enum HealthItem: Sendable {
  /// When the export was made (`ExportDate`).
  case exportDate(Timestamp)
  /// The person's characteristics (`Me`), attribute by attribute as written.
  case characteristics([MetadataEntry])
  /// A top-level `Record`.
  case sample(Sample)
  /// A `Correlation` with its member records.
  case correlation(Correlation)
}

/// Which items a reader materializes; everything else is read past without being decoded.
public struct ItemFilter: Sendable {
  /// The sample types to deliver, top-level and inside correlations; nil for every type.
  public var sampleTypes: Set<String>?
  /// Whether correlations are delivered.
  public var includesCorrelations: Bool

  public init(sampleTypes: Set<String>?, includesCorrelations: Bool) {
    self.sampleTypes = sampleTypes
    self.includesCorrelations = includesCorrelations
  }

  /// Every item.
  public static let everything = ItemFilter(sampleTypes: nil, includesCorrelations: true)

  /// Whether samples of `type` are delivered.
  public func includes(sampleType type: String) -> Bool {
    sampleTypes?.contains(type) ?? true
  }
}

/// What the reader learned about the export besides its items.
public struct ExportHeader: Hashable, Sendable {
  /// The `locale` of `HealthData`, such as `en_US`.
  public var locale: String?
  /// The number in the DOCTYPE's `HealthKit Export Version` comment; nil in exports without one.
  public var exportVersion: Int?

  public init(locale: String? = nil, exportVersion: Int? = nil) {
    self.locale = locale
    self.exportVersion = exportVersion
  }
}
