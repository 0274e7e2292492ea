import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The rows the crafted export gives in the tables its files and rare elements fill: routes and
/// their points (GPX and inline), ECGs, clinical resources and lab results, audiograms, vision
/// prescriptions, states of mind.
@Suite struct DatabaseRowsTests {
  let database: ExportedDatabase

  init() throws {
    let folder = try TestDirectory()
    try CraftedExport.fixture.writeFolder(at: folder.path)
    database = try ExportedDatabase(input: folder.path)
  }

  @Test func writesEachRouteFileAndItsPoints() throws {
    #expect(
      try database.lines("SELECT * FROM workout_routes ORDER BY id") == [
        "1|1|Watch|2026-01-10 18:00:00 -0500|2026-01-10 18:20:00 -0500|1768086000|1768087200|/workout-routes/route_2026-01-10_6.20pm.gpx|3",
        "2|1|Watch|2026-01-10 18:00:00 -0500|2026-01-10 18:20:00 -0500|1768086000|1768087200|/workout-routes/route_missing.gpx|0",
        "3|2|Phone|2016-11-14 09:25:44 -0500|2016-11-14 09:27:44 -0500|1479133544|1479133664||2",
      ])
    #expect(
      try database.lines("SELECT * FROM route_points ORDER BY rowid") == [
        "1|1|2026-01-10T23:00:00Z|2026-01-10 18:00:00 -0500|1768086000|40.7812|-73.9665|16.88|3.1|243.8|4.4|2.6",
        "1|1|2026-01-10T23:00:01Z|2026-01-10 18:00:01 -0500|1768086001|40.7811|-73.9666|16.9|3.2|243.7|3.6|3.3",
        "1|1|2026-01-10T23:00:02Z|2026-01-10 18:00:02 -0500|1768086002|40.781|-73.9667|17.0|3.3|243.6|3.5|3.2",
        "2|3|2016-11-14T14:25:44Z|2016-11-14 09:25:44 -0500|1479133544|37.7777|-122.426|21.2694|2.48034|-1.0|2.40948|1.67859",
        "2|3|2016-11-14T14:26:44Z|2016-11-14 09:26:44 -0500|1479133604|37.7778|-122.427|21.3|2.5|90.0|2.4|1.6",
      ])
    #expect(
      try database.lines("SELECT * FROM workouts ORDER BY id") == [
        "1|HKWorkoutActivityTypeRunning|3|1200.0|3.1|km|||2026-01-10 18:00:00 -0500|2026-01-10 18:20:00 -0500||1768086000|1768087200|1",
        "2|HKWorkoutActivityTypeWalking|4|120.0|0.1|mi|10.0||2016-11-14 09:25:44 -0500|2016-11-14 09:27:44 -0500||1479133544|1479133664|1",
      ])
  }

  @Test func writesEachReadableECGWithItsSamples() throws {
    #expect(
      try database.lines("SELECT * FROM ecgs") == [
        "1|ecg_2026-01-11.csv|2026-01-11 20:55:07 -0500|1768182907|Sinus Rhythm||2.0|Watch7,2|512.0|Lead I|µV|5||Feb 3, 1980"
      ])
    #expect(
      try database.lines("SELECT * FROM ecg_samples ORDER BY n") == [
        "1|0|-107.825", "1|1|-121.163", "1|2|0.0", "1|3|12.5", "1|4|3.0",
      ])
  }

  @Test func keepsEveryResourceAndReadsALabResultFromEachObservation() throws {
    #expect(
      try database.lines(
        "SELECT id, type, identifier, source_name, fhir_version, received_date, received_unix, resource_type, resource_path FROM clinical_records"
      ) == [
        "1|Observation|1|Lab One|4.0.1|2026-01-12 09:00:00 -0500|1768226400|Observation|/clinical-records/Observation-1.json",
        "2|Observation|2|Lab One|4.0.1|2026-01-12 09:00:00 -0500|1768226400|Observation|/clinical-records/Observation-2.json",
        "3|Condition|3|Lab One|4.0.1|2026-01-12 09:00:00 -0500|1768226400|Condition|/clinical-records/Condition-3.json",
      ])
    #expect(
      try database.lines("SELECT resource_json FROM clinical_records WHERE id = 3") == [
        "{\"resourceType\" : \"Condition\", \"code\" : {\"text\" : \"Seasonal allergy\"}}"
      ])
    // 2947-0 is a registry code of Sodium (blood), read in preference to the unknown 99999-9; a
    // date without a time is not an instant and has no Unix seconds.
    #expect(
      try database.lines("SELECT * FROM lab_results ORDER BY id") == [
        "1|1|4548-4|Hemoglobin A1C|5.7|%|2026-01-09 08:30:00 -0500|1767965400|Lab One||",
        "2|2|2947-0|Sodium|139.0|mmol/L|2026-01-09||Lab One||",
      ])
  }

  @Test func writesTheAudiogramThePrescriptionAndTheStateOfMind() throws {
    #expect(
      try database.lines("SELECT a.*, s.name FROM audiograms a JOIN sources s ON s.id = a.source_id") == [
        "1|HKDataTypeIdentifierAudiogram|5||2026-01-11 10:00:00 -0500|2026-01-11 10:05:00 -0500||1768143600|1768143900|Mimi"
      ])
    #expect(
      try database.lines("SELECT * FROM audiogram_points ORDER BY rowid") == [
        "1|250.0|Hz|35.0459|dBHL||||20.0|dBHL|||", "1|1000.0|Hz|15.0|dBHL|1|-10.0|100.0|10.0|dBHL|||",
      ])
    #expect(
      try database.lines("SELECT * FROM vision_prescriptions") == [
        "1|HKVisionPrescriptionTypeGlasses|2025-12-01 00:00:00 -0500|1764565200|2027-12-01 00:00:00 -0500|1827637200|"
      ])
    #expect(
      try database.lines("SELECT * FROM vision_prescription_values ORDER BY rowid") == [
        "1|right|sphere|-1.25|D", "1|right|cylinder|-0.5|D", "1|right|axis|90.0|deg", "1|left|sphere|-1.0|D",
      ])
    #expect(
      try database.lines("SELECT * FROM state_of_mind") == [
        "1|6||2026-01-11 21:00:00 -0500|2026-01-11 21:00:00 -0500||1768183200|1768183200|HKStateOfMindKindDailyMood|0.6|calm,grateful|"
      ])
    #expect(
      try database.lines("SELECT * FROM metadata ORDER BY rowid") == [
        "audiogram|1|HKMetadataKeyTestLocation|home", "vision_prescription|1|Attachment|A-1",
      ])
  }

  @Test func reportsWhatItCouldNotRead() throws {
    #expect(
      database.summary.line
        == "Wrote a database of 3 records of 10 types, 1 correlation, 2 workouts, 5 route points, 1 ECG, 3 clinical records, 2 lab results, 9 summary rows to \(database.path) (time zone America/New_York; 2 top-level copies of correlation members stored only inside them); skipped 2 records: 1 × a workout route whose file is missing (first at \(database.source)/apple_health_export/export.xml, line 19, column 2), 1 × an ECG file whose line 16 is not a number (first at \(database.source)/apple_health_export/electrocardiograms/ecg_2026-01-11_1.csv, line 16)."
    )
  }
}
