import HealthArchive
package import HealthModel

/// What an export holds over a report's range, for the report's overview: the span of its
/// records, its sources with their devices, and its records by kind.
package struct ReportOverview: Hashable, Sendable {
  /// An app or device that recorded samples.
  package struct Source: Hashable, Sendable {
    package var name: String
    /// Samples, workouts and lab results in the range.
    package var records: Int
    /// The devices its samples name (`Apple Watch, Watch7,2`), in byte order.
    package var devices: [String]
  }

  /// The records of one HealthKit type.
  package struct Kind: Hashable, Sendable {
    /// The summary's name for the type (`Steps`, `SleepAnalysis`).
    package var name: String
    package var type: String
    package var records: Int
  }

  /// When the export was made, where it says.
  package var exportDate: Timestamp?
  /// The first and last start of any dated record in the input, whatever the range.
  package var firstRecord: Timestamp?
  package var lastRecord: Timestamp?
  /// Records in the range, in all.
  package var recordsInRange = 0
  /// Sources by records in the range, the most first (then by name).
  package var sources: [Source] = []
  /// Top-level samples in the range by type, the most first (then by name).
  package var kinds: [Kind] = []
  /// Correlations (blood pressure readings, meals), workouts and lab results in the range.
  package var correlations = 0
  package var workouts = 0
  package var labResults = 0
  /// Clinical records (FHIR resources of any type) in the input; they carry no date of their own.
  package var clinicalRecords = 0
}

/// Counts an input's items into a `ReportOverview` as they are read.
struct OverviewTally {
  private let bounds: (start: Timestamp?, end: Timestamp?)
  private var overview = ReportOverview()
  private var recordsBySource: [String: Int] = [:]
  private var devicesBySource: [String: Set<String>] = [:]
  private var recordsByType: [String: Int] = [:]
  private var lastDevice: String?
  private var lastDeviceText: String?

  init(bounds: (start: Timestamp?, end: Timestamp?)) {
    self.bounds = bounds
  }

  mutating func add(_ item: HealthItem) {
    switch item {
    case .exportDate(let date):
      overview.exportDate = date
    case .sample(let sample):
      guard note(sample.startDate) else { return }
      recordsByType[sample.type, default: 0] += 1
      noteSource(sample.sourceName, device: sample.device)
    case .correlation(let correlation):
      if note(correlation.startDate) { overview.correlations += 1 }
    case .workout(let workout):
      guard note(workout.startDate) else { return }
      overview.workouts += 1
      noteSource(workout.sourceName, device: workout.device)
    case .labResult(let result):
      guard note(result.date) else { return }
      overview.labResults += 1
      noteSource(result.sourceName, device: nil)
    case .clinicalRecord:
      overview.clinicalRecords += 1
    case .characteristics, .activitySummary, .audiogram, .visionPrescription, .stateOfMind, .routePoints,
      .electrocardiogram:
      return
    }
  }

  /// What was counted.
  func finish() -> ReportOverview {
    var result = overview
    let registry = MetricRegistry.standard
    result.sources = recordsBySource.map {
      ReportOverview.Source(
        name: $0.key, records: $0.value, devices: (devicesBySource[$0.key] ?? []).sorted(by: Self.bytewise))
    }.sorted { $0.records != $1.records ? $0.records > $1.records : Self.bytewise($0.name, $1.name) }
    result.kinds = recordsByType.map {
      ReportOverview.Kind(name: registry.summaryMetricName(ofType: $0.key), type: $0.key, records: $0.value)
    }.sorted { $0.records != $1.records ? $0.records > $1.records : Self.bytewise($0.name, $1.name) }
    return result
  }

  // MARK: - Private

  /// Notes a record's start in the input's span; whether it lies in the range (and is counted).
  private mutating func note(_ date: Timestamp) -> Bool {
    overview.firstRecord = min(overview.firstRecord ?? date, date)
    overview.lastRecord = max(overview.lastRecord ?? date, date)
    if let start = bounds.start, date < start { return false }
    if let end = bounds.end, date >= end { return false }
    overview.recordsInRange += 1
    return true
  }

  private mutating func noteSource(_ name: String, device: String?) {
    recordsBySource[name, default: 0] += 1
    guard let device else { return }
    if device != lastDevice {
      lastDevice = device
      let parts = [HealthKitDevice.name(in: device), HealthKitDevice.hardware(in: device)].compactMap { $0 }
      lastDeviceText = parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
    if let text = lastDeviceText { devicesBySource[name, default: []].insert(text) }
  }

  private static func bytewise(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}
