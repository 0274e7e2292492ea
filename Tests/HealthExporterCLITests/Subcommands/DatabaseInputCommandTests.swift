import Foundation
import HealthTestSupport
import Testing

/// A kept database as the input of `export`, `summary`, `report` and `convert`: the same outputs
/// as the export it was built from, byte for byte.
@Suite struct DatabaseInputCommandTests {
  let environment = ["TZ": "America/New_York", "HEALTH_EXPORTER_NOW": "2026-07-01T04:00:00Z"]

  @Test func aDatabaseGivesTheOutputsItsExportGives() throws {
    let folder = try TestDirectory()
    let archive = folder.file("export.zip")
    let database = folder.file("health.sqlite")
    for arguments in [
      ["generate", "-o", archive, "--days", "20", "-q"], ["database", archive, "-o", database, "-q"],
    ] {
      let run = ToolRun(arguments, environment: environment)
      #expect(run.status == 0, "\(run.standardError)")
    }
    let jobs: [(name: String, arguments: [String])] = [
      ("csv", ["export", "--metrics", "weight,steps,glucose", "--vitals", "all", "--labs", "all", "--all"]),
      ("summary", ["summary", "--all", "--period", "week"]),
      ("report", ["report", "--all"]),
    ]
    for job in jobs {
      var outputs: [String] = []
      for input in [archive, database] {
        let output = folder.file("\(job.name)-\((input as NSString).lastPathComponent)")
        let run = ToolRun(
          [job.arguments[0], input, "-o", output, "-q"] + job.arguments.dropFirst(), environment: environment)
        #expect(run.status == 0, "\(job.name): \(run.standardError)")
        outputs.append(try String(contentsOfFile: output, encoding: .utf8))
      }
      #expect(outputs[0] == outputs[1], "\(job.name) differs")
      #expect(outputs[0].count > 1_000, "\(job.name) is not empty")
    }
    // Apple's format written from the database reads as the export did.
    let converted = folder.file("converted.zip")
    let convert = ToolRun(["convert", database, "-o", converted, "-q"], environment: environment)
    #expect(convert.status == 0, "\(convert.standardError)")
    let csv = ToolRun(
      [
        "export", converted, "-o", "-", "--metrics", "weight,steps,glucose", "--vitals", "all", "--all", "-q",
      ],
      environment: environment)
    let original = ToolRun(
      ["export", archive, "-o", "-", "--metrics", "weight,steps,glucose", "--vitals", "all", "--all", "-q"],
      environment: environment)
    #expect(csv.standardOutput == original.standardOutput)
  }
}
