import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Items an app supplies are filtered as a reader filters an export: what the export's reader
/// hands on with a filter is what the sequence of its every item hands on with the same filter.
@Suite struct HealthItemSequenceTests {
  static let systolic = ExportXML.record(
    "BloodPressureSystolic", value: "120", unit: "mmHg", source: "Omron", start: "2026-01-15 14:32:00 -0500")
  static let diastolic = ExportXML.record(
    "BloodPressureDiastolic", value: "80", unit: "mmHg", source: "Omron", start: "2026-01-15 14:32:00 -0500")
  static var export: InMemoryExport {
    InMemoryExport(
      xml: ExportXML.document(
        """
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
        \(ExportXML.record("BodyMass", value: "70", unit: "kg", start: "2026-01-15 08:00:00 -0500"))\
        \(ExportXML.record("StepCount", value: "500", unit: "count", start: "2026-01-15 09:00:00 -0500"))\
        \(systolic)\(diastolic)\
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500">
        \(systolic)\(diastolic) </Correlation>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="45.7" durationUnit="min" sourceName="Watch" startDate="2025-09-16 16:30:00 +0100" endDate="2025-09-16 17:15:43 +0100"/>
         <ActivitySummary dateComponents="2025-09-16" activeEnergyBurned="590.252" activeEnergyBurnedUnit="kcal"/>
         <ClinicalRecord type="Observation" identifier="12" sourceName="Sample Location A" fhirVersion="1.0.2" receivedDate="2018-12-18 14:06:24 -0600" resourceFilePath="/clinical-records/Observation-1.json"/>
        """))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var filter: ItemFilter
  }

  static let cases = [
    Case(testDescription: "everything", filter: .everything),
    Case(
      testDescription: "weight alone",
      filter: ItemFilter(sampleTypes: [HealthKitIdentifier.bodyMass], includesCorrelations: false)),
    Case(
      testDescription: "systolic, in correlations too",
      filter: ItemFilter(sampleTypes: [HealthKitIdentifier.bloodPressureSystolic], includesCorrelations: true)
    ),
    Case(
      testDescription: "workouts and activity, no samples",
      filter: ItemFilter(
        sampleTypes: [], includesCorrelations: false, includesWorkouts: true, includesActivitySummaries: true)
    ),
    Case(
      testDescription: "clinical records",
      filter: ItemFilter(sampleTypes: [], includesCorrelations: false, includesClinicalRecords: true)),
  ]

  /// The items `source` hands on with `filter`, as text.
  static func read(_ source: some HealthItemSource, filter: ItemFilter) throws -> [String] {
    var items: [String] = []
    try source.readItems(filter: filter, diagnostics: Diagnostics()) { item, _ in
      items.append(String(describing: item))
    }
    return items
  }

  @Test(arguments: cases)
  func filtersAsTheReaderDoes(_ testCase: Case) throws {
    var all: [HealthItem] = []
    try Self.export.readItems(filter: .everything, diagnostics: Diagnostics()) { item, _ in all.append(item) }
    let expected = try Self.read(Self.export, filter: testCase.filter)
    #expect(!expected.isEmpty)
    #expect(try Self.read(HealthItemSequence(all), filter: testCase.filter) == expected)
  }

  @Test func correlationsKeepTheMembersAskedFor() throws {
    var correlations: [Correlation] = []
    try Self.export.readItems(filter: .everything, diagnostics: Diagnostics()) { item, _ in
      if case .correlation(let correlation) = item { correlations.append(correlation) }
    }
    let filter = ItemFilter(
      sampleTypes: [HealthKitIdentifier.bloodPressureDiastolic], includesCorrelations: true)
    var kept: [Correlation] = []
    try HealthItemSequence(correlations: correlations).readItems(filter: filter, diagnostics: Diagnostics()) {
      item, _ in
      if case .correlation(let correlation) = item { kept.append(correlation) }
    }
    #expect(kept.map { $0.objects.map(\.type) } == [[HealthKitIdentifier.bloodPressureDiastolic]])
  }

  /// The samples, correlations, workouts and lab results come in that order, each at its
  /// position.
  @Test func anAppsValuesComeInOrderAtTheirPositions() throws {
    let day = Timestamp(secondsSince1970: 1_768_910_400)
    let sample = Sample(
      type: HealthKitIdentifier.bodyMass, value: .quantity(70, unit: "kg"), sourceName: "App", startDate: day,
      endDate: day)
    let correlation = Correlation(
      type: "HKCorrelationTypeIdentifierBloodPressure", sourceName: "App", startDate: day, endDate: day)
    let workout = Workout(
      activityType: "HKWorkoutActivityTypeRunning", sourceName: "App", startDate: day, endDate: day)
    let items = HealthItemSequence(
      samples: [sample, sample], correlations: [correlation], workouts: [workout], name: "app")
    #expect(items.itemCount == 4)
    #expect(items.shape == .items)
    var read: [(String, HealthModel.SourceLocation)] = []
    try items.readItems(filter: .everything, diagnostics: Diagnostics()) { item, location in
      switch item {
      case .sample: read.append(("sample", location))
      case .correlation: read.append(("correlation", location))
      case .workout: read.append(("workout", location))
      default: read.append(("other", location))
      }
    }
    #expect(read.map(\.0) == ["sample", "sample", "correlation", "workout"])
    #expect(read.map(\.1) == (1...4).map { HealthModel.SourceLocation(file: "app", line: $0) })
  }
}
