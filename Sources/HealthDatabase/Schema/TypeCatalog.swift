import HealthModel

/// What the `types` table says of an identifier: its short name, its kind, its aggregation style
/// and the registry's CSV name.
package struct TypeCatalog {
  /// The prefixes of Apple's identifiers, longest first where one starts another, with the kind
  /// each names.
  static let prefixes: [(prefix: String, kind: String?)] = [
    ("HKQuantityTypeIdentifier", "quantity"), ("HKCategoryTypeIdentifier", "category"),
    ("HKCorrelationTypeIdentifier", "correlation"), ("HKWorkoutActivityType", "workout"),
    ("HKClinicalTypeIdentifier", "clinical"), ("HKDocumentTypeIdentifier", "document"),
    ("HKDataTypeIdentifier", nil), ("HKDataType", nil),
  ]

  /// The quantity types HealthKit sums over time (`HKQuantityAggregationStyle.cumulative`), as
  /// summaries.md lists them; every `Dietary…` type is cumulative too, and every other quantity
  /// type discrete.
  static let cumulativeTypes: Set<String> = [
    "StepCount", "DistanceWalkingRunning", "DistanceCycling", "DistanceSwimming", "DistanceWheelchair",
    "DistanceDownhillSnowSports", "ActiveEnergyBurned", "BasalEnergyBurned", "FlightsClimbed", "PushCount",
    "SwimmingStrokeCount", "AppleExerciseTime", "AppleStandTime", "AppleMoveTime", "NikeFuel",
    "NumberOfTimesFallen", "InhalerUsage", "InsulinDelivery", "UVExposure", "TimeInDaylight",
    "NumberOfAlcoholicBeverages",
  ]

  private let csvNames: [String: String]

  package init(registry: MetricRegistry) {
    var names: [String: String] = [:]
    for measure in registry.allMeasures where names[measure.healthKitType] == nil {
      names[measure.healthKitType] = measure.name
    }
    csvNames = names
  }

  /// The identifier without Apple's prefix (`StepCount`, `Running`); the identifier itself when it
  /// has none of them.
  package static func shortName(of type: String) -> String {
    for entry in prefixes where type.hasPrefix(entry.prefix) && type.count > entry.prefix.count {
      return String(type.dropFirst(entry.prefix.count))
    }
    return type
  }

  /// The kind an identifier's prefix names (`quantity`, `category`, …), or nil for prefixes that
  /// name none (`HKDataType…`).
  package static func kind(of type: String) -> String? {
    prefixes.first { type.hasPrefix($0.prefix) }?.kind
  }

  /// `cumulative` or `discrete` for a HealthKit quantity type; nil for anything else.
  package static func aggregation(of type: String) -> String? {
    guard type.hasPrefix("HKQuantityTypeIdentifier") else { return nil }
    let name = shortName(of: type)
    return cumulativeTypes.contains(name) || name.hasPrefix("Dietary") ? "cumulative" : "discrete"
  }

  /// The name of the type's rows in the CSV (`Steps`), where the registries have it.
  package func csvName(of type: String) -> String? {
    csvNames[type]
  }
}
