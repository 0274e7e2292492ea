import HealthModel
import Testing

/// Each series' written value is decided by its registry entry, for every writer alike.
@Suite struct WrittenValueTests {
  let registry = MetricRegistry.standard

  struct Case: Sendable, CustomTestStringConvertible {
    var metric: String
    var value: Double
    var written: WrittenValue
    var testDescription: String { "\(metric) \(value)" }
  }

  @Test(arguments: [
    Case(metric: "steps", value: 12345.7, written: WrittenValue(12345, decimals: 0)),
    Case(metric: "steps", value: -2.9, written: WrittenValue(-2, decimals: 0)),
    Case(metric: "weight", value: 220.462262185, written: WrittenValue(220.462262185, decimals: 2)),
    Case(metric: "glucose", value: 145.6, written: WrittenValue(145.6, decimals: 0)),
  ])
  func aMeasureTruncatesOnlyWhereItsSeriesDropsFractions(_ example: Case) throws {
    let measure = try #require(registry.baseMetric(named: example.metric)?.measure)
    #expect(measure.writtenValue(of: example.value) == example.written)
  }

  @Test func aVitalComponentKeepsItsDecimals() throws {
    let oxygen = try #require(registry.vital(named: "oxygen-saturation")?.components.first)
    #expect(oxygen.writtenValue(of: 98.46) == WrittenValue(98.46, decimals: 1))
  }

  @Test func aLabIsWrittenAsReportedWithItsDecimals() throws {
    let hemoglobin = try #require(registry.lab(forCode: "4548-4"))
    #expect(hemoglobin.writtenValue(of: 5.75) == WrittenValue(5.75, decimals: 2))
    let cholesterol = try #require(registry.lab(forCode: "2093-3"))
    #expect(cholesterol.writtenValue(of: 187.5) == WrittenValue(187.5, decimals: 0))
  }
}
