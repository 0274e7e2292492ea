/// How a quantity type's samples combine over time, as HealthKit defines it
/// (`HKQuantityAggregationStyle`): summed, or a level at an instant.
public enum AggregationStyle: String, Hashable, Sendable, CaseIterable {
  /// Summed over time: steps, distances, energy, flights, nutrition.
  case cumulative
  /// A level at an instant: heart rate, body mass, blood glucose.
  case discrete

  /// The style of a quantity type: cumulative for the types of `cumulativeTypeNames` and every
  /// `Dietary…` type, discrete for every other; nil for a type that is not a quantity type
  /// (a category, a correlation, a workout).
  public init?(ofType type: String) {
    guard type.hasPrefix(HealthKitIdentifier.quantityTypePrefix) else { return nil }
    let shortName = HealthKitIdentifier.shortName(of: type)
    let isCumulative =
      Self.cumulativeTypeNames.contains(shortName) || shortName.hasPrefix(Self.dietaryPrefix)
    self = isCumulative ? .cumulative : .discrete
  }

  /// The cumulative quantity types besides the `Dietary…` ones, without their
  /// `HKQuantityTypeIdentifier` prefix.
  public static let cumulativeTypeNames: Set<String> = [
    "StepCount", "DistanceWalkingRunning", "DistanceCycling", "DistanceSwimming", "DistanceWheelchair",
    "DistanceDownhillSnowSports", "ActiveEnergyBurned", "BasalEnergyBurned", "FlightsClimbed", "PushCount",
    "SwimmingStrokeCount", "AppleExerciseTime", "AppleStandTime", "AppleMoveTime", "NikeFuel",
    "NumberOfTimesFallen", "InhalerUsage", "InsulinDelivery", "UVExposure", "TimeInDaylight",
    "NumberOfAlcoholicBeverages",
  ]

  /// Every nutrition type (`DietaryEnergyConsumed`, `DietaryProtein`, …) is cumulative.
  public static let dietaryPrefix = "Dietary"
}
