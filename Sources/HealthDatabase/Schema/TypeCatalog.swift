package import HealthModel

/// What the `types` table says of an identifier: its short name, its kind and the registry's CSV
/// name (its aggregation style is `AggregationStyle`'s).
package struct TypeCatalog {
  /// The kind each prefix of Apple's identifiers names.
  static let kinds: [(prefix: String, kind: String)] = [
    (HealthKitIdentifier.quantityTypePrefix, "quantity"),
    (HealthKitIdentifier.categoryTypePrefix, "category"),
    ("HKCorrelationTypeIdentifier", "correlation"), ("HKWorkoutActivityType", "workout"),
    ("HKClinicalTypeIdentifier", "clinical"), ("HKDocumentTypeIdentifier", "document"),
  ]

  private let csvNames: [String: String]

  package init(registry: MetricRegistry) {
    var names: [String: String] = [:]
    for measure in registry.allMeasures where names[measure.healthKitType] == nil {
      names[measure.healthKitType] = measure.name
    }
    csvNames = names
  }

  /// The prefixes removed for a short name besides the quantity and category ones of
  /// `HealthKitIdentifier.shortName(of:)`, longest first where one starts another.
  static let otherPrefixes = [
    "HKCorrelationTypeIdentifier", "HKWorkoutActivityType", "HKClinicalTypeIdentifier",
    "HKDocumentTypeIdentifier",
    "HKDataTypeIdentifier", "HKDataType",
  ]

  /// The identifier without its prefix: `StepCount`, `SleepAnalysis`, `BloodPressure` (of
  /// `HKCorrelationTypeIdentifierBloodPressure`), `Running` (of `HKWorkoutActivityTypeRunning`);
  /// any other identifier as it is.
  package static func shortName(of type: String) -> String {
    let short = HealthKitIdentifier.shortName(of: type)
    if short != type { return short }
    for prefix in otherPrefixes where type.hasPrefix(prefix) && type.count > prefix.count {
      return String(type.dropFirst(prefix.count))
    }
    return type
  }

  /// The kind an identifier's prefix names (`quantity`, `category`, …), or nil for prefixes that
  /// name none (`HKDataType…`).
  package static func kind(of type: String) -> String? {
    kinds.first { type.hasPrefix($0.prefix) }?.kind
  }

  /// The name of the type's rows in the CSV (`Steps`), where the registries have it.
  package func csvName(of type: String) -> String? {
    csvNames[type]
  }
}
