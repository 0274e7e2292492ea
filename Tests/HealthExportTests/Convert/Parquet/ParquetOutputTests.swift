import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExport

/// `convert --format parquet`: the folder of tables, each reading once, the summary command's
/// rows, the participant, and nothing left behind when the run fails.
@Suite struct ParquetOutputTests {
  static let timeZone = TimeZone(identifier: "America/New_York")!
  static let now = Timestamp(secondsSince1970: 1_768_910_400)

  /// Converts `input` into `folder/out`.
  static func convert(
    _ input: String, in folder: TestDirectory, participant: String? = nil,
    diagnostics: Diagnostics = Diagnostics()
  ) throws -> ConvertExport.Outcome {
    try ConvertExport(
      options: ConvertExport.Options(
        format: .parquet, timeZone: .named(timeZone), now: now, participant: participant)
    ).run(
      source: try HealthInput.open(path: input, timeZone: timeZone),
      destination: .file(path: folder.file("out"), overwrites: false), diagnostics: diagnostics)
  }

  /// Two blood-pressure copies and a nutrition copy written before their correlations, a
  /// reading that differs from a member by its value, one that differs by its source's version,
  /// and a step count.
  static let copies = ExportXML.document(
    """
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="121"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="79"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="125"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" sourceVersion="2" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="79"/>
     <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Food App" unit="kcal" startDate="2026-01-10 12:00:00 -0500" endDate="2026-01-10 12:00:00 -0500" value="500"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-01-10 10:00:00 -0500" endDate="2026-01-10 10:05:00 -0500" value="100"/>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500">
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="121"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:00:00 -0500" value="79"/>
     </Correlation>
     <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Food App" startDate="2026-01-10 12:00:00 -0500" endDate="2026-01-10 12:00:00 -0500">
      <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Food App" unit="kcal" startDate="2026-01-10 12:00:00 -0500" endDate="2026-01-10 12:00:00 -0500" value="500"/>
     </Correlation>
    """)

  /// Three members, and of the six top-level records the three that are no member's copy; the
  /// summaries of four types (the members counted once), per day, week and month.
  @Test func keepsEachReadingOnce() throws {
    let folder = try TestDirectory()
    let outcome = try Self.convert(try folder.write(Self.copies, to: "export.xml"), in: folder)
    let tables = try #require(outcome.tables)
    #expect(tables.rows(of: "records") == 6)
    #expect(tables.repeatedMembers == 3)
    #expect(tables.timeZone.identifier == "America/New_York")
    #expect(
      outcome.line
        == "Wrote \(folder.file("out")) (folder of Parquet tables): 6 records, 0 workouts, 0 route points, 0 ECG samples, 0 lab results, 12 summary rows (time zone America/New_York; 3 top-level copies of correlation members stored only inside them)."
    )
  }

  /// The folder holds the six tables, owner-only, and nothing is left beside it.
  @Test func writesSixTablesOwnerOnly() throws {
    let folder = try TestDirectory()
    let input = try folder.write(Self.copies, to: "export.xml")
    _ = try Self.convert(input, in: folder)
    #expect(try folder.contents() == ["export.xml", "out"])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).sorted()
    #expect(
      names == [
        "ecg_samples.parquet", "lab_results.parquet", "records.parquet", "route_points.parquet",
        "summaries.parquet", "workouts.parquet",
      ])
    #expect(SystemCall.permissions(of: folder.file("out")) == 0o700)
    for name in names { #expect(SystemCall.permissions(of: folder.file("out/\(name)")) == 0o600) }
  }

  /// The summaries are the summary command's rows over all dates, for each period.
  @Test func summariesAreTheSummaryCommandsRows() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    try SampleExportWriter.write(
      try SampleExport(configuration: SampleConfiguration(days: 10)), to: archive, format: .zip,
      overwrites: false)
    let outcome = try Self.convert(archive, in: folder)
    var expected = 0
    for period in ParquetSummariesTable.periods {
      let summary = SummaryExport(
        selection: SummarySelection(period: period, range: .all, timeZone: .named(Self.timeZone)),
        now: Self.now)
      expected += try summary.summarize(
        source: try HealthInput.open(path: archive), diagnostics: Diagnostics()
      )
      .rows.count
    }
    #expect(expected > 100)
    #expect(outcome.tables?.rows(of: "summaries") == expected)
  }

  /// Every table ends with `time_zone`, then `participant` when one is given; the footer, which
  /// is not compressed, names the column and holds the id in its statistics.
  @Test func aParticipantIsAColumnOfEveryTable() throws {
    let withParticipant = ParquetTable.schema(ParquetLabResultsTable.columns, hasParticipant: true)
    #expect(withParticipant.columns.suffix(2).map(\.name) == ["time_zone", "participant"])
    #expect(
      ParquetTable.schema(ParquetLabResultsTable.columns, hasParticipant: false).columns.last?.name
        == "time_zone")
    let folder = try TestDirectory()
    let input = try folder.write(Self.copies, to: "export.xml")
    let outcome = try Self.convert(input, in: folder, participant: "P-007")
    #expect(outcome.tables?.participant == "P-007")
    #expect(outcome.line.contains("(time zone America/New_York, participant P-007; "))
    let records = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("out/records.parquet"))))
    #expect(records.firstRange(of: Array("participant".utf8)) != nil)
    #expect(records.firstRange(of: Array("P-007".utf8)) != nil)
  }

  /// A run that fails halfway (an export.xml cut short) leaves neither the folder nor anything
  /// beside it.
  @Test func aFailingRunLeavesNoFolder() throws {
    let folder = try TestDirectory()
    let whole = ExportXML.document(
      (0..<2000).map {
        ExportXML.record(
          "HeartRate", value: "\(60 + $0 % 40)", unit: "count/min",
          start: "2026-01-10 08:\(String(format: "%02d", $0 % 60)):00 -0500")
      }.joined())
    let input = try folder.write(String(whole.prefix(whole.count - 5000)), to: "export.xml")
    #expect(throws: (any Error).self) { try Self.convert(input, in: folder) }
    #expect(try folder.contents() == ["export.xml"])
  }

  /// In strict mode a record no output can hold stops the run, with nothing written.
  @Test func strictModeStopsWithNothingWritten() throws {
    let folder = try TestDirectory()
    let input = try folder.write(
      ExportXML.document(
        ExportXML.record("StepCount", value: "10", unit: "count", start: "2026-01-10 08:00:00 -0500")
          + ExportXML.record(
            "StepCount", value: "10", unit: "count", start: "2026-01-10 09:00:00 -0500",
            end: "2026-01-10 08:00:00 -0500")), to: "export.xml")
    #expect(throws: StrictModeError.self) {
      try Self.convert(input, in: folder, diagnostics: Diagnostics(isStrict: true))
    }
    #expect(try folder.contents() == ["export.xml"])
  }
}
