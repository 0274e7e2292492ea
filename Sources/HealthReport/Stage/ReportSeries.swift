import HealthModel

/// The HealthKit types a report draws, and where each comes from: readings as the CSV keeps them
/// (the row collector), or days and nights as the summaries add them up (the summarizer).
package enum ReportSeries {
  /// Readings, one point each, as the record CSV writes them: its base metrics and vitals by
  /// their option names.
  package static let readingMetrics = ["weight", "glucose"]
  package static let readingVitals = ["blood-pressure", "body-fat", "bmi"]
  /// Totals or means per day, from the summary (in the CSV's units: oxygen saturation in %,
  /// temperature in the unit chosen); sleep per night (the summary's nights).
  package static let dailyTypes = [
    HealthKitIdentifier.stepCount, distanceWalkingRunning, flightsClimbed,
    HealthKitIdentifier.restingHeartRate,
    walkingHeartRateAverage, HealthKitIdentifier.heartRateVariabilitySDNN, vo2Max,
    HealthKitIdentifier.oxygenSaturation, HealthKitIdentifier.respiratoryRate,
    HealthKitIdentifier.bodyTemperature,
    HealthKitIdentifier.sleepAnalysis,
  ]

  package static let bodyFatPercentage = "HKQuantityTypeIdentifierBodyFatPercentage"
  package static let bodyMassIndex = "HKQuantityTypeIdentifierBodyMassIndex"
  package static let distanceWalkingRunning = "HKQuantityTypeIdentifierDistanceWalkingRunning"
  package static let flightsClimbed = "HKQuantityTypeIdentifierFlightsClimbed"
  package static let vo2Max = "HKQuantityTypeIdentifierVO2Max"
  package static let walkingHeartRateAverage = "HKQuantityTypeIdentifierWalkingHeartRateAverage"
  /// The prefix of workout distances (`HKQuantityTypeIdentifierDistanceCycling`).
  package static let distancePrefix = "HKQuantityTypeIdentifierDistance"
}
