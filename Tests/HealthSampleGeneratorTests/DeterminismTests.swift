import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

/// The same configuration gives the same bytes; another seed, other bytes.
@Suite struct DeterminismTests {
  @Test func twoRunsGiveTheSameExportXML() throws {
    let first = try GeneratorTest.exportXML(SampleExport(configuration: GeneratorTest.spring))
    let second = try GeneratorTest.exportXML(SampleExport(configuration: GeneratorTest.spring))
    #expect(first.count > 1_000_000)
    #expect(GeneratorTest.digest(first) == GeneratorTest.digest(second))
  }

  @Test func anotherSeedGivesAnotherRecord() throws {
    var configuration = GeneratorTest.spring
    configuration.days = 2
    let first = try GeneratorTest.exportXML(SampleExport(configuration: configuration))
    configuration.seed = 8
    let second = try GeneratorTest.exportXML(SampleExport(configuration: configuration))
    #expect(GeneratorTest.digest(first) != GeneratorTest.digest(second))
  }

  /// Pins the bytes of a small record, so that a change of the model, or a machine that computes
  /// differently, shows here. Re-pin only when the model changes on purpose.
  @Test func aSmallRecordHasItsPinnedDigest() throws {
    let configuration = SampleConfiguration(
      seed: 1, days: 2, end: CivilDateTime(year: 2026, month: 1, day: 20), timeZoneIdentifier: "Europe/Paris")
    let bytes = try GeneratorTest.exportXML(SampleExport(configuration: configuration))
    #expect(bytes.count == 624_866)
    #expect(GeneratorTest.digest(bytes) == 18_428_077_714_862_821_482)
  }

  @Test func zipArchivesAreTheSameByteForByte() throws {
    let folder = try TestDirectory()
    var configuration = GeneratorTest.spring
    configuration.days = 3
    let export = try SampleExport(configuration: configuration)
    try SampleExportWriter.write(export, to: folder.file("a.zip"), format: .zip, overwrites: false)
    try SampleExportWriter.write(
      SampleExport(configuration: configuration), to: folder.file("b.zip"), format: .zip, overwrites: false)
    let first = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.zip")))
    let second = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.zip")))
    #expect(first.count > 100_000)
    #expect(first == second)
  }

  @Test func theFilesBesideExportXMLAreTheSameEachTime() throws {
    var configuration = GeneratorTest.spring
    configuration.days = 3
    let first = try SampleExport(configuration: configuration)
    let second = try SampleExport(configuration: configuration)
    #expect(first.filePaths == second.filePaths)
    for path in first.filePaths {
      #expect(first.contents(ofFileAt: path) == second.contents(ofFileAt: path), "\(path)")
    }
  }
}
