import HealthArchive
import HealthModel
import Testing

/// A category value an app read from HealthKit is named as export.xml names it.
@Suite struct SampleValueHealthKitTests {
  @Test func sleepStagesAreNamed() {
    #expect(
      SampleValue.category(rawValue: 3, of: "HKCategoryTypeIdentifierSleepAnalysis")
        == .category("HKCategoryValueSleepAnalysisAsleepCore"))
    #expect(
      SampleValue.category(rawValue: 5, of: "HKCategoryTypeIdentifierSleepAnalysis")
        == .category("HKCategoryValueSleepAnalysisAsleepREM"))
    #expect(
      SampleValue.category(rawValue: 0, of: "HKCategoryTypeIdentifierMindfulSession")
        == .category("HKCategoryValueNotApplicable"))
  }

  @Test func otherValuesAreTheirNumbers() {
    #expect(SampleValue.category(rawValue: 2, of: "HKCategoryTypeIdentifierMenstrualFlow") == .category("2"))
    #expect(SampleValue.category(rawValue: 9, of: "HKCategoryTypeIdentifierSleepAnalysis") == .category("9"))
  }
}
