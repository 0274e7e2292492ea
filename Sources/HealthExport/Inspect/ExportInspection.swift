package import HealthArchive
package import HealthModel

/// What an export holds, counted in one pass: for `health-exporter inspect`.
package struct ExportInspection: Sendable {
  /// A count of one kind of thing, by name.
  package struct Count: Hashable, Sendable {
    package var name: String
    package var count: Int
  }

  /// The records of one type, with the span of their start dates.
  package struct RecordType: Hashable, Sendable {
    package var type: String
    package var count: Int
    package var firstStart: Timestamp
    package var lastStart: Timestamp
  }

  /// Clinical records of one resource type and FHIR version.
  package struct ClinicalRecordCount: Hashable, Sendable {
    package var resourceType: String
    package var fhirVersion: String
    package var count: Int
  }

  package var input: String
  package var shape: InputShape
  /// The health XML's name inside the export.
  package var healthXML: String
  package var exportDate: Timestamp?
  package var locale: String?
  /// The `HealthKit Export Version` of the DOCTYPE.
  package var exportVersion: Int?
  /// Top-level records by type, sorted by type.
  package var recordTypes: [RecordType]
  /// Top-level records by source, the most first.
  package var sources: [Count]
  package var correlations: [Count]
  /// Workouts by activity type, the most first.
  package var workouts: [Count]
  /// `WorkoutRoute` elements in all workouts.
  package var workoutRoutes: Int
  /// GPX files in `workout-routes/`.
  package var routeFiles: [String]
  /// ECG recordings in `electrocardiograms/`.
  package var electrocardiogramFiles: [String]
  package var activitySummaries: Int
  package var clinicalRecords: [ClinicalRecordCount]
  /// Other top-level elements (`Audiogram`, `VisionPrescription`, …).
  package var otherElements: [Count]
  /// Each diagnostic, in order.
  package var diagnostics: [Diagnostic]
  /// The time zones the samples name (`HKTimeZone`).
  package var timeZones: TimeZoneCensus

  /// Reads the whole export once and counts what it holds.
  /// - Parameters:
  ///   - source: the export.
  ///   - monitor: told how far reading has come (a progress line), and checked as it goes.
  /// - Returns: what the export holds.
  /// - Throws: the input's errors (malformed XML, a damaged archive).
  package static func inspect(_ source: any HealthInputSource, monitor: ReadMonitor = .none) throws
    -> ExportInspection
  {
    let diagnostics = Diagnostics(keepsEach: true)
    var types: [String: RecordType] = [:]
    var sources: [String: Int] = [:]
    var correlations: [String: Int] = [:]
    var workouts: [String: Int] = [:]
    var workoutRoutes = 0
    var activitySummaries = 0
    var clinical: [String: ClinicalRecordCount] = [:]
    var exportDate: Timestamp?
    // Lab results are read for what reading them finds wrong (a missing or malformed
    // clinical-record file), which would leave an export's labs empty.
    try source.readItems(filter: .everything, diagnostics: diagnostics, monitor: monitor) { item, _ in
      switch item {
      case .sample(let sample):
        sources[sample.sourceName, default: 0] += 1
        if var entry = types[sample.type] {
          entry.count += 1
          entry.firstStart = min(entry.firstStart, sample.startDate)
          entry.lastStart = max(entry.lastStart, sample.startDate)
          types[sample.type] = entry
        } else {
          types[sample.type] = RecordType(
            type: sample.type, count: 1, firstStart: sample.startDate, lastStart: sample.startDate)
        }
      case .correlation(let correlation):
        correlations[correlation.type, default: 0] += 1
      case .workout(let workout):
        workouts[workout.activityType, default: 0] += 1
        workoutRoutes += workout.routes.count
      case .activitySummary:
        activitySummaries += 1
      case .clinicalRecord(let record):
        let version = record.fhirVersion ?? "unknown"
        clinical[
          "\(record.type) \(version)",
          default: ClinicalRecordCount(resourceType: record.type, fhirVersion: version, count: 0)
        ].count += 1
      case .exportDate(let date):
        exportDate = date
      case .characteristics, .labResult, .audiogram, .visionPrescription, .stateOfMind, .routePoints,
        .electrocardiogram:
        break
      }
    }
    func counts(_ dictionary: [String: Int]) -> [Count] {
      dictionary.map { Count(name: $0.key, count: $0.value) }
        .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }
    return ExportInspection(
      input: source.name, shape: source.shape, healthXML: source.contentName, exportDate: exportDate,
      locale: source.header.locale, exportVersion: source.header.exportVersion,
      recordTypes: types.values.sorted { $0.type < $1.type }, sources: counts(sources),
      correlations: counts(correlations), workouts: counts(workouts), workoutRoutes: workoutRoutes,
      routeFiles: source.fileNames(in: "workout-routes"),
      electrocardiogramFiles: source.fileNames(in: "electrocardiograms"),
      activitySummaries: activitySummaries,
      clinicalRecords: clinical.values.sorted {
        ($0.resourceType, $0.fhirVersion) < ($1.resourceType, $1.fhirVersion)
      },
      otherElements: counts(source.header.otherElements), diagnostics: diagnostics.each,
      timeZones: source.header.timeZones)
  }

  /// How many top-level records in all.
  package var recordCount: Int { recordTypes.reduce(0) { $0 + $1.count } }
}
