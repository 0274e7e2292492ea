import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// What the writer makes of each element of export.xml, column by column.
@Suite struct DatabaseWriterTests {
  static let watch =
    "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
  static let phone =
    "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.1&gt;"

  static let xml = ExportXML.document(
    """
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-02-03" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jane’s Watch" sourceVersion="10.1" device="\(watch)" unit="count" creationDate="2026-01-09 11:05:00 -0500" startDate="2026-01-09 10:00:00 -0500" endDate="2026-01-09 11:00:00 -0500" value="5432">
      <MetadataEntry key="HKWasUserEntered" value="0"/>
      <MetadataEntry key="HKWasUserEntered" value="1"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jane’s iPhone" device="\(phone)" unit="count" startDate="2026-07-09 10:00:00 -0400" endDate="2026-07-09 11:00:00 -0400" value="48.74499999999999"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Jane’s Watch" sourceVersion="10.1" device="\(watch)" startDate="2026-01-09 01:00:00 -0500" endDate="2026-01-09 02:30:00 -0500" value="HKCategoryValueSleepAnalysisAsleepCore"/>
     <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Calm" startDate="2026-01-09 08:00:00 -0500" endDate="2026-01-09 08:10:00 -0500"/>
     <Record type="HKDataTypeSleepDurationGoal" sourceName="Calm" unit="hr" startDate="2026-01-09 08:00:00 -0500" endDate="2026-01-09 08:00:00 -0500" value="8"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500" value="120"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500" value="80"/>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500">
      <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500" value="120"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500" value="80"/>
     </Correlation>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" sourceName="Jane’s Watch" sourceVersion="10.1" device="\(watch)" creationDate="2026-01-09 18:40:00 -0500" startDate="2026-01-09 18:00:00 -0500" endDate="2026-01-09 18:35:00 -0500">
      <MetadataEntry key="HKIndoorWorkout" value="0"/>
      <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-01-09 18:10:00 -0500"/>
      <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-01-09 18:00:00 -0500" duration="5" durationUnit="min">
       <MetadataEntry key="HKSWOLFScore" value="12"/>
      </WorkoutEvent>
      <WorkoutActivity uuid="A1" startDate="2026-01-09 18:00:00 -0500" endDate="2026-01-09 18:35:00 -0500" duration="30.5" durationUnit="min">
       <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-01-09 18:00:00 -0500" endDate="2026-01-09 18:35:00 -0500" average="150" minimum="120" maximum="171" unit="count/min"/>
      </WorkoutActivity>
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-09 18:00:00 -0500" endDate="2026-01-09 18:35:00 -0500" sum="5.2" unit="km"/>
      <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-01-09 18:00:00 -0500" endDate="2026-01-09 18:35:00 -0500" sum="1673.6" unit="kJ"/>
     </Workout>
     <ActivitySummary dateComponents="2026-01-09" activeEnergyBurned="590.252" activeEnergyBurnedGoal="630" activeEnergyBurnedUnit="Cal" appleExerciseTime="68" appleExerciseTimeGoal="30" appleStandHours="12" appleStandHoursGoal="12" appleMoveTime="lots"/>
     <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="12" sourceName="Sample Location A" sourceURL="https://localhost/Observation/12" fhirVersion="1.0.2" receivedDate="2018-12-18 14:06:24 -0600" resourceFilePath="/clinical-records/Observation-1.json"/>
    """)

