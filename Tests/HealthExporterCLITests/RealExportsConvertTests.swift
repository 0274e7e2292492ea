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
}
