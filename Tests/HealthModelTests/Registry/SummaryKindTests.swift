import HealthModel
import Testing

@Suite struct SummaryKindTests {
  let registry = MetricRegistry.standard

  @Test(arguments: [
    ("HKQuantityTypeIdentifierStepCount", AggregationStyle.cumulative),
    ("HKQuantityTypeIdentifierDistanceDownhillSnowSports", .cumulative),
    ("HKQuantityTypeIdentifierDietaryCaffeine", .cumulative),
    ("HKQuantityTypeIdentifierUVExposure", .cumulative),
    ("HKQuantityTypeIdentifierHeartRate", .discrete),
    ("HKQuantityTypeIdentifierBodyMass", .discrete),
    ("HKQuantityTypeIdentifierWalkingSpeed", .discrete),
  ])
  func aggregationStyles(_ type: String, _ style: AggregationStyle) {
    #expect(AggregationStyle(ofType: type) == style)
  }

  @Test func onlyQuantityTypesHaveAnAggregationStyle() {
    #expect(AggregationStyle(ofType: "HKCategoryTypeIdentifierSleepAnalysis") == nil)
    #expect(AggregationStyle(ofType: "HKCorrelationTypeIdentifierBloodPressure") == nil)
    #expect(AggregationStyle(ofType: "HKDataTypeSleepDurationGoal") == nil)
  }

  @Test func kindsNamesAndUnits() throws {
    let steps = try #require(registry.summaryKind(ofType: "HKQuantityTypeIdentifierStepCount"))
    #expect(steps.isCumulative)
    #expect(steps.fixedUnit(with: .unitedStates) == "steps")
    let weight = try #require(registry.summaryKind(ofType: "HKQuantityTypeIdentifierBodyMass"))
    #expect(!weight.isCumulative)
    #expect(weight.fixedUnit(with: UnitPreferences(weight: .kilograms, temperature: .celsius)) == "kg")
    let cycling = try #require(registry.summaryKind(ofType: "HKQuantityTypeIdentifierDistanceCycling"))
    #expect(cycling == .quantity(.cumulative, measure: nil))
    #expect(cycling.fixedUnit(with: .unitedStates) == nil)
    #expect(registry.summaryKind(ofType: "HKCategoryTypeIdentifierSleepAnalysis") == .sleepStages)
    #expect(registry.summaryKind(ofType: "HKCategoryTypeIdentifierMindfulSession") == .mindfulMinutes)
    #expect(registry.summaryKind(ofType: "HKCategoryTypeIdentifierAppleStandHour") == .standHours)
    #expect(registry.summaryKind(ofType: "HKCategoryTypeIdentifierHighHeartRateEvent") == .count)
    #expect(registry.summaryKind(ofType: "HKWorkoutTypeIdentifier") == nil)

    #expect(registry.summaryMetricName(ofType: "HKQuantityTypeIdentifierHeartRate") == "Heart Rate")
    #expect(
      registry.summaryMetricName(ofType: "HKQuantityTypeIdentifierDistanceCycling") == "DistanceCycling")
    #expect(registry.summaryMetricName(ofType: "HKCategoryTypeIdentifierMindfulSession") == "Mindful Minutes")
    #expect(registry.summaryMetricName(ofType: "HKCategoryTypeIdentifierAppleStandHour") == "Stand Hours")
    #expect(
      SummaryKind.sleepMetricName(forValue: "HKCategoryValueSleepAnalysisAsleepREM") == "Sleep AsleepREM")
    #expect(SummaryKind.sleepMetricName(forValue: "Nap") == "Sleep Nap")
  }

  @Test func shortNames() {
    #expect(HealthKitIdentifier.shortName(of: "HKQuantityTypeIdentifierStepCount") == "StepCount")
    #expect(HealthKitIdentifier.shortName(of: "HKCategoryTypeIdentifierSleepAnalysis") == "SleepAnalysis")
    #expect(HealthKitIdentifier.shortName(of: "HKDataTypeSleepDurationGoal") == "HKDataTypeSleepDurationGoal")
    #expect(HealthKitIdentifier.shortName(of: "HKQuantityTypeIdentifier") == "HKQuantityTypeIdentifier")
  }
}
