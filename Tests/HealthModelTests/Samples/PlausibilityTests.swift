import HealthModel
import Testing

/// What no real record can be, as every reader checks it.
@Suite struct PlausibilityTests {
  static let start = Timestamp(secondsSince1970: 1_768_000_000)
  static let end = Timestamp(secondsSince1970: 1_768_003_600)

  static func workout(
    start: Timestamp = start, end: Timestamp = end, duration: Double? = 3600, distance: Double? = 5,
    energy: Double? = 300
  ) -> Workout {
    Workout(
      activityType: "HKWorkoutActivityTypeRunning", duration: duration.map { Quantity(value: $0, unit: "s") },
      totalDistance: distance.map { Quantity(value: $0, unit: "km") },
      totalEnergyBurned: energy.map { Quantity(value: $0, unit: "kcal") }, sourceName: "Watch",
      startDate: start, endDate: end)
  }

  @Test func aRecordEndingBeforeItStartsCannotBe() {
    #expect(Plausibility.problem(start: Self.end, end: Self.start) == "a record that ends before it starts")
    #expect(Plausibility.problem(start: Self.start, end: Self.start) == nil)
    #expect(Plausibility.problem(start: Self.start, end: Self.end) == nil)
  }

  @Test func aWorkoutBelowZeroOrOutOfRangeCannotBe() {
    #expect(Plausibility.problem(of: Self.workout()) == nil)
    #expect(Plausibility.problem(of: Self.workout(duration: nil, distance: nil, energy: nil)) == nil)
    #expect(Plausibility.problem(of: Self.workout(duration: 0, distance: 0, energy: 0)) == nil)
    #expect(
      Plausibility.problem(of: Self.workout(start: Self.end, end: Self.start))
        == "a workout that ends before it starts")
    #expect(
      Plausibility.problem(of: Self.workout(duration: -3600)) == "a workout whose duration is below zero")
    #expect(
      Plausibility.problem(of: Self.workout(distance: -5)) == "a workout whose totalDistance is below zero")
    #expect(
      Plausibility.problem(of: Self.workout(energy: -1e300))
        == "a workout whose totalEnergyBurned is out of range (a magnitude of 10^15 or more)")
    #expect(
      Plausibility.problem(of: Self.workout(energy: .infinity))
        == "a workout whose totalEnergyBurned is out of range (a magnitude of 10^15 or more)")
  }
}
