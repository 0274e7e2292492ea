import HealthModel

/// What a reader of an export hands its consumer, one item at a time, in input order.
public enum HealthItem: Hashable, Sendable {
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
