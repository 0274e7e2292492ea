public import HealthModel

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
  /// A `Workout` with its events, statistics, routes and activities. (Indirect, as is an ECG: the
  /// two largest values, rare beside samples, are boxed so that every item, moved from a reading
  /// thread to its consumer, is no larger than a sample.)
  indirect case workout(Workout)
  /// A day's `ActivitySummary`.
  case activitySummary(ActivitySummary)
  /// A `ClinicalRecord` element: the reference to a FHIR resource file.
  case clinicalRecord(ClinicalRecord)
  /// A laboratory result read from a clinical record's FHIR file; it comes right after the
  /// `clinicalRecord` item it was read from.
  case labResult(LabResult)
  /// A hearing test (`Audiogram`).
  case audiogram(Audiogram)
  /// A glasses or contact-lens prescription (`VisionPrescription`).
  case visionPrescription(VisionPrescription)
  /// A logged emotion or mood (`StateOfMind`).
  case stateOfMind(StateOfMind)
  /// Points of a GPX file a workout's route names, in file order; they come right after the
  /// `workout` item, in batches.
  case routePoints(RoutePoints)
  /// An ECG recording of `electrocardiograms/`; these come after every item of export.xml.
  indirect case electrocardiogram(Electrocardiogram)
}
