import HealthModel
import Testing

@Suite struct HealthKitUnitTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var value: Double
    var from: String
    var to: String
    var expected: Double?
    var testDescription: String { "\(value) \(from) → \(to)" }
  }

  /// Conversions whose results are exact in binary (or exactly the factor), so equality is the
  /// right check.
  @Test(arguments: [
    Case(value: 2, from: "km", to: "m", expected: 2000),
    Case(value: 1, from: "mi", to: "ft", expected: 5280),
    Case(value: 3, from: "ft", to: "yd", expected: 1),
    Case(value: 25, from: "mm", to: "cm", expected: 2.5),
    Case(value: 1, from: "kcal", to: "Cal", expected: 1),
    Case(value: 1, from: "kcal", to: "kJ", expected: 4.184),
    Case(value: 2000, from: "J", to: "kJ", expected: 2),
    Case(value: 90, from: "min", to: "hr", expected: 1.5),
    Case(value: 1, from: "d", to: "min", expected: 1440),
    Case(value: 1500, from: "ms", to: "s", expected: 1.5),
    Case(value: 1500, from: "mL", to: "L", expected: 1.5),
    Case(value: 1.5, from: "count/s", to: "count/min", expected: 90),
    Case(value: 1500, from: "mg", to: "g", expected: 1.5),
    Case(value: 32, from: "oz", to: "lb", expected: 2),
    Case(value: 7, from: "count", to: "count", expected: 7),
    Case(value: 7, from: "dBASPL", to: "dBASPL", expected: 7),
  ])
  func convertsWithinAKind(_ example: Case) {
    #expect(HealthKitUnit.convert(example.value, from: example.from, to: example.to) == example.expected)
  }

  @Test(arguments: [
    Case(value: 1, from: "km", to: "kcal"),
    Case(value: 1, from: "count", to: "km"),
    Case(value: 1, from: "degC", to: "degF"),
    Case(value: 1, from: "fl_oz_us", to: "mL"),
    Case(value: 1, from: "min", to: "count/min"),
  ])
  func refusesOtherKindsAndUnknownUnits(_ example: Case) {
    #expect(HealthKitUnit.convert(example.value, from: example.from, to: example.to) == nil)
    #expect(UnitConversion(from: example.from, to: example.to) == nil)
  }

  @Test func milesAreExactFromTheInch() throws {
    // 1 mi = 63,360 in = 160,934.4 cm = 1.609344 km.
    let kilometers = try #require(HealthKitUnit.convert(1, from: "mi", to: "km"))
    #expect(abs(kilometers - 1.609344) < 1e-12)
  }

  @Test func weightKeepsTheCSVsFactor() {
    // The table is the CSV's: 1 kg = 2.2046226218 lb.
    #expect(HealthKitUnit.convert(100, from: "kg", to: "lb") == 100 * UnitConstants.poundsPerKilogram)
    #expect(CSVUnit.pounds.convert(100, from: "kg") == HealthKitUnit.convert(100, from: "kg", to: "lb"))
  }
}