  @Test func writesEveryRecordOnceWithItsSourceDatesAndValue() throws {
    let database = try TestDatabase(xml: Self.xml, timeZone: "America/New_York")
    try database.expect(

      """
      SELECT r.id, r.type, s.name, r.unit, r.value, r.value_text, r.creation_date, r.start_date, r.end_date,
        r.creation_unix, r.start_unix, r.end_unix, r.correlation_id
      FROM records r JOIN sources s ON s.id = r.source_id ORDER BY r.id
      """,
      [
        "1|HKQuantityTypeIdentifierStepCount|Jane’s Watch|count|5432.0||2026-01-09 11:05:00 -0500|2026-01-09 10:00:00 -0500|2026-01-09 11:00:00 -0500|1767974700|1767970800|1767974400|",
        "2|HKQuantityTypeIdentifierStepCount|Jane’s iPhone|count|48.74499999999999|||2026-07-09 10:00:00 -0400|2026-07-09 11:00:00 -0400||1783605600|1783609200|",
        "3|HKCategoryTypeIdentifierSleepAnalysis|Jane’s Watch|||HKCategoryValueSleepAnalysisAsleepCore||2026-01-09 01:00:00 -0500|2026-01-09 02:30:00 -0500||1767938400|1767943800|",
        "4|HKCategoryTypeIdentifierMindfulSession|Calm|||||2026-01-09 08:00:00 -0500|2026-01-09 08:10:00 -0500||1767963600|1767964200|",
        "5|HKDataTypeSleepDurationGoal|Calm|hr|8.0|||2026-01-09 08:00:00 -0500|2026-01-09 08:00:00 -0500||1767963600|1767963600|",
        "8|HKQuantityTypeIdentifierBloodPressureSystolic|Omron|mmHg|120.0|||2026-01-09 07:15:00 -0500|2026-01-09 07:15:00 -0500||1767960900|1767960900|1",
        "9|HKQuantityTypeIdentifierBloodPressureDiastolic|Omron|mmHg|80.0|||2026-01-09 07:15:00 -0500|2026-01-09 07:15:00 -0500||1767960900|1767960900|1",
      ])
    #expect(database.counts.records == 7)
    #expect(database.counts.repeatedMembers == 2)
    try database.expect(
      "SELECT owner_kind, owner_id, key, value FROM metadata ORDER BY rowid",
      [
        "record|1|HKWasUserEntered|0", "record|1|HKWasUserEntered|1",
        "correlation|1|HKMetadataKeySyncVersion|2", "workout|1|HKIndoorWorkout|0",
        "workout_event|2|HKSWOLFScore|12",
        "activity_summary|1|appleMoveTime|lots",
      ])
  }

