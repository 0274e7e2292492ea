import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The Parquet tables of an input hold as many rows as the database's tables of the same input:
/// records (each reading once), workouts, route points, ECG samples and lab results; and the
/// summaries as many as the database's where those are made from the same readings.
@Suite struct ConvertParquetCountsTests {
  /// Converts `input` to Parquet tables and builds its database, in the same zone.
  static func expectSameCounts(_ input: String, summaries: Bool = true) throws {
    let database = try ExportedDatabase(input: input)
    let folder = try TestDirectory()
    let zone = TimeZone(identifier: "America/New_York")!
    let outcome = try ConvertExport(
      options: ConvertExport.Options(
        format: .parquet, timeZone: .named(zone), now: Timestamp(secondsSince1970: 1_768_910_400))
    ).run(
      source: try HealthInput.open(path: input, timeZone: zone),
      destination: .file(path: folder.file("tables"), overwrites: false), diagnostics: Diagnostics())
    let tables = try #require(outcome.tables)
    var compared = ["records", "workouts", "route_points", "ecg_samples", "lab_results"]
    if summaries { compared.append("summaries") }
    for table in compared {
      #expect(
        tables.rows(of: table) == (try database.count("SELECT count(*) FROM \(table)")),
        "\(table) of \(input)")
    }
    #expect(tables.repeatedMembers == database.summary.counts.repeatedMembers)
  }

  @Test func aGeneratedArchive() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    try SampleExportWriter.write(
      try SampleExport(configuration: SampleConfiguration(days: 21)), to: archive, format: .zip,
      overwrites: false)
    try Self.expectSameCounts(archive)
  }

  @Test func aCraftedExportWithEveryKindOfFile() throws {
    let folder = try TestDirectory()
    try CraftedExport.fixture.writeFolder(at: folder.path)
    try Self.expectSameCounts(folder.path)
  }

  @Test(
    .enabled(
      if: RealExports.isAvailable, "../shared/real-exports is absent: the real-export corpus is not run"),
    arguments: [
      "AlekSi-applehealth__testdata.xml", "alxdrcirilo-apple-health-parser__export.zip",
      "brianerdelyi-AppleHealthKitXsltStylesheet__export.xml", "dogsheep-healthkit-to-sqlite__export.xml",
      "ericwolter-apple-healthkit-csv__Exportieren.xml", "grll-apple-health-mcp__export.xml",
      "josejamilena-HealthKitExportParser__exportacion.zip", "opendroid-hk__sampleexport.xml",
      "symptomatic-clinical-scenarios__apple_health_export", "symptomatic-clinical-scenarios__export_2.zip",
    ])
  func theRealExports(file: String) throws {
    try Self.expectSameCounts(RealExports.path(file))
  }
}
