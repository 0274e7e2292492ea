import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// Every table holds what an independent count of the input finds: records by type, workouts and
/// their parts, route points, ECG samples, clinical records and lab observations, on a generated
/// archive, a crafted export and the real ones.
@Suite struct DatabaseCountsTests {
  @Test func countsEverythingOfAGeneratedArchive() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    let configuration = SampleConfiguration(days: 14)
    try SampleExportWriter.write(
      try SampleExport(configuration: configuration), to: archive, format: .zip, overwrites: false)
    let census = try ExportCensus(exportAt: archive)
    try #require(
      census.routePoints > 0 && census.electrocardiogramSamples > 0 && census.labObservations > 0
        && census.heartbeats > 0)
    let database = try ExportedDatabase(input: archive)
    try database.expectCounts(census)
    #expect(database.diagnostics.summary.isEmpty, "\(database.diagnostics.summary)")
    #expect(
      try database.count("SELECT count(*) FROM workout_routes WHERE points > 0") == census.routeFiles.count)
    #expect(database.summary.counts.routePoints == census.routePoints)
    #expect(database.summary.counts.ecgSamples == census.electrocardiogramSamples)
  }

  @Test func countsEverythingOfACraftedExportWithEveryKindOfFile() throws {
    let folder = try TestDirectory()
    try CraftedExport.fixture.writeFolder(at: folder.path)
    let census = try ExportCensus(exportAt: folder.path)
    let database = try ExportedDatabase(input: folder.path)
    try database.expectCounts(census)
    #expect(census.routePoints == 3 && census.inlineLocations == 2 && census.labObservations == 2)
    #expect(
      database.diagnostics.each.map(\.reason) == [
        "a workout route whose file is missing", "an ECG file whose line 16 is not a number",
      ])
  }

  @Test(
    .enabled(
      if: RealExports.isAvailable, "../shared/real-exports is absent: the real-export corpus is not run"),
    arguments: [
      ("AlekSi-applehealth__testdata.xml", 0), ("alxdrcirilo-apple-health-parser__export.xml", 0),
      ("alxdrcirilo-apple-health-parser__export.zip", 0),
      ("brianerdelyi-AppleHealthKitXsltStylesheet__export.xml", 0),
      ("dogsheep-healthkit-to-sqlite__export.xml", 0),
      ("dogsheep-healthkit-to-sqlite__zip_contents__export.xml", 0),
      ("ericwolter-apple-healthkit-csv__Exportieren.xml", 6),
      ("ericwolter-apple-healthkit-csv__export.xml", 0),
      ("grll-apple-health-mcp__export.xml", 0), ("josejamilena-HealthKitExportParser__export.xml", 0),
      ("josejamilena-HealthKitExportParser__exportacion.zip", 0), ("opendroid-hk__audio_exposure.xml", 0),
      ("opendroid-hk__sampleexport-2.xml", 0), ("opendroid-hk__sampleexport.xml", 0),
      ("symptomatic-clinical-scenarios__apple_health_export", 0),
      ("symptomatic-clinical-scenarios__export_2.zip", 0),
    ])
  func countsEverythingOfTheRealExports(file: String, skipped: Int) throws {
    let path = RealExports.path(file)
    let census = try ExportCensus(exportAt: path)
    let database = try ExportedDatabase(input: path)
    try database.expectCounts(census, skippedRecords: skipped)
    let check = try SQLiteShell.run("PRAGMA integrity_check", on: database.path)
    if SQLiteShell.isAvailable { #expect(check.standardOutput == "ok\n") }
  }

  /// The Health Records archive: every resource kept whole, and the lab results of its
  /// Observations named by the registry or by their text.
  @Test(.enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"))
  func keepsEveryClinicalResourceOfTheHealthRecordsArchive() throws {
    let database = try ExportedDatabase(
      input: RealExports.path("symptomatic-clinical-scenarios__export_2.zip"))
    #expect(try database.count("SELECT count(*) FROM clinical_records WHERE resource_json IS NULL") == 0)
    #expect(
      try database.lines("SELECT resource_type, count(*) FROM clinical_records GROUP BY 1 ORDER BY 1") == [
        "AllergyIntolerance|2", "Condition|4", "Immunization|2", "MedicationOrder|4", "Observation|17",
        "Patient|3", "Procedure|3",
      ])
    // Every Observation with a LOINC code and a quantity, vital signs included, named by the
    // registry where it knows the code, else by the record's code.text.
    #expect(
      try database.lines(
        "SELECT loinc, name, value, unit, effective_date, effective_unix, source_name FROM lab_results ORDER BY id"
      )
        == [
          "3043-7|Triglycerides|86.0|mg/dL|2017-03-17 20:00:00 -0400|1489795200|Sample Location A",
          "39156-5|BMI-body mass index|26.2|kg/m^2|2017-03-17 20:00:00 -0400|1489795200|Sample Location A",
          "2085-9|HDL Cholesterol|53.5|mg/dL|2017-03-17 20:00:00 -0400|1489795200|Sample Location A",
          "8867-4|Pulse|77.0|/min|2017-03-17 20:00:00 -0400|1489795200|Sample Location A",
          "8310-5|Temperature|37.6|Cel|2017-03-17 20:00:00 -0400|1489795200|Sample Location A",
          "2089-1|LDL Cholesterol|113.3|mg/dL|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "2339-0|Blood Glucose|60.0|mg/dL|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "29463-7|Weight|155.0|[lb_av]|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "39156-5|BMI-body mass index|26.6|kg/m^2|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "8302-2|Height|164.0|cm|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "2093-3|Total Cholesterol|184.0|mg/dL|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "8867-4|Pulse|72.0|/min|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "8310-5|Temperature|37.4|Cel|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "9279-1|Respiratory Rate|22.0|/min|2017-10-17 20:00:00 -0400|1508284800|Sample Location B",
          "3026-2|Thyroxine (T4)|9.8|µg/dL|2007-09-04 04:15:00 -0400|1188893700|Sample Location C",
          "3016-3|TSH|3.915|µU/mL|2007-09-04 04:15:00 -0400|1188893700|Sample Location C",
        ])
  }

  /// An HRV record's beat list, with its times of day as the export wrote them.
  @Test(.enabled(if: RealExports.isAvailable, "../shared/real-exports is absent"))
  func keepsTheBeatListsOfHRVRecords() throws {
    let database = try ExportedDatabase(input: RealExports.path("grll-apple-health-mcp__export.xml"))
    #expect(
      try database.lines(
        """
        SELECT r.start_date, r.value, b.n, b.bpm, b.time FROM heart_rate_beats b JOIN records r ON r.id = b.record_id
        ORDER BY b.rowid
        """) == [
          "2023-11-20 01:55:00 -0500|45.3|0|72.0|7:47:41.86 PM",
          "2023-11-20 01:55:00 -0500|45.3|1|68.0|7:47:53.78 PM",
        ])
  }
}
