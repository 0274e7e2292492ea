import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

/// A generated record read back through the project's own reader holds what the model says.
@Suite struct ReadBackTests {
  static let expected = ExpectedCounts(try! SampleModel(configuration: GeneratorTest.spring))
  let export = try! SampleExport(configuration: GeneratorTest.spring)

  func check(
    _ inspection: ExportInspection, routeFiles: Int, electrocardiograms: Int, export: SampleExport? = nil,
    expected: ExpectedCounts = ReadBackTests.expected, namesNoFile: Bool = false
  ) {
    let export = export ?? self.export
    // Every file export.xml names is there: export.xml alone names none.
    #expect(inspection.diagnostics.isEmpty)
    #expect(inspection.locale == "en_US")
    #expect(inspection.exportVersion == 14)
    #expect(
      Dictionary(uniqueKeysWithValues: inspection.recordTypes.map { ($0.type, $0.count) }) == expected.records
    )
    #expect(inspection.correlations.map(\.count) == [expected.correlations])
    #expect(
      Dictionary(uniqueKeysWithValues: inspection.workouts.map { ($0.name, $0.count) }) == expected.workouts)
    #expect(inspection.workoutRoutes == expected.routes)
    #expect(inspection.routeFiles.count == routeFiles)
    #expect(inspection.electrocardiogramFiles.count == electrocardiograms)
    #expect(inspection.activitySummaries == expected.activitySummaries)
    // export.xml alone has no clinical record: the DTD requires the file's path.
    #expect(
      Dictionary(
        uniqueKeysWithValues: inspection.clinicalRecords.map {
          ("\($0.resourceType) \($0.fhirVersion)", $0.count)
        })
        == (namesNoFile ? [:] : expected.clinicalRecords))
    #expect(inspection.exportDate == Timestamp(secondsSince1970: export.model.exportInstant))
  }

  @Test func theGeneratedContainerReadsBackWithTheModelsCounts() throws {
    let source = export.source()
    #expect(source.shape == .generated)
    let inspection = try ExportInspection.inspect(source)
    check(inspection, routeFiles: Self.expected.routes, electrocardiograms: 2)
    #expect(inspection.input == "sample (seed 7, 2026-03-05 to 2026-03-12, America/New_York)")
    #expect(inspection.healthXML == "apple_health_export/export.xml")
  }

  /// The counts are those of the model's plan, not merely of the generator: spot-check a few
  /// against what the plan says the person did.
  @Test func theCountsFollowThePlan() {
    let model = export.model
    #expect(Self.expected.records["HKQuantityTypeIdentifierRestingHeartRate"] == 8)
    #expect(Self.expected.records["HKQuantityTypeIdentifierHeight"] == 1)
    #expect(Self.expected.activitySummaries == 8)
    #expect(
      Self.expected.correlations == Self.expected.records["HKQuantityTypeIdentifierBloodPressureSystolic"])
    #expect(
      Self.expected.records["HKQuantityTypeIdentifierStepCount"]
        == Self.expected.records["HKQuantityTypeIdentifierDistanceWalkingRunning"])
    let workoutDays = model.dayNumbers.filter { model.workout(on: $0) != nil }.count
    #expect(Self.expected.workouts.values.reduce(0, +) == workoutDays)
    #expect(workoutDays >= 2 && workoutDays <= 7)
    // Every lab of the registry at each visit, plus the seven other resources.
    #expect(Self.expected.clinicalRecords.values.reduce(0, +) == 7 + 38 * model.labVisitDays.count)
  }

  /// Three days of the same record, written in each format, read back from disk.
  @Test(arguments: SampleOutputFormat.allCases)
  func everyFormatReadsBackThroughTheInput(_ format: SampleOutputFormat) throws {
    var configuration = GeneratorTest.spring
    configuration.days = 3
    let export = try SampleExport(configuration: configuration)
    let expected = ExpectedCounts(export.model)
    let folder = try TestDirectory()
    let name = ["zip": "export.zip", "folder": "apple_health_export", "xml": "export.xml"][format.rawValue]!
    let path = folder.file(name)
    let summary = try SampleExportWriter.write(export, to: path, format: format, overwrites: false)
    #expect(summary.fileCount == (format == .xml ? 0 : export.filePaths.count))
    let source = try HealthInput.open(path: path)
    #expect(source.shape == [.zip: .zipArchive, .folder: .folder, .xml: .xmlFile][format])
    let inspection = try ExportInspection.inspect(source)
    check(
      inspection, routeFiles: format == .xml ? 0 : expected.routes,
      electrocardiograms: format == .xml ? 0 : 2,
      export: export, expected: expected, namesNoFile: format == .xml)
    #expect(try folder.contents() == [name])
  }
}
