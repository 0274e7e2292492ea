public import HealthModel

extension SampleValue {
  /// The value of a category sample as an app reads it from HealthKit (`HKCategorySample.value`),
  /// as export.xml writes it: the value's name for the types whose values the outputs read by
  /// name (sleep stages, stand hours, the types whose only value is "not applicable"), its number
  /// as text for the others, as a JSON profile's reader gives them.
  /// - Parameters:
  ///   - rawValue: HealthKit's number of the value.
  ///   - type: the category type's identifier, such as `HKCategoryTypeIdentifierSleepAnalysis`.
  /// - Returns: `.category` with the name or the number.
  public static func category(rawValue: Int, of type: String) -> SampleValue {
    .category(HealthKitRawValues.categoryNamesByType[type]?[rawValue] ?? String(rawValue))
  }
}
