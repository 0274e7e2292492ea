import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

/// Every export `convert` writes in Apple's format names only files it holds, and holds the file
/// of every reference whose content the input has: read back apart from the tool's reader, each
/// `FileReference` and `resourceFilePath` names a file of the output, each route and clinical
/// file is named, and the counts are the input's where the files could be written. An archive
/// converted again reports no file missing.
@Suite struct ConvertReferencesTests {
  /// What is converted.
  enum Input: String, CaseIterable, Sendable {
    /// The round-trip tests' archive: three clinical records with their files, three route files
    /// (one workout with two), a route of inline locations, an ECG.
    case archive
    /// Its profile: lab results but no FHIR file, routes' paths but no points, no ECG.
    case archiveProfile
    /// A generated export of 14 days, written as a zip archive.
    case generated
    /// Its profile.
    case generatedProfile
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var input: Input
    var format: AppleExportFormat
    var testDescription: String { "\(input.rawValue) → \(format.rawValue)" }
  }

  static let cases = Input.allCases.flatMap { input in
    AppleExportFormat.allCases.map { Case(input: input, format: $0) }
  }

  /// What an input holds: references, and those whose file's content it has.
  struct Holding {
    var routeReferences: Int
    var routeFilesWithPoints: Int
    var clinicalRecords: Int
    var clinicalRecordsWithContent: Int
    var electrocardiograms: Int
  }

  static let generatedConfiguration = SampleConfiguration(seed: 5, days: 14)

  /// What `input` holds, the generated ones counted from the generator's model.
  static func holding(_ input: Input) throws -> Holding {
    let model = try SampleExport(configuration: generatedConfiguration).model
    let documents = model.clinicalDocuments()
    let observations = documents.filter { $0.resourceType == "Observation" }.count
    switch input {
    case .archive:
      return Holding(
        routeReferences: 3, routeFilesWithPoints: 3, clinicalRecords: 3, clinicalRecordsWithContent: 3,
        electrocardiograms: 1)
    case .archiveProfile:
      // The Patient's record has no content in a profile: the two Observations are its lab results.
      return Holding(
        routeReferences: 3, routeFilesWithPoints: 0, clinicalRecords: 3, clinicalRecordsWithContent: 2,
        electrocardiograms: 0)
    case .generated:
      return Holding(
        routeReferences: model.routeFiles().count, routeFilesWithPoints: model.routeFiles().count,
        clinicalRecords: documents.count, clinicalRecordsWithContent: documents.count,
        electrocardiograms: model.electrocardiogramFiles().count)
    case .generatedProfile:
      return Holding(
        routeReferences: model.routeFiles().count, routeFilesWithPoints: 0, clinicalRecords: documents.count,
        clinicalRecordsWithContent: observations, electrocardiograms: 0)
    }
  }

  /// Writes `input` in `folder` and returns its path.
  static func make(_ input: Input, in folder: TestDirectory) throws -> String {
    switch input {
    case .archive:
      return try ConvertRoundTripTests.archive(in: folder)
    case .archiveProfile:
      let profile = folder.file("profile.json")
      try ConvertRoundTripTests.convert(try make(.archive, in: folder), to: profile)
      return profile
    case .generated:
      let path = folder.file("generated.zip")
      try SampleExportWriter.write(
        SampleExport(configuration: generatedConfiguration), to: path, format: .zip, overwrites: false)
      return path
    case .generatedProfile:
      let profile = folder.file("generated.json")
      try ConvertRoundTripTests.convert(try make(.generated, in: folder), to: profile)
      return profile
    }
  }

  /// The closing line of each conversion, after `Wrote PATH `.
  static let lines: [String: String] = [
    "archive → zip":
      "(zip archive): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 3 clinical records, 1 audiogram, 1 vision prescription, 1 state of mind; 7 other files (3 clinical, 3 workout routes, 1 ECG).",
    "archive → folder":
      "(folder): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 3 clinical records, 1 audiogram, 1 vision prescription, 1 state of mind; 7 other files (3 clinical, 3 workout routes, 1 ECG).",
    "archive → xml":
      "(XML file): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 0 clinical records, 1 audiogram, 1 vision prescription, 1 state of mind; export.xml alone names no file: 3 clinical records and 3 workout route references left out, and 7 files not written (a .zip or a folder keeps what the input has).",
    "archiveProfile → zip":
      "(zip archive): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 2 clinical records; 2 other files (2 clinical); 3 top-level copies of correlation members added; 1 clinical record and 3 workout route references left out: their files are not in the input.",
    "archiveProfile → folder":
      "(folder): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 2 clinical records; 2 other files (2 clinical); 3 top-level copies of correlation members added; 1 clinical record and 3 workout route references left out: their files are not in the input.",
    "archiveProfile → xml":
      "(XML file): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 0 clinical records; 3 top-level copies of correlation members added; export.xml alone names no file: 3 clinical records and 3 workout route references left out, and 2 files not written (a .zip or a folder keeps what the input has).",
    "generated → zip":
      "(zip archive): export.xml of 5.2 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 45 clinical records; 49 other files (45 clinical, 2 workout routes, 2 ECGs).",
    "generated → folder":
      "(folder): export.xml of 5.2 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 45 clinical records; 49 other files (45 clinical, 2 workout routes, 2 ECGs).",
    "generated → xml":
      "(XML file): export.xml of 5.2 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 0 clinical records; export.xml alone names no file: 45 clinical records and 2 workout route references left out, and 49 files not written (a .zip or a folder keeps what the input has).",
    "generatedProfile → zip":
      "(zip archive): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 38 clinical records; 38 other files (38 clinical); 18 top-level copies of correlation members added; 7 clinical records and 2 workout route references left out: their files are not in the input.",
    "generatedProfile → folder":
      "(folder): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 38 clinical records; 38 other files (38 clinical); 18 top-level copies of correlation members added; 7 clinical records and 2 workout route references left out: their files are not in the input.",
    "generatedProfile → xml":
      "(XML file): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 0 clinical records; 18 top-level copies of correlation members added; export.xml alone names no file: 45 clinical records and 2 workout route references left out, and 38 files not written (a .zip or a folder keeps what the input has).",
  ]