  /// The types of correlation members are read through the index of members: the plan SQLite
  /// makes of the query on its own walks every record (`SCAN records USING INDEX
  /// records_type_start`), a read of the whole table at the end of every build.
  @Test func readsTheTypesOfCorrelationMembersThroughTheirIndex() throws {
    let database = try TestDatabase(xml: Self.xml)
    let plan = try database.connection.rows("EXPLAIN QUERY PLAN \(DatabaseWriter.correlationMemberTypes)")
    #expect(
      plan.map { $0.last?.description ?? "" } == [
        "SEARCH records USING INDEX records_correlation (correlation_id>?)", "USE TEMP B-TREE FOR DISTINCT",
      ])
    try database.expect(
      DatabaseWriter.correlationMemberTypes + " ORDER BY type",
      ["HKQuantityTypeIdentifierBloodPressureDiastolic", "HKQuantityTypeIdentifierBloodPressureSystolic"])
  }

  @Test func namesEachTypeAndSource() throws {
    let database = try TestDatabase(xml: Self.xml)
    try database.expect(
      "SELECT * FROM types ORDER BY type",
      [
        "HKCategoryTypeIdentifierMindfulSession|MindfulSession|category|||1|1767963600|1767963600",
        "HKCategoryTypeIdentifierSleepAnalysis|SleepAnalysis|category|||1|1767938400|1767938400",
        "HKClinicalTypeIdentifierLabResultRecord|LabResultRecord|clinical|||1|1545163584|1545163584",
        "HKCorrelationTypeIdentifierBloodPressure|BloodPressure|correlation|||1|1767960900|1767960900",
        "HKDataTypeSleepDurationGoal|SleepDurationGoal|quantity|||1|1767963600|1767963600",
        "HKQuantityTypeIdentifierBloodPressureDiastolic|BloodPressureDiastolic|quantity|discrete|Blood Pressure Diastolic|1|1767960900|1767960900",
        "HKQuantityTypeIdentifierBloodPressureSystolic|BloodPressureSystolic|quantity|discrete|Blood Pressure Systolic|1|1767960900|1767960900",
        "HKQuantityTypeIdentifierStepCount|StepCount|quantity|cumulative|Steps|2|1767970800|1783605600",
        "HKWorkoutActivityTypeRunning|Running|workout|||1|1767999600|1767999600",
      ])
    try database.expect(
      "SELECT id, name, version, device_model, priority FROM sources ORDER BY id",
      [
        "1|Jane’s Watch|10.1|Watch|1", "2|Jane’s iPhone||iPhone|2", "3|Calm|||3", "4|Omron|||4",
      ])
    try database.expect(
      "SELECT device FROM sources WHERE id = 1",
      [
        "<<HKDevice: 0x1>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1>"
      ])
  }

  @Test func writesTheWorkoutWithItsParts() throws {
    let database = try TestDatabase(xml: Self.xml, timeZone: "America/Chicago")
    try database.expect(
      "SELECT * FROM workouts",
      [
        "1|HKWorkoutActivityTypeRunning|1|1830.0|5.2|km|399.99999999999994|2026-01-09 17:40:00 -0600|2026-01-09 17:00:00 -0600|2026-01-09 17:35:00 -0600|1768002000|1767999600|1768001700|1"
      ])
    try database.expect(
      "SELECT * FROM workout_events ORDER BY id",
      [
        "1|1||HKWorkoutEventTypePause|2026-01-09 17:10:00 -0600|1768000200|",
        "2|1||HKWorkoutEventTypeSegment|2026-01-09 17:00:00 -0600|1767999600|300.0",
      ])
    try database.expect(
      "SELECT * FROM workout_activities",
      [
        "1|1|A1|2026-01-09 17:00:00 -0600|2026-01-09 17:35:00 -0600|1767999600|1768001700|1830.0"
      ])
    try database.expect(
      "SELECT workout_id, activity_id, type, start_unix, average, minimum, maximum, sum, unit FROM workout_statistics ORDER BY rowid",
      [
        "1||HKQuantityTypeIdentifierDistanceWalkingRunning|1767999600||||5.2|km",
        "1||HKQuantityTypeIdentifierActiveEnergyBurned|1767999600||||1673.6|kJ",
        "1|1|HKQuantityTypeIdentifierHeartRate|1767999600|150.0|120.0|171.0||count/min",
      ])
  }

  @Test func writesMeTheSummaryTheClinicalRecordAndWhatWasRead() throws {
    let database = try TestDatabase(xml: Self.xml, timeZone: "Europe/Paris")
    try database.expect(
      "SELECT * FROM me",
      [
        "1980-02-03|HKBiologicalSexFemale|HKBloodTypeAPositive|HKFitzpatrickSkinTypeNotSet|None"
      ])
    try database.expect(
      "SELECT * FROM activity_summaries",
      [
        "1|2026-01-09|590.252|630.0|Cal|||68.0|30.0|12.0|12.0"
      ])
    try database.expect(
      "SELECT * FROM clinical_records",
      [
        "1|HKClinicalTypeIdentifierLabResultRecord|12|Sample Location A|https://localhost/Observation/12|1.0.2|2018-12-18 21:06:24 +0100|1545163584||/clinical-records/Observation-1.json||1"
      ])
    try database.expect(
      "SELECT * FROM export_info",
      [
        "2|test|export.xml|XML file|2026-01-20 13:00:00 +0100|1768910400|en_US|14|Europe/Paris|1768910400|lbs|°F|0"
      ])
    try database.expect(
      "SELECT * FROM imports", ["1|1768910400|export.xml|2026-01-20 13:00:00 +0100|1768910400|11|0|0"])
    #expect(try database.connection.value("PRAGMA user_version") == .integer(2))
    #expect(try database.connection.value("PRAGMA journal_mode") == .text("wal"))
  }

  @Test func writesLabResultsNamedByTheRegistryElseByTheirText() throws {
    let record = ClinicalRecord(
      type: "Observation", identifier: "1", sourceName: "Lab",
      resource: FHIRResource(json: "{\"resourceType\":\"Observation\"}", resourceType: "Observation"))
    let items: [HealthItem] = [
      .clinicalRecord(record),
      .labResult(
        LabResult(
          loinc: "17856-6", displayName: "HbA1c (HPLC)", value: 6.1, unit: "%",
          date: Timestamp(secondsSince1970: 1_700_000_000), sourceName: "Lab",
          dateText: "2023-11-14T22:13:20Z")),
      .labResult(
        LabResult(
          loinc: "99999-9", displayName: "Something rare", value: 1.25, unit: "U/L",
          date: Timestamp(secondsSince1970: 1_700_000_000), isLocalTime: true, sourceName: "Lab")),
      .exportDate(Timestamp(secondsSince1970: 1_700_000_000)),
      .labResult(
        LabResult(
          loinc: "12345-6", value: 3, unit: "", date: Timestamp(secondsSince1970: 1_700_000_000),
          sourceName: "Profile")),
    ]
    let database = try TestDatabase(items: items)
    try database.expect(
      "SELECT * FROM lab_results ORDER BY id",
      [
        "1|1|17856-6|Hemoglobin A1C|6.1|%|2023-11-14 22:13:20 +0000|1700000000|Lab||",
        "2|1|99999-9|Something rare|1.25|U/L|2023-11-14 22:13:20||Lab||",
        "3||12345-6|12345-6|3.0||2023-11-14 22:13:20 +0000|1700000000|Profile||",
      ])
    try database.expect(
      "SELECT resource_type, resource_json FROM clinical_records",
      ["Observation|{\"resourceType\":\"Observation\"}"])
  }

  @Test func writesSummaryRowsGivenToIt() throws {
    let day = SummaryPeriodSpan(
      period: .day, start: Timestamp(secondsSince1970: 1_767_916_800),
      end: Timestamp(secondsSince1970: 1_768_003_200),
      localStart: CivilDateTime(year: 2026, month: 1, day: 9),
      utcOffset: 0)
    let database = try TestDatabase(
      items: [],
      summaries: [
        SummaryRow(
          period: day,
          type: "HKQuantityTypeIdentifierStepCount", metric: "Steps",
          value: WrittenValue(10_432.4, decimals: 0),
          unit: "steps", count: 148, sources: ["Jane’s Apple Watch", "Jane’s iPhone"]),
        SummaryRow(
          period: SummaryPeriodSpan(
            period: .hour, start: Timestamp(secondsSince1970: 1_767_956_400),
            end: Timestamp(secondsSince1970: 1_767_960_000),
            localStart: CivilDateTime(year: 2026, month: 1, day: 9, hour: 11, minute: 0, second: 0),
            utcOffset: 0),
          type: "HKQuantityTypeIdentifierHeartRate", metric: "Heart Rate",
          value: WrittenValue(71.25, decimals: 1),
          unit: "bpm", minimum: WrittenValue(-0.04, decimals: 1), maximum: WrittenValue(2.675, decimals: 2),
          count: 3, sources: ["Watch"]),
        SummaryRow(
          period: day,
          type: "HKCategoryTypeIdentifierHighHeartRateEvent", metric: "High Heart Rate Events", value: nil,
          unit: "", count: 2, sources: []),
      ])
    // The numbers as the summary CSV writes them (71.25 is a tie, written 71.2; -0.04 is 0.0;
    // 2.675 is 2.67499…), NULL for no value or unit.
    try database.expect(
      "SELECT * FROM summaries",
      [
        "day|2026-01-09|HKQuantityTypeIdentifierStepCount|Steps|10432.0|steps|||148|Jane’s Apple Watch; Jane’s iPhone",
        "hour|2026-01-09 11:00|HKQuantityTypeIdentifierHeartRate|Heart Rate|71.2|bpm|0.0|2.67|3|Watch",
        "day|2026-01-09|HKCategoryTypeIdentifierHighHeartRateEvent|High Heart Rate Events|||||2|",
      ])
  }
}
