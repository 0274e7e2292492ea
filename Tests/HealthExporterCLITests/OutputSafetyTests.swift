import Foundation
import HealthTestSupport
import SystemShim
import Testing

/// An input is never overwritten; a default name never replaces a file; generate writes only the
/// formats it names.
@Suite struct OutputSafetyTests {
  let now = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  /// The same file, a hard link, a symbolic link, and a file inside the input folder.
  @Test(arguments: ["same", "hard link", "symbolic link", "inside the folder"])
  func refusesToOverwriteAnInput(_ kind: String) throws {
    let folder = try TestDirectory()
    let original = try String(contentsOfFile: exampleExport, encoding: .utf8)
    let input = try folder.write(original, to: "export.xml")
    var inputArgument = input
    var output = input
    switch kind {
    case "hard link":
      output = folder.file("link.csv")
      try FileManager.default.linkItem(atPath: input, toPath: output)
    case "symbolic link":
      output = folder.file("alias.csv")
      try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: input)
    case "inside the folder":
      inputArgument = folder.path
    default:
      break
    }
    for command in ["export", "profile"] {
      let run = ToolRun(
        [command, inputArgument, "--all", "-o", output, "--force"].filter {
          command == "export" || $0 != "--all"
        }, environment: now)
      #expect(run.status == 73)
      #expect(
        run.standardError
          == "Error: \(output) is the input \(inputArgument) or part of it, which is never overwritten, even with --force. Choose another path with --output.\n"
      )
      #expect(try folder.read("export.xml") == original)
    }
  }

  @Test func writesBesideAnInputFolder() throws {
    let folder = try TestDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("export"), withIntermediateDirectories: false)
    _ = try folder.write(try String(contentsOfFile: exampleExport, encoding: .utf8), to: "export/export.xml")
    let run = ToolRun(
      ["export", folder.file("export"), "--all", "-o", folder.file("export/new.csv"), "-q"], environment: now)
    #expect(run.status == 0)
  }

  /// Two exports in the same second: the second and third get `_2` and `_3`, even with --force.
  @Test func numbersADefaultNameThatIsTaken() throws {
    let folder = try TestDirectory()
    let names = try (0..<3).map { index -> String in
      let run = ToolRun(
        ["export", exampleExport, "--all", "-o", folder.path] + (index == 2 ? ["--force"] : []),
        environment: now)
      #expect(run.status == 0)
      let words = run.standardError.split(separator: " ")
      return try #require(words.firstIndex(of: "to").map { String(words[$0 + 1]) })
    }
    #expect(
      names == [
        folder.file("HealthExporter_2026-01-20_070000.csv"),
        folder.file("HealthExporter_2026-01-20_070000_2.csv"),
        folder.file("HealthExporter_2026-01-20_070000_3.csv"),
      ])
    #expect(
      try folder.read("HealthExporter_2026-01-20_070000.csv")
        == folder.read("HealthExporter_2026-01-20_070000_3.csv"))
  }

  @Test func refusesAnExtensionThatNamesNoFormat() throws {
    let folder = try TestDirectory()
    let run = ToolRun(["generate", "-o", folder.file("foo.csv")], environment: now)
    #expect(run.status == 64)
    #expect(
      run.standardError
        == "Error: invalid value '\(folder.file("foo.csv"))' for '-o, --output <path>': '.csv' names no format generate writes: end it in .zip (a zip archive), .xml (export.xml alone) or .json (a JSON profile), give a folder name without an extension, or choose with --format\nUsage: health-exporter generate [<options>]\n  See 'health-exporter generate --help' for more information.\n"
    )
    #expect(try folder.contents() == [])
    let chosen = ToolRun(
      ["generate", "-o", folder.file("foo.csv"), "--format", "xml", "--days", "1", "-q"], environment: now)
    #expect(chosen.status == 0)
    #expect(try folder.contents() == ["foo.csv"])
  }
}
