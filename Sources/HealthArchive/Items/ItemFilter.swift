/// Which items a reader materializes; everything else is read past without being decoded.
public struct ItemFilter: Sendable {
  /// The sample types to deliver, top-level and inside correlations; nil for every type.
  public var sampleTypes: Set<String>?
  public var includesCorrelations: Bool
  public var includesWorkouts: Bool
  public var includesActivitySummaries: Bool
  /// Whether `ClinicalRecord` references are delivered.
  public var includesClinicalRecords: Bool
  /// Whether the FHIR files of clinical records are read and their lab results delivered
  /// (archives and folders only: a bare export.xml looks beside itself for the files).
  public var includesLabResults: Bool

  public init(
    sampleTypes: Set<String>?, includesCorrelations: Bool, includesWorkouts: Bool = false,
    includesActivitySummaries: Bool = false, includesClinicalRecords: Bool = false,
    includesLabResults: Bool = false
  ) {
    self.sampleTypes = sampleTypes
    self.includesCorrelations = includesCorrelations
    self.includesWorkouts = includesWorkouts
    self.includesActivitySummaries = includesActivitySummaries
    self.includesClinicalRecords = includesClinicalRecords
    self.includesLabResults = includesLabResults
  }

  /// Every item.
  public static let everything = ItemFilter(
    sampleTypes: nil, includesCorrelations: true, includesWorkouts: true,
    includesActivitySummaries: true, includesClinicalRecords: true, includesLabResults: true)

  /// Whether samples of `type` are delivered.
  public func includes(sampleType type: String) -> Bool {
    sampleTypes?.contains(type) ?? true
  }
}
