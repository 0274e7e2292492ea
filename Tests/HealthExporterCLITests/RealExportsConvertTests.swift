import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Every real export of `../shared/real-exports` converted to a zip archive: the archive reads
/// back item for item as the original (inline route locations, audiograms, the FHIR resources,
/// the GPX and ECG files included), and exports the same CSV.
@Suite(
  .enabled(
    if: RealExports.isAvailable, "../shared/real-exports is absent: the real-export corpus is not converted")
)
struct RealExportsConvertTests {
  let environment = ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  /// Exports whose correlations hold members no top-level record repeats (an excerpt trimmed by
  /// its author): their copies are added.
  static let memberCopies = ["grll-apple-health-mcp__export.xml": 2]

  func items(of path: String) throws -> [HealthItem] {
    var items: [HealthItem] = []
    try HealthInput.open(path: path).readItems(filter: .wholeRecord, diagnostics: Diagnostics()) { item, _ in
      items.append(item)
    }
    return items
  }

  @Test(arguments: RealExportsTests.exports)
  func convertsToAnArchiveThatReadsAndExportsAsTheOriginal(_ example: RealExportsTests.Export) throws {
    let folder = try TestDirectory()
    let original = RealExports.path(example.file)
    let converted = folder.file("export.zip")
    let run = ToolRun(["convert", original, "-o", converted, "-q"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    let expected = try items(of: original)
    let written = try items(of: converted)
    // A correlation member that no top-level record repeats gets its copy, as Apple's DTD says.
    let copies = Self.memberCopies[example.file] ?? 0
    let members = expected.flatMap { item -> [Sample] in
      if case .correlation(let correlation) = item { correlation.objects } else { [] }
    }
    #expect(written.count == expected.count + copies)
    for item in written.suffix(copies) {
      guard case .sample(let sample) = item else {
        Issue.record("a top-level copy expected, got \(item)")
        continue
      }
      #expect(members.contains(sample))
    }
    #expect(Array(written.prefix(expected.count)) == expected)
    let csv = [
      "export", "--all", "--metrics", "weight,steps,glucose", "--vitals", "all", "--labs", "all", "-o", "-",
      "-q",
    ]
    let before = ToolRun(csv + [original], environment: environment)
    let after = ToolRun(csv + [converted], environment: environment)
    #expect(after.status == before.status)
    #expect(after.standardOutput == before.standardOutput)
  }

  /// The converted archive loads into the same database as the original, row for row (but for the
  /// input's name and the time of the run in `export_info`), as the sqlite3 shell dumps it.
  @Test(
    .enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed"),
    arguments: RealExportsTests.exports)
  func loadsIntoTheSameDatabaseAsTheOriginal(_ example: RealExportsTests.Export) throws {
    let folder = try TestDirectory()
    let converted = folder.file("export.zip")
    let run = ToolRun(
      ["convert", RealExports.path(example.file), "-o", converted, "-q"], environment: environment)
    #expect(run.status == 0, "\(run.standardError)")
    func dump(_ input: String, _ name: String) throws -> String {
      let database = folder.file(name)
      let made = ToolRun(["database", input, "-o", database, "-q"], environment: environment)
      #expect(made.status == 0, "\(made.standardError)")
      let output = try SQLiteShell.run(".dump", on: database)
      #expect(output.status == 0, "\(output.standardError)")
      return output.standardOutput.split(separator: "\n").filter {
        !$0.hasPrefix("INSERT INTO export_info ") && !$0.hasPrefix("INSERT INTO imports ")
      }
      .joined(separator: "\n")
    }
    let original = try dump(RealExports.path(example.file), "original.sqlite")
    // Rows of the export itself, not only of export_info (which is left out).
    #expect(original.contains("INSERT INTO records ") || original.contains("INSERT INTO clinical_records "))
    let again = try dump(converted, "converted.sqlite")
    #expect(again == original, "\(Golden.difference(expected: original, actual: again))")
  }
}
