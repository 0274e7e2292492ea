import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// Where the CSV goes: a file, a folder, standard output; and that failures leave nothing.
@Suite struct CSVExportFileTests {
  let steps = ExportTest.record("StepCount", "5432", "count", source: "Apple Watch")

  private func export(
    _ body: String, output: String?, overwrites: Bool = false
  ) throws -> (summary: CSVExport.Outcome, standardOutput: String) {
    var bytes: [UInt8] = []
    let destination = OutputDestination.resolve(
      output: output, defaultName: CSVExport.defaultFileName(now: ExportTest.now),
      timeZone: .named(ExportTest.newYork), overwrites: overwrites,
      standardOutput: { bytes.append($0) })
    let summary = try CSVExport(selection: ExportTest.selection(), now: ExportTest.now).run(
      source: InMemoryExport(xml: ExportXML.document(body)), destination: destination,
      diagnostics: Diagnostics())
    return (summary, String(decoding: bytes, as: UTF8.self))
  }

  @Test func namesTheFileAfterTheLocalTimeOfTheExport() {
    let name = CSVExport.defaultFileName(now: ExportTest.now)
    #expect(name.text(in: ExportTest.newYork) == "HealthExporter_2026-01-20_070000.csv")
    #expect(name.text(in: .gmt) == "HealthExporter_2026-01-20_120000.csv")
  }

  @Test func writesIntoAFolder() throws {
    let folder = try TestDirectory()
    let result = try export(steps, output: folder.path)
    let path = folder.file("HealthExporter_2026-01-20_070000.csv")
    #expect(result.summary.outputPath == path)
    #expect(try folder.contents() == ["HealthExporter_2026-01-20_070000.csv"])
    #expect(
      try folder.read("HealthExporter_2026-01-20_070000.csv")
        == ExportTest.csv(["2026-01-09 10:30:00,Steps,,5432,steps,Apple Watch,"]))
    #expect(SystemCall.permissions(of: path) == 0o600)
    #expect(
      result.summary.line == "Wrote 1 row (Steps 1) to \(path) (time zone America/New_York).")
  }

  @Test func writesToAFileAndToStandardOutput() throws {
    let folder = try TestDirectory()
    let path = folder.file("mine.csv")
    _ = try export(steps, output: path)
    #expect(
      try folder.read("mine.csv") == ExportTest.csv(["2026-01-09 10:30:00,Steps,,5432,steps,Apple Watch,"]))
    let piped = try export(steps, output: "-")
    #expect(piped.standardOutput == ExportTest.csv(["2026-01-09 10:30:00,Steps,,5432,steps,Apple Watch,"]))
    #expect(piped.summary.outputPath == nil)
    #expect(piped.summary.line == "Wrote 1 row (Steps 1) to standard output (time zone America/New_York).")
  }

  @Test func refusesAnExistingFileBeforeReadingAndOverwritesWhenForced() throws {
    let folder = try TestDirectory()
    let path = try folder.write("keep me\n", to: "mine.csv")
    #expect(throws: OutputError.alreadyExists(path: path)) { try export(steps, output: path) }
    #expect(try folder.read("mine.csv") == "keep me\n")
    _ = try export(steps, output: path, overwrites: true)
    #expect(
      try folder.read("mine.csv") == ExportTest.csv(["2026-01-09 10:30:00,Steps,,5432,steps,Apple Watch,"]))
    #expect(try folder.contents() == ["mine.csv"])
  }

  @Test func writesNothingWhenNoRowIsSelected() throws {
    let folder = try TestDirectory()
    let error = #expect(throws: ExportError.self) {
      try export(ExportTest.record("HeartRate", "60", "count/min"), output: folder.path)
    }
    #expect(try folder.contents() == [])
    #expect(
      error?.description == """
        No data found for the selected metrics and date range.
          The range: all dates (America/New_York).
          Weight: none in the input.
          Steps: none in the input.
          Blood Glucose: none in the input.
          The input holds none of the selected metrics: 'health-exporter inspect' shows what it holds.
        """)
  }

  @Test func writesNothingWhenTheInputIsMalformed() throws {
    let folder = try TestDirectory()
    #expect(throws: XMLError.self) {
      try export(steps + " <Record type=\"x\"", output: folder.path)
    }
    #expect(try folder.contents() == [])
  }

  @Test func summarizesSkipsAndDrops() throws {
    let outcome = try ExportTest.run(
      steps + ExportTest.record("BloodGlucose", "10", "mg/dL")
        + ExportTest.record("BodyMass", "9", "st") + ExportTest.record("BodyMass", "x", "kg")
        + ExportTest.record("BodyMass", "y", "kg"))
    #expect(
      outcome.summary.line
        == "Wrote 2 rows (Weight 1, Steps 1) to standard output (time zone America/New_York); left out 1 Blood Glucose under 20 mg/dL; "
        + "skipped 2 records: 2 × value is not a number (first at export.xml, line 14, column 2).")
  }
}
