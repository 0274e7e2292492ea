import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

/// `health-exporter generate`: every format, the summary, exit codes, standard output, `--size`.
@Suite struct GenerateCommandTests {
  let environment = ["TZ": "Asia/Tokyo", "HEALTH_EXPORTER_NOW": "2026-11-30T12:00:00Z"]
  static let twoDays = ["--days", "2", "--seed", "5"]

  @Test(arguments: [
    ("sample.zip", "zip archive"), ("apple_health_export", "folder"), ("export.xml", "XML file"),
  ])
  func writesEachFormatFromTheExtension(_ example: (String, String)) throws {
    let folder = try TestDirectory()
    let path = folder.file(example.0)
    let run = ToolRun(["generate", "-o", path] + Self.twoDays, environment: environment)
    #expect(run.status == 0)
    #expect(run.standardOutput == "")
    let isXML = example.1 == "XML file"
    let export = try SampleExport(configuration: SampleConfiguration(seed: 5, days: 2))
    let size = try StreamBytes.all(of: export.exportXML(namingFiles: !isXML)).count
    let megabytes = "\((size + 50_000) / 100_000 / 10).\((size + 50_000) / 100_000 % 10) MB"
    let files = isXML ? "" : " and \(export.filePaths.count) other files"
    // export.xml alone names no file beside it, and says what it leaves out.
    let leftOut =
      isXML
      ? "; export.xml alone names no file: 45 clinical records left out, and 47 files not written (a .zip or a folder keeps them)"
      : ""
    #expect(
      run.standardError
        == "Wrote \(path) (\(example.1)): export.xml of \(megabytes)\(files); 2 days of a sample (seed 5, 2026-06-29 to 2026-06-30, America/New_York)\(leftOut).\n"
    )
    let inspected = ToolRun(["inspect", path, "--json"], environment: environment)
    #expect(inspected.status == 0)
    // Every file export.xml names is there.
    #expect(inspected.standardOutput.contains("\"diagnostics\": []"))
  }

  @Test func theFormatOptionWinsOverTheExtension() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["generate", "-o", folder.file("data.bin"), "--format", "xml", "-q"] + Self.twoDays,
      environment: environment)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(
      try folder.read("data.bin").hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData ["))
  }

  @Test func writesExportXMLToStandardOutput() throws {
    let run = ToolRun(["generate", "-o", "-"] + Self.twoDays, environment: environment)
    #expect(run.status == 0)
    let export = try SampleExport(configuration: SampleConfiguration(seed: 5, days: 2))
    // export.xml alone: it names no file beside it.
    #expect(Array(run.standardOutput.utf8) == (try StreamBytes.all(of: export.exportXML(namingFiles: false))))
  }

  @Test func keepsAnExistingOutputUnlessForced() throws {
    let folder = try TestDirectory()
    let path = try folder.write("mine\n", to: "sample.zip")
    let run = ToolRun(["generate", "-o", path] + Self.twoDays, environment: environment)
    #expect(run.status == 73)
    #expect(
      run.standardError
        == "Error: \(path) already exists. Pass --force to overwrite it, or choose another path with --output.\n"
    )
    #expect(try folder.read("sample.zip") == "mine\n")
    let forced = ToolRun(["generate", "-o", path, "--force", "-q"] + Self.twoDays, environment: environment)
    #expect(forced.status == 0)
    #expect(try ZipArchive(path: path).entries.first?.normalizedName == "apple_health_export/export.xml")
    let missing = ToolRun(
      ["generate", "-o", folder.file("nope/a.zip")] + Self.twoDays, environment: environment)
    #expect(missing.status == 73)
  }

  @Test func reachesTheSizeAsked() throws {
    let folder = try TestDirectory()
    let run = ToolRun(
      ["generate", "-o", folder.file("export.xml"), "--size", "3MB", "-q"], environment: environment)
    #expect(run.status == 0)
    let size = try #require(SystemCall.fileSize(folder.file("export.xml")))
    #expect(abs(size - 3_000_000) <= 300_000)
  }
}
