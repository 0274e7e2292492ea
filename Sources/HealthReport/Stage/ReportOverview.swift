import HealthArchive
import HealthExport
package import HealthModel

/// What an export holds over a report's range, for the report's overview: the span of its
/// records, its sources with their devices, and its records by kind.
package struct ReportOverview: Hashable, Sendable {
  /// An app or device that recorded samples.
  package struct SourceName: Hashable, Sendable {
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
  package var sources: [SourceName] = []
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
  private let range: RangeFilter
  private var overview = ReportOverview()
  /// Items the range may hold, until the zone is known: their kind, start, type and source.
  private var undecided:
    [(kind: UndecidedKind, date: Timestamp, type: String, source: String, device: String?)] = []

  private enum UndecidedKind {
    case sample, correlation, workout, labResult
  }
  private var recordsBySource: [String: Int] = [:]
  private var devicesBySource: [String: Set<String>] = [:]
  private var recordsByType: [String: Int] = [:]
  /// The run of items of one type, and of one source and device, counted since the counts
  /// above were last brought up to date: an export lists a type's records together, mostly from
  /// one source after another, so that a comparison of strings per item replaces a hash.
  private var typeRun: (type: String, count: Int)?
  private var sourceRun: (source: String, device: String?, count: Int)?
  /// The last device description read, and its name and hardware.
  private var lastDevice: (description: String, text: String?)?

  init(range: RangeFilter) {
    self.range = range
  }

  mutating func add(_ item: HealthItem) {
    switch item {
    case .exportDate(let date):
      overview.exportDate = date
    case .sample(let sample):
      add(
        .sample, date: sample.startDate, type: sample.type, source: sample.sourceName, device: sample.device)
    case .correlation(let correlation):
      add(.correlation, date: correlation.startDate, type: "", source: "", device: nil)
    case .workout(let workout):
      add(.workout, date: workout.startDate, type: "", source: workout.sourceName, device: workout.device)
    case .labResult(let result):
      add(.labResult, date: result.date, type: "", source: result.sourceName, device: nil)
    case .clinicalRecord:
      overview.clinicalRecords += 1
    case .characteristics, .activitySummary, .audiogram, .visionPrescription, .stateOfMind, .routePoints,
      .electrocardiogram:
      return
    }
  }

  /// Counts an item that starts at `date`, or keeps it until the zone decides.
  private mutating func add(
    _ kind: UndecidedKind, date: Timestamp, type: String, source: String, device: String?
  ) {
    overview.firstRecord = min(overview.firstRecord ?? date, date)
    overview.lastRecord = max(overview.lastRecord ?? date, date)
    switch range.verdict(date) {
    case .inside: count(kind, type: type, source: source, device: device)
    case .undecided: undecided.append((kind, date, type, source, device))
    case .outside: return
    }
  }

  /// Counts an item in the range.
  private mutating func count(_ kind: UndecidedKind, type: String, source: String, device: String?) {
    overview.recordsInRange += 1
    switch kind {
    case .sample:
      if typeRun?.type == type {
        typeRun?.count += 1
      } else {
        endTypeRun()
        typeRun = (type, 1)
      }
      noteSource(source, device: device)
    case .correlation:
      overview.correlations += 1
    case .workout:
      overview.workouts += 1
      noteSource(source, device: device)
    case .labResult:
      overview.labResults += 1
      noteSource(source, device: nil)
    }
  }

  /// What was counted.
  /// - Parameter range: the range, settled in the zone the days are reckoned in.
  /// - Returns: the overview of the range.
  mutating func finish(range: RangeFilter) -> ReportOverview {
    for item in undecided where range.contains(item.date) {
      count(item.kind, type: item.type, source: item.source, device: item.device)
    }
    undecided = []
    endTypeRun()
    endSourceRun()
    var result = overview
    let registry = MetricRegistry.standard
    result.sources = recordsBySource.map {
      ReportOverview.SourceName(
        name: $0.key, records: $0.value, devices: (devicesBySource[$0.key] ?? []).sorted(by: Self.bytewise))
    }.sorted { $0.records != $1.records ? $0.records > $1.records : Self.bytewise($0.name, $1.name) }
    result.kinds = recordsByType.map {
      ReportOverview.Kind(name: registry.summaryMetricName(ofType: $0.key), type: $0.key, records: $0.value)
    }.sorted { $0.records != $1.records ? $0.records > $1.records : Self.bytewise($0.name, $1.name) }
    return result
  }

  // MARK: - Private

  private mutating func noteSource(_ name: String, device: String?) {
    if let run = sourceRun, run.source == name, run.device == device {
      sourceRun?.count += 1
    } else {
      endSourceRun()
      sourceRun = (name, device, 1)
    }
  }

  private mutating func endTypeRun() {
    guard let run = typeRun else { return }
    recordsByType[run.type, default: 0] += run.count
    typeRun = nil
  }

  /// Adds the run of one source and device to its source's records and devices.
  private mutating func endSourceRun() {
    guard let run = sourceRun else { return }
    sourceRun = nil
    recordsBySource[run.source, default: 0] += run.count
    guard let device = run.device else { return }
    if lastDevice?.description != device {
      let parts = [HealthKitDevice.name(in: device), HealthKitDevice.hardware(in: device)].compactMap { $0 }
      lastDevice = (device, parts.isEmpty ? nil : parts.joined(separator: ", "))
    }
    if let text = lastDevice?.text { devicesBySource[run.source, default: []].insert(text) }
  }

  private static func bytewise(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}
