public import HealthModel

/// Rows written, by table (records counted after the top-level copies of correlation members
/// are dropped).
public struct DatabaseCounts: Hashable, Sendable {
  /// How many records were written.
  public var records = 0
  /// How many types the records have.
  public var types = 0
  /// How many sources the records name.
  public var sources = 0
  /// How many correlations were written.
  public var correlations = 0
  /// How many workouts were written.
  public var workouts = 0
  /// How many route points were written.
  public var routePoints = 0
  /// Beats of HRV records' lists.
  public var heartbeats = 0
  /// How many activity summaries were written.
  public var activitySummaries = 0
  /// How many ECG recordings were written.
  public var ecgs = 0
  /// How many ECG voltage samples were written.
  public var ecgSamples = 0
  /// How many clinical records were written.
  public var clinicalRecords = 0
  /// How many lab results were written.
  public var labResults = 0
  /// How many summary rows were written.
  public var summaries = 0
  /// How many audiograms were written.
  public var audiograms = 0
  /// How many vision prescriptions were written.
  public var visionPrescriptions = 0
  /// How many states of mind were written.
  public var statesOfMind = 0
  /// Top-level copies of correlation members, not stored twice.
  public var repeatedMembers = 0
  /// Records stored but left out of the summaries, by reason (a record longer than 31 days).
  public var summariesLeftOut: [Diagnostics.Tally] = []

  /// Nothing written yet.
  public init() {}
}
