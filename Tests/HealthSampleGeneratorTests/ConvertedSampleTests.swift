import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

/// The generated record converted to Apple's format and to a profile: item for item, row for row
/// and byte for byte the same as the record itself.
@Suite struct ConvertedSampleTests {
  let export = try! SampleExport(configuration: GeneratorTest.spring)
  static let options = ConvertExport.Options(
    format: .zip, timeZone: .named(GeneratorTest.newYork), now: Timestamp(secondsSince1970: 1_773_374_400),
    profileName: "sample")

  func convert(_ source: some HealthInputSource, to path: String) throws -> ConvertExport.Outcome {
    var options = Self.options
    options.format = ConvertExport.Format(path: path)!
    return try ConvertExport(options: options).run(
      source: source, destination: .file(path: path, overwrites: false),
      diagnostics: Diagnostics(isStrict: true))
  }

  func items(of source: some HealthInputSource) throws -> [HealthItem] {
    var items: [HealthItem] = []
    try source.readItems(filter: .wholeRecord, diagnostics: Diagnostics(isStrict: true)) { item, _ in
      items.append(item)
    }
    return items
  }

  func csv(of source: some HealthInputSource) throws -> String {
    var bytes: [UInt8] = []
    let registry = MetricRegistry.standard
    let selection = ExportSelection(
      baseMetrics: registry.baseMetrics, vitals: registry.vitals, labs: registry.labs, range: .all,
      timeZone: .named(GeneratorTest.newYork))
    _ = try CSVExport(selection: selection, now: Self.options.now).run(
      source: source, destination: .sink { bytes.append($0) },
      diagnostics: Diagnostics(isStrict: true))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func readsBackItemForItemAndRowForRow() throws {
    let folder = try TestDirectory()
    let summary = try convert(export.source(), to: folder.file("converted.zip"))
    let converted = try HealthInput.open(path: folder.file("converted.zip"))
    let original = try items(of: export.source())
    #expect(try items(of: converted) == original)
    #expect(try csv(of: converted) == (try csv(of: export.source())))
    let written = try #require(summary.export)
    #expect(written.memberCopies == 0)
    #expect(written.records == original.count { if case .sample = $0 { true } else { false } })
    // Every file beside export.xml is written again, the same bytes as the generator's.
    #expect(written.files == export.filePaths.count)
    #expect(written.clinicalFiles == export.filePaths.count { $0.hasPrefix("clinical-records/") })
    #expect(written.routeFiles == export.filePaths.count { $0.hasPrefix("workout-routes/") })
    #expect(written.electrocardiograms == 2)
    let zip = try ZipArchive(path: folder.file("converted.zip"))
    // In the order the items bring them: routes after their workouts, ECGs last.
    #expect(zip.entries.first?.normalizedName == "apple_health_export/export.xml")
    #expect(zip.entries.last?.normalizedName == "apple_health_export/electrocardiograms/ecg_2026-03-05_1.csv")
    #expect(
      zip.entries.dropFirst().map(\.normalizedName).sorted()
        == export.filePaths.map { "apple_health_export/" + $0 }.sorted())
    for entry in zip.entries.dropFirst() {
      let path = String(entry.normalizedName.dropFirst("apple_health_export/".count))
      #expect(try zip.contents(of: entry, limit: 1 << 26) == export.contents(ofFileAt: path), "\(path)")
    }
  }

  /// The record → profile → archive → profile gives the first profile byte for byte, but for
  /// what the archive has no file for: the routes' GPX paths and the clinical records other than
  /// lab results.
  @Test func aProfileWrittenBackGivesTheSameProfile() throws {
    let folder = try TestDirectory()
    _ = try convert(export.source(), to: folder.file("first.json"))
    _ = try convert(try HealthInput.open(path: folder.file("first.json")), to: folder.file("again.zip"))
    _ = try convert(try HealthInput.open(path: folder.file("again.zip")), to: folder.file("second.json"))
    let written = try folder.read("first.json")
    let first = ProfileText.writtenBack(written)
    #expect(first.count < written.count)
    #expect(try folder.read("second.json") == first)
    #expect(try csv(of: HealthInput.open(path: folder.file("again.zip"))) == (try csv(of: export.source())))
  }
}
