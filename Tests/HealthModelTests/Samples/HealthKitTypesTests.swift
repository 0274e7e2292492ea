import HealthModel
import Testing

/// HealthKit's type names: each once, found in any case, and every type the tool reads by name
/// among them.
@Suite struct HealthKitTypesTests {
  @Test func namesEachTypeOnce() {
    #expect(HealthKitTypes.quantityTypeNames.count == 120)
    #expect(HealthKitTypes.categoryTypeNames.count == 69)
    #expect(Set(HealthKitTypes.names).count == HealthKitTypes.names.count)
  }

  @Test func findsTheIdentifierOfANameInAnyCase() {
    #expect(HealthKitTypes.identifier(named: "StepCount") == "HKQuantityTypeIdentifierStepCount")
    #expect(HealthKitTypes.identifier(named: "sleepanalysis") == "HKCategoryTypeIdentifierSleepAnalysis")
    #expect(HealthKitTypes.identifier(named: "VO2MAX") == "HKQuantityTypeIdentifierVO2Max")
    #expect(HealthKitTypes.identifier(named: "Stepz") == nil)
    #expect(HealthKitTypes.identifier(named: "HKQuantityTypeIdentifierStepCount") == nil)
  }

  /// The registry's measures and the types read by name are all HealthKit's.
  @Test func holdsEveryTypeTheToolReadsByName() {
    let known = Set(HealthKitTypes.identifiers)
    let read =
      MetricRegistry.standard.allMeasures.map(\.healthKitType) + [
        HealthKitIdentifier.sleepAnalysis, HealthKitIdentifier.mindfulSession,
        HealthKitIdentifier.appleStandHour,
      ] + AggregationStyle.cumulativeTypeNames.map { HealthKitIdentifier.quantityTypePrefix + $0 }
    #expect(read.filter { !known.contains($0) } == [])
  }
}
