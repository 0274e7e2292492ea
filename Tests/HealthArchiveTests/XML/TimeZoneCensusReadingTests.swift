import Foundation
import HealthModel
import Testing

@testable import HealthArchive

/// The time zones an export's metadata names are counted whatever the reader delivers: every
/// `HKTimeZone` entry once, in records read, passed over or skipped, in workouts and in the
/// members of correlations.
@Suite struct TimeZoneCensusReadingTests {
  static let dates = #"startDate="2024-01-01 23:00:00 +0100" endDate="2024-01-02 07:00:00 +0100""#
  static let xml = """
    <?xml version="1.0"?>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierStepCount" unit="count" \(dates) value="12">
      <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" \(dates) value="61">
      <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
      <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
     </Record>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" \(dates) value="HKCategoryValueSleepAnalysisAsleepCore">
      <MetadataEntry key="HKTimeZone" value="America/New_York"/>
     </Record>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" \(dates) value="HKCategoryValueSleepAnalysisAsleepCore">
      <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
     </Record>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" \(dates)>
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" unit="mmHg" \(dates) value="120">
       <MetadataEntry key="HKTimeZone" value="America/New_York"/>
      </Record>
     </Correlation>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" \(dates)>
      <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
     </Workout>
     <Record type="HKQuantityTypeIdentifierStepCount" unit="count" \(dates) value="13"/>
    </HealthData>

    """

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var filter: ItemFilter
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "everything read, metadata kept", filter: .everything),
    Case(
      name: "steps only",
      filter: ItemFilter(sampleTypes: ["HKQuantityTypeIdentifierStepCount"], includesCorrelations: false)),
    Case(
      name: "every type, no metadata",
      filter: ItemFilter(
        sampleTypes: nil, includesCorrelations: true, includesWorkouts: true, metadataTypes: [])),
    Case(name: "nothing", filter: ItemFilter(sampleTypes: [], includesCorrelations: false)),
  ]

  @Test(arguments: cases, [Int.max, 7])
  func everyEntryIsCountedOnce(testCase: Case, chunkLimit: Int) throws {
    let result = try readExport(Self.xml, filter: testCase.filter, chunkLimit: chunkLimit, bufferSize: 64)
    #expect(result.header.timeZones.counts == ["Europe/Paris": 4, "America/New_York": 2])
    #expect(result.header.timeZones.mostNamedZone?.identifier == "Europe/Paris")
  }

  @Test func anExportWithoutZonesNamesNone() throws {
    let result = try readExport(
      "<HealthData><Record type=\"HKQuantityTypeIdentifierStepCount\" unit=\"count\" \(Self.dates) value=\"1\"/></HealthData>"
    )
    #expect(result.header.timeZones.isEmpty)
    #expect(result.header.timeZones.mostNamedZone == nil)
  }
}
