import Foundation
import HealthArchive
import HealthTestSupport
import Testing

/// `convert`: the format from the output's name, the refusals, and the converted files as other
/// commands read them.
@Suite struct ConvertCommandTests {
  let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  @Test func writesAZipArchiveThatExportsAsTheInputDoes() throws {
    let folder = try TestDirectory()
    let run = ToolRun(["convert", exampleExport, "-o", folder.file("export.zip")], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError
        == "Wrote \(folder.file("export.zip")) (zip archive): export.xml of 0.0 MB with 9 records, 1 correlation, 1 workout, 1 activity summary, 0 clinical records; 0 other files.\n"
    )
    let csv = ["export", "--all", "--vitals", "all", "-o", "-", "-q"]
    let original = ToolRun(csv + [exampleExport], environment: environment)
    let converted = ToolRun(csv + [folder.file("export.zip")], environment: environment)
    #expect(converted.status == 0)
    #expect(converted.standardOutput == original.standardOutput)
    #expect(try folder.contents() == ["export.zip"])
  }

  @Test func writesExportXMLToStandardOutput() throws {
    let run = ToolRun(["convert", exampleExport, "-o", "-", "-q"], environment: environment)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(
      run.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n"))
    #expect(run.standardOutput.hasSuffix("\n</HealthData>\n"))
  }

  @Test func convertsTheSampleToAFolderAndAProfile() throws {
    let folder = try TestDirectory()
    let toFolder = ToolRun(["convert", "--sample", "-o", folder.file("sample/")], environment: environment)
    #expect(toFolder.status == 0, "\(toFolder.standardError)")
    #expect(
      toFolder.standardError
        == "Wrote \(folder.file("sample")) (folder): export.xml of 19.9 MB with 43349 records, 27 correlations, 19 workouts, 45 activity summaries, 45 clinical records; 64 other files (45 clinical, 17 workout routes, 2 ECGs).\n"
    )
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("sample")).sorted()
    #expect(names == ["clinical-records", "electrocardiograms", "export.xml", "workout-routes"])
    let toProfile = ToolRun(
      ["convert", folder.file("sample"), "-o", folder.file("sample.json")], environment: environment)
    #expect(toProfile.status == 0, "\(toProfile.standardError)")
    #expect(toProfile.standardError.hasPrefix("Wrote a profile of "))
    let profile = ToolRun(
      ["profile", folder.file("sample"), "-o", "-"], environment: environment)
    #expect(try folder.read("sample.json") == profile.standardOutput)
  }

  /// Converts `input` to `output`, both in `folder`, and expects it to succeed saying what it
  /// wrote: "Wrote OUTPUT " and `said`.
  func expectConverted(
    _ folder: TestDirectory, _ input: String, to output: String, saying said: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let run = ToolRun(["convert", folder.file(input), "-o", folder.file(output)], environment: environment)
    #expect(run.status == 0, sourceLocation: sourceLocation)
    #expect(run.standardError == "Wrote \(folder.file(output)) \(said)\n", sourceLocation: sourceLocation)
  }

  /// A generated profile converted to an archive, and that archive converted again: the profile
  /// has its routes' paths but no points and its patient's record but no content, so the archive
  /// names only the files it holds and says what it left out, and the next conversion finds every
  /// file it names.
  @Test func anArchiveFromAProfileNamesOnlyTheFilesItHolds() throws {
    let folder = try TestDirectory()
    let generated = ToolRun(
      ["generate", "-o", folder.file("p.json"), "--days", "14", "--seed", "5", "-q"], environment: environment
    )
    #expect(generated.status == 0, "\(generated.standardError)")
    expectConverted(
      folder, "p.json", to: "export.zip",
      saying:
        "(zip archive): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 38 clinical records; 38 other files (38 clinical); 18 top-level copies of correlation members added; 7 clinical records and 2 workout route references left out: their files are not in the input."
    )
    expectConverted(
      folder, "export.zip", to: "x.zip",
      saying:
        "(zip archive): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 38 clinical records; 38 other files (38 clinical)."
    )
    expectConverted(
      folder, "export.zip", to: "export.xml",
      saying:
        "(XML file): export.xml of 5.0 MB with 11443 records, 9 correlations, 3 workouts, 14 activity summaries, 0 clinical records; export.xml alone names no file: 38 clinical records left out, and 38 files not written (a .zip or a folder keeps what the input has)."
    )
    let inspected = ToolRun(["inspect", folder.file("export.xml"), "--json"], environment: environment)
    #expect(inspected.standardOutput.contains("\"diagnostics\": []"))
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    Refusal(
      name: "an extension that names no format", arguments: ["-o", "export.csv"], status: 64,
      message:
        "Error: invalid value 'export.csv' for '-o, --output <path>': '.csv' names no format convert writes: end it in .zip (a zip archive), .xml (export.xml alone) or .json (a JSON profile), give a folder name without an extension, or choose with --format\n"
    ),
    Refusal(
      name: "a zip archive to standard output", arguments: ["-o", "-", "--format", "zip"], status: 64,
      message: "Error: only --format xml, profile or fhir can be written to standard output (-o -)\n"),
    Refusal(
      name: "an unknown format", arguments: ["-o", "x.out", "--format", "zpi"], status: 64,
      message:
        "Error: invalid value 'zpi' for '--format <zip|folder|xml|profile|fhir|gpx|parquet>': expected one of zip, folder, xml, profile, fhir, gpx, parquet; did you mean 'zip'?\n"
    ),
    Refusal(
      name: "GPX into a file", arguments: ["-o", "x.zip", "--format", "gpx"], status: 64,
      message:
        "Error: invalid value 'x.zip' for '-o, --output <path>': --format gpx writes a folder: give a folder name without an extension, not '.zip'\n"
    ),
    Refusal(
      name: "FHIR into a file that is not JSON", arguments: ["-o", "x.csv", "--format", "fhir"], status: 64,
      message:
        "Error: invalid value 'x.csv' for '-o, --output <path>': --format fhir writes a Bundle to a .json file or NDJSON files into a folder: end it in .json, or give a folder name without an extension, not '.csv'\n"
    ),
    Refusal(
      name: "GPX of an export without routes", arguments: ["-o", "x", "--format", "gpx"], status: 1,
      message:
        "Error: No workout in \(exampleExport) has a route: GPX is written for workouts recorded with one. Nothing was written.\n"
    ),
    Refusal(
      name: "Parquet tables to standard output", arguments: ["-o", "-", "--format", "parquet"], status: 64,
      message: "Error: only --format xml, profile or fhir can be written to standard output (-o -)\n"),
    Refusal(
      name: "a participant without Parquet", arguments: ["-o", "x.zip", "--participant", "P001"], status: 64,
      message: "Error: --participant names the participant of Parquet tables: add --format parquet\n"),
    Refusal(
      name: "a blank participant", arguments: ["-o", "x", "--format", "parquet", "--participant", " "],
      status: 64,
      message:
        "Error: invalid value ' ' for '--participant <id>': give an id of one line, such as P001\n"),
    Refusal(
      name: "no output", arguments: [], status: 64,
      message:
        "Error: missing '-o, --output <path>': name the .zip archive, .xml file, .json profile or folder to write\n"
    ),
    Refusal(
      name: "an unknown time zone", arguments: ["-o", "x.zip", "--time-zone", "Mars/Olympus"], status: 64,
      message:
        "Error: invalid value 'Mars/Olympus' for '--time-zone <tz>': expected an IANA time zone name such as America/New_York or UTC\n"
    ),
  ])
  func refuses(_ refusal: Refusal) throws {
    let folder = try TestDirectory()
    let arguments = refusal.arguments.map {
      $0 == "x" || $0.hasPrefix("x.") || $0.hasPrefix("export.") ? folder.file($0) : $0
    }
    let run = ToolRun(["convert", exampleExport] + arguments, environment: environment)
    #expect(run.status == refusal.status)
    let expected = refusal.message.replacingOccurrences(
      of: "'export.csv'", with: "'\(folder.file("export.csv"))'"
    ).replacingOccurrences(of: "'x.zip'", with: "'\(folder.file("x.zip"))'")
      .replacingOccurrences(of: "'x.csv'", with: "'\(folder.file("x.csv"))'")
    #expect(run.standardError.hasPrefix(expected), "\(run.standardError)")
    #expect(try folder.contents() == [])
  }

  /// GPX of the sample: a file per workout with a route, every point with a heart rate.
  @Test func writesGPXForTrainingApps() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["convert", "--sample", "--format", "gpx", "-o", folder.file("routes")], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError
        == "Wrote \(folder.file("routes")) (GPX folder): 17 workout tracks of 62206 points, 62206 with a heart rate; files named in America/New_York.\n"
    )
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("routes")).sorted()
    #expect(names.count == 17)
    #expect(names.first == "route_2025-12-07_0836_Walking.gpx")
  }

  /// FHIR of the sample, a Bundle on standard output.
  @Test func writesAFHIRBundleToStandardOutput() throws {
    let run = ToolRun(["convert", "--sample", "--format", "fhir", "-o", "-"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError
        == "Wrote a FHIR R4 Bundle to standard output: 27240 resources (27234 Observation, 2 Condition, 1 AllergyIntolerance, 1 Immunization, 1 MedicationRequest, 1 Patient), dates in America/New_York; left out: 13439 records of 8 types with no FHIR form, 54 × a top-level copy of a blood-pressure reading (written from its correlation), 45 × an activity summary, 19 × a workout, 2 × a Patient (the one patient of the export replaces it).\n"
    )
    #expect(run.standardOutput.hasPrefix(#"{"resourceType":"Bundle","id":"#))
    #expect(run.standardOutput.hasSuffix("\n]}\n"))
    #expect(run.standardOutput.components(separatedBy: "\n{\"fullUrl\":").count == 27241)
  }

  @Test func writesTheProfileToStandardOutputWhenAsked() throws {
    let run = ToolRun(
      ["convert", exampleExport, "-o", "-", "--format", "profile", "-q"], environment: environment)
    #expect(run.status == 0)
    let profile = ToolRun(["profile", exampleExport, "-o", "-", "-q"], environment: environment)
    #expect(run.standardOutput == profile.standardOutput)
    #expect(run.standardOutput.hasPrefix("{\"metaData\":{"))
  }

  /// The input is never replaced, even with --force: not as itself, nor as a file inside it.
  @Test func neverOverwritesTheInput() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    #expect(ToolRun(["convert", exampleExport, "-o", archive, "-q"], environment: environment).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: archive))
    let run = ToolRun(["convert", archive, "-o", archive, "--force"], environment: environment)
    #expect(run.status == 73)
    #expect(
      run.standardError
        == "Error: \(archive) is the input \(archive) or part of it, which is never overwritten, even with --force. Choose another path with --output.\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: archive)) == before)
    #expect(
      ToolRun(["convert", archive, "-o", folder.file("unpacked"), "-q"], environment: environment).status == 0
    )
    let inside = ToolRun(
      ["convert", folder.file("unpacked"), "-o", folder.file("unpacked/export.xml"), "--force"],
      environment: environment)
    #expect(inside.status == 73)
    #expect(try folder.contents() == ["export.zip", "unpacked"])
  }

  @Test func keepsAnExistingOutputWithoutForce() throws {
    let folder = try TestDirectory()
    let path = try folder.write("mine\n", to: "export.zip")
    let run = ToolRun(["convert", exampleExport, "-o", path], environment: environment)
    #expect(run.status == 73)
    #expect(
      run.standardError
        == "Error: \(path) already exists. Pass --force to overwrite it, or choose another path with --output.\n"
    )
    #expect(try folder.read("export.zip") == "mine\n")
    let forced = ToolRun(["convert", exampleExport, "-o", path, "--force", "-q"], environment: environment)
    #expect(forced.status == 0)
    #expect(try ZipArchive(path: path).entries.map(\.normalizedName) == ["apple_health_export/export.xml"])
    #expect(try folder.contents() == ["export.zip"])
  }

  @Test func aFolderIsReplacedOnlyByAFolder() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    try folder.write("mine\n", to: "out/note.txt")
    let withoutForce = ToolRun(
      ["convert", exampleExport, "-o", folder.file("out")], environment: environment)
    #expect(withoutForce.status == 73)
    let asFile = ToolRun(
      ["convert", exampleExport, "-o", folder.file("out/"), "--force", "-q"], environment: environment)
    #expect(asFile.status == 0, "\(asFile.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")) == ["export.xml"])
  }

  /// `--format parquet`: a folder of six tables, with a participant column when asked; the closing
  /// line counts the rows of each, as many as the database of the same export has.
  @Test func writesParquetTablesWithAParticipant() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["convert", exampleExport, "--format", "parquet", "-o", folder.file("P001"), "--participant", "P001"],
      environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardError
        == "Wrote \(folder.file("P001")) (folder of Parquet tables): 9 records, 1 workout, 0 route points, 0 ECG samples, 0 lab results, 27 summary rows (time zone America/New_York, participant P001; 2 top-level copies of correlation members stored only inside them).\n"
    )
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("P001")).sorted()
    #expect(
      names == [
        "ecg_samples.parquet", "lab_results.parquet", "records.parquet", "route_points.parquet",
        "summaries.parquet", "workouts.parquet",
      ])
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("P001/\(name)"))))
      #expect(bytes.starts(with: Array("PAR1".utf8)) && bytes.suffix(4).elementsEqual("PAR1".utf8), "\(name)")
      #expect(bytes.firstRange(of: Array("participant".utf8)) != nil, "\(name)")
    }
    let without = ToolRun(
      ["convert", exampleExport, "--format", "parquet", "-o", folder.file("plain"), "-q"],
      environment: environment)
    #expect(without.status == 0)
    let records = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("plain/records.parquet"))))
    #expect(records.firstRange(of: Array("participant".utf8)) == nil)
    #expect(records.firstRange(of: Array("time_zone".utf8)) != nil)
  }
}
