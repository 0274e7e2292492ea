import HealthArchive
import HealthModel
import HealthSampleGenerator
import Testing

/// `--size`: the record is lengthened, or made denser, until export.xml is within 10% of the size.
@Suite struct SizeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var bytes: Int
    var keepsDays: Bool
    var days = SampleConfiguration.defaultDays
    var testDescription: String { "\(bytes / 1_000_000) MB\(keepsDays ? " in \(days) days" : "")" }
  }

  @Test(arguments: [
    Case(bytes: 2_000_000, keepsDays: false), Case(bytes: 8_000_000, keepsDays: false),
    Case(bytes: 3_000_000, keepsDays: true, days: 2),
  ])
  func exportXMLIsWithinTenPercentOfTheSize(_ example: Case) throws {
    let base = SampleConfiguration(days: example.days)
    let configuration = try base.fitted(toExportXMLBytes: example.bytes, keepingDays: example.keepsDays)
    let size = try GeneratorTest.exportXML(SampleExport(configuration: configuration)).count
    #expect(abs(Double(size - example.bytes)) <= Double(example.bytes) * 0.1, "\(size) bytes")
    #expect(configuration.seed == base.seed && configuration.end == base.end)
    if example.keepsDays {
      #expect(configuration.days == example.days)
      #expect(configuration.density > 1)
    } else {
      // Lengthened: the days are the most whose record is no larger; density fills the rest,
      // less than a day's worth.
      #expect(configuration.days > 1 && configuration.days < 30)
      #expect(configuration.density < 1 + 1.5 / Double(configuration.days))
    }
  }

  @Test func theSameSizeGivesTheSameConfiguration() throws {
    let first = try SampleConfiguration(days: 2).fitted(toExportXMLBytes: 1_500_000, keepingDays: true)
    let second = try SampleConfiguration(days: 2).fitted(toExportXMLBytes: 1_500_000, keepingDays: true)
    #expect(first == second)
  }

  @Test func sizesThatCannotBeReachedAreRefused() throws {
    #expect(throws: SampleSizeError.self) {
      try SampleConfiguration().fitted(toExportXMLBytes: 100_000, keepingDays: false)
    }
    #expect(throws: SampleSizeError.self) {
      try SampleConfiguration(days: 30).fitted(toExportXMLBytes: 1_000_000, keepingDays: true)
    }
    do {
      _ = try SampleConfiguration().fitted(toExportXMLBytes: 100_000, keepingDays: false)
    } catch let error as SampleSizeError {
      #expect(error.description == "an export.xml of 0.1 MB is too small: 1 day makes at least 0.7 MB")
    }
  }
}
