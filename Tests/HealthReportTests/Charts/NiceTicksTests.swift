import Testing

@testable import HealthReport

/// Value axes: round steps that cover the values, with the decimals their labels need.
@Suite struct NiceTicksTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var lower: Double
    var upper: Double
    var includingZero: Bool = false
    var values: [Double]
    var step: Double
    var decimals: Int
    var testDescription: String { name }
  }

  @Test(arguments: [
    Case(
      name: "weights", lower: 121.3, upper: 124.9, values: [121, 122, 123, 124, 125], step: 1, decimals: 0),
    Case(
      name: "steps from zero", lower: 3_200, upper: 18_561, includingZero: true,
      values: [0, 5_000, 10_000, 15_000, 20_000], step: 5_000, decimals: 0),
    Case(
      name: "a tenth", lower: 0.32, upper: 0.71, values: [0.3, 0.4, 0.5, 0.6, 0.7, 0.8], step: 0.1,
      decimals: 1),
    Case(
      name: "halves", lower: 36.4, upper: 38.1, values: [36, 36.5, 37, 37.5, 38, 38.5], step: 0.5, decimals: 1
    ),
    Case(
      name: "one value, widened by 5 %", lower: 100, upper: 100, values: [94, 96, 98, 100, 102, 104, 106],
      step: 2, decimals: 0),
    Case(
      name: "zero alone", lower: 0, upper: 0, includingZero: true, values: [0, 0.2, 0.4, 0.6, 0.8, 1],
      step: 0.2, decimals: 1),
    Case(name: "negative", lower: -3, upper: 7, values: [-4, -2, 0, 2, 4, 6, 8], step: 2, decimals: 0),
  ])
  func coversTheValuesInRoundSteps(_ example: Case) {
    let ticks = NiceTicks(covering: example.lower, example.upper, includingZero: example.includingZero)
    #expect(ticks.values == example.values)
    #expect(ticks.step == example.step)
    #expect(ticks.decimals == example.decimals)
  }
}
