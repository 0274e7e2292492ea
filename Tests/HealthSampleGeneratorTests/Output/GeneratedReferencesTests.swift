import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

/// Every export `generate` writes names exactly the files it writes beside export.xml: read back
/// apart from the tool's reader, each `FileReference` and `resourceFilePath` names a file of the
/// output and each route and clinical file is named, as many as the model makes; export.xml alone
/// names none. An archive converted again reports no file missing.
@Suite struct GeneratedReferencesTests {
  static let configuration = SampleConfiguration(seed: 5, days: 14)

  @Test(arguments: SampleOutputFormat.allCases)
  func everyReferenceNamesAWrittenFile(_ format: SampleOutputFormat) throws {
    let folder = try TestDirectory()
    let export = try SampleExport(configuration: Self.configuration)
    let model = export.model
    let routes = model.routeFiles().count
    let documents = model.clinicalDocuments().count
    let electrocardiograms = model.electrocardiogramFiles().count
    #expect(routes == 2 && documents == 45 && electrocardiograms == 2)
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    let name = ["zip": "out/export.zip", "folder": "out/apple_health_export", "xml": "out/export.xml"][
      format.rawValue]!
    let output = folder.file(name)
    let outcome = try SampleExportWriter.write(export, to: output, format: format, overwrites: false)
    let census = try ExportCensus(exportAt: output)

    #expect(census.missingFiles == [])
    #expect(census.unnamedFiles == [])
    // The workouts keep their routes, with or without the file's reference.
    #expect(census.elements["Workout"] == ExpectedCounts(model).workouts.values.reduce(0, +))
    if format == .xml {
      #expect(census.routeFiles.isEmpty && census.clinicalFiles.isEmpty && census.files.isEmpty)
      #expect(census.elements["ClinicalRecord"] == nil)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")) == ["export.xml"])
      #expect(outcome.fileCount == 0)
      #expect(outcome.filesLeftOut == routes + documents + electrocardiograms)
      #expect(outcome.clinicalRecordsLeftOut == documents && outcome.routeReferencesLeftOut == routes)
      let xml = try folder.read(name)
      #expect(xml.components(separatedBy: "<WorkoutRoute ").count - 1 == routes)
      #expect(!xml.contains("<FileReference ") && !xml.contains("resourceFilePath="))
      #expect(
        outcome.line
          == "Wrote \(output) (XML file): export.xml of \(TextOutput.megabytes(outcome.exportXMLBytes)); 14 days of a sample (seed 5, 2026-06-17 to 2026-06-30, America/New_York); export.xml alone names no file: 45 clinical records and 2 workout route references left out, and 49 files not written (a .zip or a folder keeps them)."
      )
      return
    }
    #expect(census.routeFiles.count == routes)
    #expect(census.clinicalFiles.count == documents)
    #expect(census.electrocardiograms == electrocardiograms)
    #expect(census.files.count == routes + documents + electrocardiograms)
    #expect(census.files == export.filePaths.sorted())
    #expect(outcome.fileCount == census.files.count)
    #expect(
      outcome.filesLeftOut == 0 && outcome.clinicalRecordsLeftOut == 0 && outcome.routeReferencesLeftOut == 0)

    // What was written converts again with nothing missing.
    let again = folder.file("out/again.zip")
    let converted = try ConvertExport(
      options: ConvertExport.Options(
        format: .zip, timeZone: .export(fallback: GeneratorTest.newYork), now: export.exportDate)
    ).run(
      source: try HealthInput.open(path: output), destination: .file(path: again, overwrites: false),
      diagnostics: Diagnostics(isStrict: true))
    #expect(converted.skipped.isEmpty)
    #expect(
      converted.line
        == "Wrote \(again) (zip archive): export.xml of 5.2 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 45 clinical records; 49 other files (45 clinical, 2 workout routes, 2 ECGs)."
    )
    let census2 = try ExportCensus(exportAt: again)
    #expect(census2.missingFiles == [] && census2.unnamedFiles == [])
    #expect(census2.routeFiles == census.routeFiles && census2.clinicalFiles == census.clinicalFiles)
  }
}
