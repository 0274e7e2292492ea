import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Every real export of `../shared/real-exports` converted to a zip archive: the archive reads
/// back item for item as the original (inline route locations, audiograms, the FHIR resources,
/// the GPX and ECG files included), but for the references to files the export lacks, which the
/// archive leaves out, and exports the same CSV.
@Suite(
  .enabled(
    if: RealExports.isAvailable, "../shared/real-exports is absent: the real-export corpus is not converted")
)
struct RealExportsConvertTests {
  let environment = ["TZ": "UTC", "HEALTH_EXPORTER_NOW": "2026-01-20T12:00:00Z"]

  /// Exports whose correlations hold members no top-level record repeats (an excerpt trimmed by
  /// its author): their copies are added.
  static let memberCopies = ["grll-apple-health-mcp__export.xml": 2]

  /// Excerpts whose export.xml names files that are not beside it: route files (all four) and
  /// clinical records' files (opendroid's first). The archive names none of them.
  static let filesMissing: Set<String> = [
    "dogsheep-healthkit-to-sqlite__zip_contents__export.xml", "grll-apple-health-mcp__export.xml",
    "opendroid-hk__sampleexport-2.xml", "opendroid-hk__sampleexport.xml",
  ]

  /// `items` as an archive written of them gives them back: routes name only the files whose
  /// points were read, and a clinical record whose file was not read is left out.
  static func withoutMissingFiles(_ items: [HealthItem]) -> [HealthItem] {
    let read = Set(
      items.compactMap { if case .routePoints(let points) = $0 { points.filePath } else { nil } })
    return items.compactMap { item in
      switch item {
      case .workout(var workout):
        for index in workout.routes.indices {
          workout.routes[index].filePaths.removeAll { !read.contains($0) }
        }
        return .workout(workout)
      case .clinicalRecord(let record) where record.resource == nil:
        return nil
      default:
        return item
      }
    }
  }

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
    let read = try items(of: original)
    let expected = Self.withoutMissingFiles(read)
    #expect((expected == read) == !Self.filesMissing.contains(example.file))
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
    var original = try dump(RealExports.path(example.file), "original.sqlite")
    // Rows of the export itself, not only of export_info (which is left out).
    #expect(original.contains("INSERT INTO records ") || original.contains("INSERT INTO clinical_records "))
    if Self.filesMissing.contains(example.file) {
      // The archive names no file the export lacks (none of these has any of its files): its
      // routes have no path, its clinical records are left out, and their types with them.
      let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
      let kept = lines.filter {
        !$0.hasPrefix("INSERT INTO clinical_records ")
          && !($0.hasPrefix("INSERT INTO types ") && $0.contains(",'clinical',"))
      }
      #expect(lines.count - kept.count == (example.file == "opendroid-hk__sampleexport.xml" ? 10 : 0))
      original = kept.map { line in
        line.hasPrefix("INSERT INTO workout_routes ")
          ? String(line).replacing(/'\/workout-routes\/[^']*'/, with: "NULL") : String(line)
      }
      .joined(separator: "\n")
    }
    let again = try dump(converted, "converted.sqlite")
    #expect(again == original, "\(Golden.difference(expected: original, actual: again))")
  }
}
