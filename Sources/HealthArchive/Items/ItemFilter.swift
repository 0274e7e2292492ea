public import HealthModel

/// Which items a reader materializes; everything else is read past without being decoded.
public struct ItemFilter: Sendable {
  /// The sample types to deliver, top-level and inside correlations; nil for every type.
  public var sampleTypes: Set<String>?
  /// Whether correlations are read.
  public var includesCorrelations: Bool
  /// Whether workouts are read.
  public var includesWorkouts: Bool
  /// Whether activity summaries are read.
  public var includesActivitySummaries: Bool
  /// Whether `ClinicalRecord` references are delivered.
  public var includesClinicalRecords: Bool
  /// Whether the FHIR files of clinical records are read and their lab results delivered
  /// (archives and folders only: a bare export.xml looks beside itself for the files).
  public var includesLabResults: Bool
  /// Whether every clinical record's FHIR file is read and handed on with it
  /// (`ClinicalRecord.resource`).
  public var includesClinicalResources: Bool
  /// Whether the points of workout routes are delivered: the GPX files the routes name, as
  /// `routePoints` items after their workout, and inline `Location`s in the route.
  public var includesRoutePoints: Bool
  /// Whether the ECG recordings of `electrocardiograms/` are read and delivered.
  public var includesElectrocardiograms: Bool
  /// Whether audiograms, vision prescriptions and states of mind are delivered (otherwise they
  /// are counted in the header's other elements).
  public var includesAssessments: Bool
  /// Whether the beat lists of HRV records are read into their samples (`Sample.beats`).
  public var includesHeartbeats: Bool
  /// The sample types whose metadata is delivered with their samples (`Sample.metadata`),
  /// top-level and inside correlations; nil for every type. Samples of other types come without
  /// it, and export.xml's reader passes their plain metadata entries over unread.
  public var metadataTypes: Set<String>?
  /// Top-level samples of these types that start no later than the Unix second given come
  /// without their metadata and beats: a database update compares them by their keys alone
  /// (docs/database.md, Updating), and export.xml's reader passes what they hold over unread.
  public var bareUntil: [String: Int64] = [:]
  /// Whether a sample that ends before it starts is delivered (the record CSV writes readings,
  /// not spans) rather than reported and skipped (`Plausibility`).
  public var keepsSamplesEndingBeforeTheyStart = false
  /// Whether the health XML (a file, or an archive's entry inflated once into a window the
  /// threads share) is read by two threads at once, a chunk each, ahead of the consumer
  /// (`ChunkedXMLReading`): for
  /// consumers that do little with each item (rows collected, days summed, nothing kept), which
  /// then wait on the reading. A consumer that keeps a core busy of its own (the database's
  /// writer) gains nothing from it and pays for the items handed over.
  public var readsInParallel = false
  /// With `readsInParallel`, how many chunks (about 1 MiB of XML each) are read ahead of the one
  /// handed over: each holds its items until the consumer takes them. A consumer that keeps much
  /// in memory of its own asks for fewer. From 1 to 8; a number outside is taken as the nearest.
  public var chunksReadAhead = 4

  /// A filter, each argument the property of the same name.
  public init(
    sampleTypes: Set<String>?, includesCorrelations: Bool, includesWorkouts: Bool = false,
    includesActivitySummaries: Bool = false, includesClinicalRecords: Bool = false,
    includesLabResults: Bool = false, includesClinicalResources: Bool = false,
    includesRoutePoints: Bool = false, includesElectrocardiograms: Bool = false,
    includesAssessments: Bool = false, includesHeartbeats: Bool = false, metadataTypes: Set<String>? = nil
  ) {
    self.sampleTypes = sampleTypes
    self.includesCorrelations = includesCorrelations
    self.includesWorkouts = includesWorkouts
    self.includesActivitySummaries = includesActivitySummaries
    self.includesClinicalRecords = includesClinicalRecords
    self.includesLabResults = includesLabResults
    self.includesClinicalResources = includesClinicalResources
    self.includesRoutePoints = includesRoutePoints
    self.includesElectrocardiograms = includesElectrocardiograms
    self.includesAssessments = includesAssessments
    self.includesHeartbeats = includesHeartbeats
    self.metadataTypes = metadataTypes
  }

  /// Every element of export.xml the profile and the CSV read, with the lab results of the
  /// clinical records; the files an export holds besides (routes, ECGs, FHIR resources whole)
  /// are not read.
  public static let everything = ItemFilter(
    sampleTypes: nil, includesCorrelations: true, includesWorkouts: true,
    includesActivitySummaries: true, includesClinicalRecords: true, includesLabResults: true)

  /// Everything the export holds: every item of `everything`, the audiograms, vision
  /// prescriptions and states of mind, HRV beat lists, the route points, the ECGs and every FHIR
  /// resource.
  public static let wholeRecord = ItemFilter(
    sampleTypes: nil, includesCorrelations: true, includesWorkouts: true,
    includesActivitySummaries: true, includesClinicalRecords: true, includesLabResults: true,
    includesClinicalResources: true, includesRoutePoints: true, includesElectrocardiograms: true,
    includesAssessments: true, includesHeartbeats: true)

  /// No item: an input read for what its header learns (the time zones its samples name).
  public static let nothing = ItemFilter(sampleTypes: [], includesCorrelations: false)

  /// Whether samples of `type` are delivered.
  public func includes(sampleType type: String) -> Bool {
    sampleTypes?.contains(type) ?? true
  }

  /// Whether a top-level sample of `type` starting at `start` comes without its metadata and
  /// beats (`bareUntil`).
  public func isBare(topLevelSampleOf type: String, start: Timestamp) -> Bool {
    bareUntil[type].map { start.wholeSecondsSince1970 <= $0 } ?? false
  }

  /// Whether samples of `type` are delivered with their metadata.
  public func includesMetadata(ofSampleType type: String) -> Bool {
    metadataTypes?.contains(type) ?? true
  }
}