  @Test(arguments: cases)
  func everyReferenceNamesAWrittenFile(_ example: Case) throws {
    let folder = try TestDirectory()
    let input = try Self.make(example.input, in: folder)
    let holding = try Self.holding(example.input)
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    let name = ["zip": "out/export.zip", "folder": "out/apple_health_export", "xml": "out/export.xml"][
      example.format.rawValue]!
    let output = folder.file(name)
    let outcome = try ConvertRoundTripTests.convert(input, to: output)
    let export = try #require(outcome.export)
    let census = try ExportCensus(exportAt: output)

    #expect(census.missingFiles == [])
    #expect(census.unnamedFiles == [])
    if example.format == .xml {
      #expect(census.routeFiles.isEmpty && census.clinicalFiles.isEmpty && census.files.isEmpty)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")) == ["export.xml"])
      #expect(export.routeReferencesLeftOut == holding.routeReferences)
      #expect(export.clinicalRecordsLeftOut == holding.clinicalRecords)
      #expect(
        export.filesLeftOut
          == holding.routeFilesWithPoints + holding.clinicalRecordsWithContent + holding.electrocardiograms)
    } else {
      #expect(census.routeFiles.count == holding.routeFilesWithPoints)
      #expect(census.clinicalFiles.count == holding.clinicalRecordsWithContent)
      #expect(census.electrocardiograms == holding.electrocardiograms)
      #expect(
        census.files.count
          == holding.routeFilesWithPoints + holding.clinicalRecordsWithContent + holding.electrocardiograms)
      #expect(export.routeReferencesLeftOut == holding.routeReferences - holding.routeFilesWithPoints)
      #expect(export.clinicalRecordsLeftOut == holding.clinicalRecords - holding.clinicalRecordsWithContent)
      #expect(export.filesLeftOut == 0)
    }
    #expect(export.routeFiles == census.routeFiles.count)
    #expect(export.clinicalRecords == census.clinicalFiles.count)
    #expect(census.elements["ClinicalRecord", default: 0] == census.clinicalFiles.count)
    #expect(export.electrocardiograms == census.electrocardiograms)
    #expect(outcome.line == "Wrote \(output) " + (Self.lines[example.testDescription] ?? ""))

    // What was written converts again with nothing missing.
    guard example.format != .xml else { return }
    let again = folder.file("out/again.zip")
    let converted = try ConvertRoundTripTests.convert(output, to: again)
    #expect(converted.skipped.isEmpty)
    #expect(converted.line == "Wrote \(again) " + (Self.againLines[example.testDescription] ?? ""))
    let census2 = try ExportCensus(exportAt: again)
    #expect(census2.missingFiles == [] && census2.unnamedFiles == [])
    #expect(census2.routeFiles == census.routeFiles && census2.clinicalFiles == census.clinicalFiles)
    #expect(census2.electrocardiograms == census.electrocardiograms)
  }

  /// The closing line of converting each archive again to a zip archive, after `Wrote PATH `.
  static let againLines: [String: String] = [
    "archive → zip":
      "(zip archive): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 3 clinical records, 1 audiogram, 1 vision prescription, 1 state of mind; 7 other files (3 clinical, 3 workout routes, 1 ECG).",
    "archive → folder":
      "(zip archive): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 3 clinical records, 1 audiogram, 1 vision prescription, 1 state of mind; 7 other files (3 clinical, 3 workout routes, 1 ECG).",
    "archiveProfile → zip":
      "(zip archive): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 2 clinical records; 2 other files (2 clinical).",
    "archiveProfile → folder":
      "(zip archive): export.xml of 0.0 MB with 21 records, 5 correlations, 5 workouts, 1 activity summary, 2 clinical records; 2 other files (2 clinical).",
    "generated → zip":
      "(zip archive): export.xml of 5.2 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 45 clinical records; 49 other files (45 clinical, 2 workout routes, 2 ECGs).",
    "generated → folder":
      "(zip archive): export.xml of 5.2 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 45 clinical records; 49 other files (45 clinical, 2 workout routes, 2 ECGs).",
    "generatedProfile → zip":
      "(zip archive): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 38 clinical records; 38 other files (38 clinical).",
    "generatedProfile → folder":
      "(zip archive): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 38 clinical records; 38 other files (38 clinical).",
  ]
}
