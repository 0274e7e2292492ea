import HealthModel
import Testing

@Suite struct CSVUnitTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var target: CSVUnit
    var value: Double
    var unit: String
    var expected: Double?
    var testDescription: String { "\(value) \(unit) → \(target.label)" }
  }

  /// Conversions whose results are exact in binary, so equality is the right check; the rounded
  /// figures the CSV writes for the contract's examples are pinned in HealthExportTests.
  @Test(arguments: [
    Case(target: .pounds, value: 185.5, unit: "lb", expected: 185.5),
    Case(target: .pounds, value: 10, unit: "st", expected: 140),
    Case(target: .pounds, value: 32, unit: "oz", expected: 2),
    Case(target: .kilograms, value: 72.5, unit: "kg", expected: 72.5),
    Case(target: .kilograms, value: 1500, unit: "g", expected: 1.5),
    Case(target: .steps, value: 12345.7, unit: "count", expected: 12345.7),
    Case(target: .milligramsPerDeciliter, value: 145.6, unit: "mg/dL", expected: 145.6),
    Case(target: .millimetersOfMercury, value: 120, unit: "mmHg", expected: 120),
    Case(target: .beatsPerMinute, value: 61, unit: "count/min", expected: 61),
    Case(target: .beatsPerMinute, value: 1.5, unit: "count/s", expected: 90),
    Case(target: .milliseconds, value: 0.5, unit: "s", expected: 500),
    Case(target: .percent, value: 0.5, unit: "%", expected: 50),
    Case(target: .breathsPerMinute, value: 14.5, unit: "count/min", expected: 14.5),
    Case(target: .celsius, value: 212, unit: "degF", expected: 100),
    Case(target: .fahrenheit, value: 100, unit: "degC", expected: 212),
    Case(target: .fahrenheit, value: 98.6, unit: "degF", expected: 98.6),
    Case(target: .centimeters, value: 1.8, unit: "m", expected: 180),
    Case(target: .inches, value: 6, unit: "ft", expected: 72),
    Case(target: .centimeters, value: 2, unit: "km", expected: 200_000),
    Case(target: .inches, value: 1, unit: "yd", expected: 36),
    Case(target: .milliliterPerKilogramMinute, value: 45.2, unit: "mL/min·kg", expected: 45.2),
  ])
  func converts(_ example: Case) {
    #expect(example.target.convert(example.value, from: example.unit) == example.expected)
  }

  @Test(arguments: [
    Case(target: .pounds, value: 1, unit: "count", expected: nil),
    Case(target: .steps, value: 1, unit: "", expected: nil),
    Case(target: .milligramsPerDeciliter, value: 5, unit: "mmol<100>/L", expected: nil),
    Case(target: .millimetersOfMercury, value: 16, unit: "kPa", expected: nil),
    Case(target: .percent, value: 50, unit: "count", expected: nil),
    Case(target: .celsius, value: 37, unit: "C", expected: nil),
  ])
  func refusesUnitsOfAnotherKind(_ example: Case) {
    #expect(example.target.convert(example.value, from: example.unit) == nil)
  }

  @Test func usesTheContractsFactors() {
    #expect(CSVUnit.pounds.convert(100, from: "kg") == 100 * 2.2046226218)
    #expect(CSVUnit.kilograms.convert(185.5, from: "lb") == 185.5 / 2.2046226218)
    #expect(
      CSVUnit.milligramsPerDeciliter.convert(5.5, from: "mmol<180.1558800000541>/L") == 5.5 * 18.0155880)
    #expect(CSVUnit.milligramsPerDeciliter.convert(5.5, from: "mmol/L") == 5.5 * 18.0155880)
  }

  @Test func resolvesChoicesWithPreferences() {
    let metric = UnitPreferences(weight: .kilograms, temperature: .celsius)
    #expect(UnitChoice.weight.resolved(with: .unitedStates) == .pounds)
    #expect(UnitChoice.weight.resolved(with: metric) == .kilograms)
    #expect(UnitChoice.temperature.resolved(with: .unitedStates) == .fahrenheit)
    #expect(UnitChoice.temperature.resolved(with: metric) == .celsius)
    #expect(UnitChoice.length.resolved(with: metric) == .centimeters)
    #expect(UnitChoice.fixed(.percent).resolved(with: metric) == .percent)
  }
}
