/// The HealthKit identifiers the tool reads by name: sample types, correlation types and metadata
/// keys. The strings are HealthKit's own, as they appear in Apple's export.
public enum HealthKitIdentifier {
  /// Body mass (weight).
  public static let bodyMass = "HKQuantityTypeIdentifierBodyMass"
  /// Steps.
  public static let stepCount = "HKQuantityTypeIdentifierStepCount"
  /// Blood glucose.
  public static let bloodGlucose = "HKQuantityTypeIdentifierBloodGlucose"
  /// Systolic blood pressure.
  public static let bloodPressureSystolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
  /// Diastolic blood pressure.
  public static let bloodPressureDiastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
  /// Heart rate.
  public static let heartRate = "HKQuantityTypeIdentifierHeartRate"
  /// Resting heart rate.
  public static let restingHeartRate = "HKQuantityTypeIdentifierRestingHeartRate"
  /// Heart rate variability (SDNN).
  public static let heartRateVariabilitySDNN = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
  /// Blood oxygen saturation.
  public static let oxygenSaturation = "HKQuantityTypeIdentifierOxygenSaturation"
  /// Respiratory rate.
  public static let respiratoryRate = "HKQuantityTypeIdentifierRespiratoryRate"
  /// Body temperature.
  public static let bodyTemperature = "HKQuantityTypeIdentifierBodyTemperature"

  /// Sleep analysis (in bed, asleep, awake).
  public static let sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"
  /// A mindful session.
  public static let mindfulSession = "HKCategoryTypeIdentifierMindfulSession"
  /// An hour stood in (Apple Watch).
  public static let appleStandHour = "HKCategoryTypeIdentifierAppleStandHour"
  /// The stand-hour value of an hour in which the person stood.
  public static let appleStandHourStood = "HKCategoryValueAppleStandHourStood"
  /// The prefix of sleep-analysis values (`HKCategoryValueSleepAnalysisAsleepCore`).
  public static let sleepAnalysisValuePrefix = "HKCategoryValueSleepAnalysis"

  /// Blood pressure: a systolic and a diastolic sample.
  public static let bloodPressureCorrelation = "HKCorrelationTypeIdentifierBloodPressure"
  /// Food: the nutrients of one meal.
  public static let foodCorrelation = "HKCorrelationTypeIdentifierFood"

  /// The prefix of every quantity type.
  public static let quantityTypePrefix = "HKQuantityTypeIdentifier"
  /// The prefix of every category type.
  public static let categoryTypePrefix = "HKCategoryTypeIdentifier"

  /// The identifier without its `HKQuantityTypeIdentifier` or `HKCategoryTypeIdentifier` prefix
  /// (`StepCount`, `SleepAnalysis`); any other identifier as it is.
  public static func shortName(of type: String) -> String {
    for prefix in [quantityTypePrefix, categoryTypePrefix] where type.hasPrefix(prefix) {
      let short = type.dropFirst(prefix.count)
      if !short.isEmpty { return String(short) }
    }
    return type
  }

  /// `HKBloodGlucoseMealTime`: 1 before a meal (preprandial), 2 after (postprandial).
  public static let bloodGlucoseMealTimeKey = "HKBloodGlucoseMealTime"
  /// The metadata key of the IANA time zone a sample was recorded in (`Europe/Berlin`).
  public static let timeZoneKey = "HKTimeZone"
}

/// When a blood glucose reading was taken relative to a meal (HealthKit's
/// `HKBloodGlucoseMealTime`).
public enum MealTime: Int, Hashable, Sendable, CaseIterable {
  /// `HKBloodGlucoseMealTimePreprandial`.
  case beforeMeal = 1
  /// `HKBloodGlucoseMealTimePostprandial`.
  case afterMeal = 2

  /// The words the CSV writes.
  public var displayName: String {
    switch self {
    case .beforeMeal: "Before Meal"
    case .afterMeal: "After Meal"
    }
  }

  /// The meal time a metadata value names (`1` or `2`), or nil for anything else.
  public init?(metadataValue: String) {
    guard let raw = Int(metadataValue), let mealTime = MealTime(rawValue: raw) else { return nil }
    self = mealTime
  }
}
