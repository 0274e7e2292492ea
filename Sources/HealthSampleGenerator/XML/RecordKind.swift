/// The record types the generator writes, in the order export.xml groups them, with the unit
/// each is written in.
package enum RecordKind: CaseIterable, Sendable {
  case height
  case bodyMassIndex
  case bodyMass
  case bodyFatPercentage
  case heartRate
  case oxygenSaturation
  case bloodPressureSystolic
  case bloodPressureDiastolic
  case respiratoryRate
  case bodyTemperature
  case bloodGlucose
  case stepCount
  case distanceWalkingRunning
  case distanceCycling
  case basalEnergyBurned
  case activeEnergyBurned
  case restingHeartRate
  case vo2Max
  case walkingHeartRateAverage
  case heartRateVariability
  case sleepAnalysis
  case appleStandHour

  /// The HealthKit type identifier.
  package var identifier: String {
    switch self {
    case .height: "HKQuantityTypeIdentifierHeight"
    case .bodyMassIndex: "HKQuantityTypeIdentifierBodyMassIndex"
    case .bodyMass: "HKQuantityTypeIdentifierBodyMass"
    case .bodyFatPercentage: "HKQuantityTypeIdentifierBodyFatPercentage"
    case .heartRate: "HKQuantityTypeIdentifierHeartRate"
    case .oxygenSaturation: "HKQuantityTypeIdentifierOxygenSaturation"
    case .bloodPressureSystolic: "HKQuantityTypeIdentifierBloodPressureSystolic"
    case .bloodPressureDiastolic: "HKQuantityTypeIdentifierBloodPressureDiastolic"
    case .respiratoryRate: "HKQuantityTypeIdentifierRespiratoryRate"
    case .bodyTemperature: "HKQuantityTypeIdentifierBodyTemperature"
    case .bloodGlucose: "HKQuantityTypeIdentifierBloodGlucose"
    case .stepCount: "HKQuantityTypeIdentifierStepCount"
    case .distanceWalkingRunning: "HKQuantityTypeIdentifierDistanceWalkingRunning"
    case .distanceCycling: "HKQuantityTypeIdentifierDistanceCycling"
    case .basalEnergyBurned: "HKQuantityTypeIdentifierBasalEnergyBurned"
    case .activeEnergyBurned: "HKQuantityTypeIdentifierActiveEnergyBurned"
    case .restingHeartRate: "HKQuantityTypeIdentifierRestingHeartRate"
    case .vo2Max: "HKQuantityTypeIdentifierVO2Max"
    case .walkingHeartRateAverage: "HKQuantityTypeIdentifierWalkingHeartRateAverage"
    case .heartRateVariability: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
    case .sleepAnalysis: "HKCategoryTypeIdentifierSleepAnalysis"
    case .appleStandHour: "HKCategoryTypeIdentifierAppleStandHour"
    }
  }

  /// The unit attribute; nil for category types.
  package var unit: String? {
    switch self {
    case .height: "ft"
    case .bodyMassIndex, .stepCount: "count"
    case .bodyMass: "lb"
    case .bodyFatPercentage, .oxygenSaturation: "%"
    case .heartRate, .respiratoryRate, .restingHeartRate, .walkingHeartRateAverage: "count/min"
    case .bloodPressureSystolic, .bloodPressureDiastolic: "mmHg"
    case .bodyTemperature: "degF"
    case .bloodGlucose: "mg/dL"
    case .distanceWalkingRunning, .distanceCycling: "mi"
    case .basalEnergyBurned, .activeEnergyBurned: "kcal"
    case .vo2Max: "mL/min·kg"
    case .heartRateVariability: "ms"
    case .sleepAnalysis, .appleStandHour: nil
    }
  }

  /// The decimals values are written with (trailing zeros dropped).
  var decimals: Int {
    switch self {
    case .height, .distanceWalkingRunning, .distanceCycling: 5
    case .bodyMassIndex, .oxygenSaturation, .vo2Max: 2
    case .bodyFatPercentage, .basalEnergyBurned, .activeEnergyBurned, .heartRateVariability: 3
    case .bodyMass, .respiratoryRate, .bodyTemperature: 1
    default: 0
    }
  }

  /// The sources that write it.
  var sources: [SampleSourceName] {
    switch self {
    case .height, .bodyTemperature: [.health]
    case .bodyMassIndex, .bodyMass, .bodyFatPercentage: [.scale]
    case .bloodPressureSystolic, .bloodPressureDiastolic: [.bloodPressureMonitor]
    case .bloodGlucose: [.glucoseMeter]
    case .stepCount, .distanceWalkingRunning, .sleepAnalysis: [.watch, .phone]
    default: [.watch]
    }
  }
}
