import HealthModel
import Testing

@Suite struct MetricRegistryTests {
  let registry = MetricRegistry.standard

  @Test func baseMetricsAreTheContracts() {
    #expect(registry.baseMetrics.map(\.optionName) == ["weight", "steps", "glucose"])
    #expect(registry.baseMetrics.map(\.measure.name) == ["Weight", "Steps", "Blood Glucose"])
    #expect(registry.baseMetrics.filter(\.isSelectedByDefault).map(\.optionName) == ["weight", "steps"])
    #expect(registry.baseMetric(named: "glucose")?.measure.minimumKept == 20)
    #expect(registry.baseMetric(named: "steps")?.measure.rounding == .towardZero)
  }

  @Test func vitalsExpandToComponentsInOrder() {
    #expect(
      registry.vitals.prefix(6).map(\.optionName) == [
        "blood-pressure", "resting-heart-rate", "heart-rate-variability", "oxygen-saturation",
        "respiratory-rate", "body-temperature",
      ])
    let bloodPressure = registry.vital(named: "blood-pressure")
    #expect(bloodPressure?.components.map(\.name) == ["Blood Pressure Systolic", "Blood Pressure Diastolic"])
    #expect(bloodPressure?.components.allSatisfy(\.appearsInCorrelations) == true)
    let contract: [(String, UnitChoice, Int)] = [
      ("Blood Pressure Systolic", .fixed(.millimetersOfMercury), 0),
      ("Blood Pressure Diastolic", .fixed(.millimetersOfMercury), 0),
      ("Resting Heart Rate", .fixed(.beatsPerMinute), 0),
      ("Heart Rate Variability (SDNN)", .fixed(.milliseconds), 0),
      ("Oxygen Saturation", .fixed(.percent), 1),
      ("Respiratory Rate", .fixed(.breathsPerMinute), 1),
      ("Body Temperature", .temperature, 1),
    ]
    let components = registry.vitals.flatMap(\.components).prefix(7)
    #expect(components.map(\.name) == contract.map(\.0))
    #expect(components.map(\.unit) == contract.map(\.1))
    #expect(components.map(\.decimals) == contract.map(\.2))
  }

  /// Only a temperature's scale goes below zero; every other series of the registry skips a
  /// reading below zero.
  @Test func onlyTemperaturesCanBeBelowZero() {
    #expect(registry.allMeasures.filter(\.canBeNegative).map(\.name) == ["Body Temperature"])
    #expect(CSVUnit.allCases.filter(\.hasNegativeValues) == [.fahrenheit, .celsius])
    #expect(
      Measure(name: "D", healthKitType: "T", unit: .weight, decimals: 1, canBeNegative: true).canBeNegative)
    #expect(
      !Measure(name: "T", healthKitType: "T", unit: .temperature, decimals: 1, canBeNegative: false)
        .canBeNegative)
  }

  @Test func labsAreAll38InRegistryOrder() {
    #expect(registry.labs.count == 38)
    #expect(Set(registry.labs.map(\.loinc)).count == 38)
    #expect(registry.labs.first?.name == "Hemoglobin A1C")
    #expect(registry.labs.last?.loinc == "30522-7")
    #expect(registry.labs(in: .lipid).map(\.loinc) == ["2093-3", "2085-9", "2089-1", "2571-8"])
    #expect(registry.labs(in: .thyroid).map(\.name) == ["TSH", "Free T4", "Free T3"])
    #expect(registry.labs(in: .cbc).count == 9)
    #expect(registry.labs(in: .cmp).count == 15)
    #expect(
      registry.labs(in: .other).map(\.loinc) == [
        "4548-4", "1989-3", "2132-9", "2276-4", "2498-4", "2500-7", "30522-7",
      ])
    #expect(registry.lab(forCode: "718-7")?.decimals == 1)
    #expect(registry.lab(forCode: "0000-0") == nil)
    #expect(MetricRegistry.unknownLabDecimals == 2)
  }

  @Test func alternativeCodesSelectTheirLabOnly() {
    let allCodes = registry.labs.flatMap(\.allCodes)
    #expect(Set(allCodes).count == allCodes.count)
    #expect(allCodes.count == 118)  // 38 registry codes and 80 alternatives
    // Apple's sample Health Records carry triglycerides as 3043-7 (in blood).
    #expect(registry.lab(forCode: "3043-7")?.name == "Triglycerides")
    #expect(registry.lab(forCode: "13457-7")?.name == "LDL Cholesterol")
    #expect(registry.lab(forCode: "98979-8")?.name == "eGFR")
    #expect(registry.lab(forCode: "62292-8")?.name == "25-OH Vitamin D")
    // Not the same measurement: a glucose not drawn fasting, regular CRP, total T4.
    #expect(registry.lab(forCode: "2345-7") == nil)
    #expect(registry.lab(forCode: "2339-0") == nil)
    #expect(registry.lab(forCode: "1988-5") == nil)
    #expect(registry.lab(forCode: "3026-2") == nil)
  }

  @Test func everyHealthKitTypeHasOneMeasure() {
    let types = registry.allMeasures.map(\.healthKitType)
    #expect(Set(types).count == types.count)
  }

  @Test func readsMealTimes() {
    #expect(MealTime(metadataValue: "1") == .beforeMeal)
    #expect(MealTime(metadataValue: "2") == .afterMeal)
    #expect(MealTime(metadataValue: "0") == nil)
    #expect(MealTime(metadataValue: "x") == nil)
    #expect(MealTime.beforeMeal.displayName == "Before Meal")
    #expect(MealTime.afterMeal.displayName == "After Meal")
  }
}
