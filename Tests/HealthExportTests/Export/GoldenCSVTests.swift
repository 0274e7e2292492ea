import HealthExport
import HealthModel
import HealthTestSupport
import Testing

/// The example of the CSV contract, reproduced byte for byte from an export.xml holding its
/// records (lab rows come from clinical records, read by the archive reader).
@Suite struct GoldenCSVTests {
  /// The seed example's records as the Health app writes them, in New York winter time (-0500),
  /// with blood pressure as a correlation whose members also appear at top level.
  static let seedExample = """
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="6.3.1" unit="lb" creationDate="2026-01-09 10:31:02 -0500" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="185.5"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Apple Watch" unit="count" startDate="2026-01-09 11:00:00 -0500" endDate="2026-01-09 11:09:30 -0500" value="5432"/>
     <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="MyFitnessPal" unit="mmol&lt;180.1558800000541&gt;/L" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500" value="5.44">
      <MetadataEntry key="HKBloodGlucoseMealTime" value="1"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="MyFitnessPal" unit="mg/dL" startDate="2026-01-09 14:30:00 -0500" endDate="2026-01-09 14:30:00 -0500" value="145">
      <MetadataEntry key="HKBloodGlucoseMealTime" value="2"/>
     </Record>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Apple Health" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500">
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Apple Health" unit="mmHg" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500" value="120"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Apple Health" unit="mmHg" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500" value="80"/>
     </Correlation>
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Apple Health" unit="mmHg" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500" value="120"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Apple Health" unit="mmHg" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500" value="80"/>
     <Record type="HKQuantityTypeIdentifierOxygenSaturation" sourceName="Apple Health" unit="%" startDate="2026-01-15 14:33:00 -0500" endDate="2026-01-15 14:33:00 -0500" value="0.985"/>
    """

  @Test func reproducesTheContractsExample() throws {
    let selection = ExportTest.selection(vitals: ["blood-pressure", "oxygen-saturation"])
    let outcome = try ExportTest.run(Self.seedExample, selection: selection)
    let expected = try Golden.expected(
      "seed-example-without-labs.csv", actual: outcome.csv, testFile: #filePath)
    #expect(outcome.csv == expected, "\(Golden.difference(expected: expected, actual: outcome.csv))")
  }
}
