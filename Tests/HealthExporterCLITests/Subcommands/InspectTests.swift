import Foundation
import HealthTestSupport
import Testing

/// `inspect` on an archive holding one of everything, pinned as golden files.
@Suite struct InspectTests {
  static func archive(in folder: TestDirectory) throws -> String {
    var fixture = ExportFixture()
    fixture.add(
      "apple_health_export/export.xml",
      ExportXML.document(
        ExportXML.record(
          "StepCount", value: "120", unit: "count", source: "Jane’s iPhone",
          start: "2026-01-09 11:00:00 -0500")
          + ExportXML.record(
            "StepCount", value: "80", unit: "count", source: "Jane’s Apple Watch",
            start: "2026-01-12 09:00:00 -0500")
          + ExportXML.record(
            "StepCount", value: "95", unit: "count", source: "Jane’s Apple Watch",
            start: "2026-01-10 09:00:00 -0500")
          + ExportXML.record(
            "BodyMass", value: "heavy", unit: "kg", source: "Withings", start: "2026-01-09 07:00:00 -0500")
          + ExportXML.record(
            "BloodPressureSystolic", value: "120", unit: "mmHg", source: "Omron",
            start: "2026-01-15 14:32:00 -0500")
            + """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500" value="120"/>
             </Correlation>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Jane’s Apple Watch" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:30:00 -0500">
              <WorkoutRoute sourceName="Jane’s Apple Watch" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:30:00 -0500"><FileReference path="/workout-routes/route_2026-01-12_5.30pm.gpx"/></WorkoutRoute>
             </Workout>
             <ActivitySummary dateComponents="2026-01-12" activeEnergyBurned="410.5" activeEnergyBurnedUnit="kcal"/>
             <ClinicalRecord type="Observation" identifier="1" sourceName="Lab" fhirVersion="1.0.2" resourceFilePath="/clinical-records/Observation-1.json"/>
             <ClinicalRecord type="Observation" identifier="2" sourceName="Lab" fhirVersion="1.0.2" resourceFilePath="/clinical-records/Observation-2.json"/>
             <ClinicalRecord type="Patient" identifier="3" sourceName="Lab" fhirVersion="4.0.1" resourceFilePath="/clinical-records/Patient-3.json"/>
             <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2026-01-01 10:00:00 +0000" endDate="2026-01-01 10:00:00 +0000"/>
            """))
    fixture.add("apple_health_export/workout-routes/route_2026-01-12_5.30pm.gpx", "<gpx/>")
    fixture.add("apple_health_export/electrocardiograms/ecg_2026-01-12.csv", "Name\n")
    fixture.add("apple_health_export/electrocardiograms/ecg_2026-01-12_1.csv", "Name\n")
    let path = folder.file("export.zip")
    try fixture.writeZip(at: path)
    return path
  }

  @Test func describesAnArchiveAsATable() throws {
    let folder = try TestDirectory()
    let path = try Self.archive(in: folder)
    let run = ToolRun(["inspect", path])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let actual = run.standardOutput.replacingOccurrences(of: folder.path, with: "FOLDER")
    let expected = try Golden.expected("inspect.txt", actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  @Test func describesAnArchiveAsJSON() throws {
    let folder = try TestDirectory()
    let path = try Self.archive(in: folder)
    let run = ToolRun(["inspect", path, "--json"])
    #expect(run.status == 0)
    let actual = run.standardOutput.replacingOccurrences(of: folder.path, with: "FOLDER")
    let expected = try Golden.expected("inspect.json", actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
    // The JSON is valid and agrees with the table's counts.
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(object["recordCount"] as? Int == 4)
    #expect(object["activitySummaries"] as? Int == 1)
  }

  @Test func failsLikeExportOnWhatIsNotAnExport() throws {
    let folder = try TestDirectory()
    let text = try folder.write("not xml\n", to: "notes.txt")
    let run = ToolRun(["inspect", text])
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(ToolRun(["inspect", folder.file("missing")]).status == 66)
    #expect(ToolRun(["inspect"]).status == 64)
  }
}
