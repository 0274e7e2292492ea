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
  /// A `Workout` with its events, statistics, routes and activities.
  case workout(Workout)
  /// A day's `ActivitySummary`.
  case activitySummary(ActivitySummary)
  /// A `ClinicalRecord` element: the reference to a FHIR resource file.
  case clinicalRecord(ClinicalRecord)
  /// A laboratory result read from a clinical record's FHIR file.
  case labResult(LabResult)
}

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

/// What the reader learned about the export besides its items.
public struct ExportHeader: Hashable, Sendable {
  /// The `locale` of `HealthData`, such as `en_US`.
  public var locale: String?
  /// The number in the DOCTYPE's `HealthKit Export Version` comment; nil in exports without one.
  public var exportVersion: Int?
  /// Top-level elements that are not delivered as items (`Audiogram`, `VisionPrescription`, …),
  /// by name, with their counts.
  public var otherElements: [String: Int]

  public init(locale: String? = nil, exportVersion: Int? = nil, otherElements: [String: Int] = [:]) {
    self.locale = locale
    self.exportVersion = exportVersion
    self.otherElements = otherElements
  }
}
