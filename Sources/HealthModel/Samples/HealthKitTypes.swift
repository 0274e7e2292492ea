/// The names of HealthKit's quantity and category types, as `HKTypeIdentifiers.h` (iOS 18.1
/// SDK) declares them (its deprecated `AudioExposureEvent` included), without their prefix: what a summary can be asked for by name, and what a
/// mistyped name is matched against.
///
/// An export may hold a type newer than this list; a full identifier the list lacks is still
/// read (see `HealthKitTypes.identifier(named:)`).
public enum HealthKitTypes {
  /// The quantity types (`HKQuantityTypeIdentifier…`), in the header's order of groups: body
  /// measurements, fitness, vitals and results, hearing, mobility, nutrition, others.
  public static let quantityTypeNames: [String] = [
    "BodyMassIndex", "BodyFatPercentage", "Height", "BodyMass", "LeanBodyMass", "WaistCircumference",
    "AppleSleepingWristTemperature",
    "StepCount", "DistanceWalkingRunning", "DistanceCycling", "DistanceWheelchair", "BasalEnergyBurned",
    "ActiveEnergyBurned", "FlightsClimbed", "NikeFuel", "AppleExerciseTime", "PushCount", "DistanceSwimming",
    "SwimmingStrokeCount", "VO2Max", "DistanceDownhillSnowSports", "AppleStandTime", "AppleMoveTime",
    "PhysicalEffort", "CyclingCadence", "CyclingFunctionalThresholdPower", "CyclingPower", "CyclingSpeed",
    "CrossCountrySkiingSpeed", "DistanceCrossCountrySkiing", "DistancePaddleSports", "DistanceRowing",
    "DistanceSkatingSports", "PaddleSportsSpeed", "RowingSpeed", "WorkoutEffortScore",
    "EstimatedWorkoutEffortScore", "RunningStrideLength", "RunningVerticalOscillation",
    "RunningGroundContactTime", "RunningPower", "RunningSpeed",
    "HeartRate", "BodyTemperature", "BasalBodyTemperature", "BloodPressureSystolic", "BloodPressureDiastolic",
    "RespiratoryRate", "RestingHeartRate", "WalkingHeartRateAverage", "HeartRateVariabilitySDNN",
    "HeartRateRecoveryOneMinute", "AtrialFibrillationBurden", "OxygenSaturation", "PeripheralPerfusionIndex",
    "BloodGlucose", "NumberOfTimesFallen", "ElectrodermalActivity", "InhalerUsage", "InsulinDelivery",
    "BloodAlcoholContent", "ForcedVitalCapacity", "ForcedExpiratoryVolume1", "PeakExpiratoryFlowRate",
    "AppleSleepingBreathingDisturbances",
    "EnvironmentalAudioExposure", "HeadphoneAudioExposure", "EnvironmentalSoundReduction",
    "WalkingSpeed", "WalkingDoubleSupportPercentage", "WalkingAsymmetryPercentage", "WalkingStepLength",
    "SixMinuteWalkTestDistance", "StairAscentSpeed", "StairDescentSpeed", "AppleWalkingSteadiness",
    "DietaryFatTotal", "DietaryFatPolyunsaturated", "DietaryFatMonounsaturated", "DietaryFatSaturated",
    "DietaryCholesterol", "DietarySodium", "DietaryCarbohydrates", "DietaryFiber", "DietarySugar",
    "DietaryEnergyConsumed", "DietaryProtein", "DietaryVitaminA", "DietaryVitaminB6", "DietaryVitaminB12",
    "DietaryVitaminC", "DietaryVitaminD", "DietaryVitaminE", "DietaryVitaminK", "DietaryCalcium",
    "DietaryIron",
    "DietaryThiamin", "DietaryRiboflavin", "DietaryNiacin", "DietaryFolate", "DietaryBiotin",
    "DietaryPantothenicAcid", "DietaryPhosphorus", "DietaryIodine", "DietaryMagnesium", "DietaryZinc",
    "DietarySelenium", "DietaryCopper", "DietaryManganese", "DietaryChromium", "DietaryMolybdenum",
    "DietaryChloride", "DietaryPotassium", "DietaryCaffeine", "DietaryWater",
    "NumberOfAlcoholicBeverages", "UVExposure", "TimeInDaylight", "UnderwaterDepth", "WaterTemperature",
  ]

  /// The category types (`HKCategoryTypeIdentifier…`): events, reproductive health, symptoms.
  public static let categoryTypeNames: [String] = [
    "SleepAnalysis", "AppleStandHour", "MindfulSession", "HighHeartRateEvent", "LowHeartRateEvent",
    "IrregularHeartRhythmEvent", "AudioExposureEvent", "EnvironmentalAudioExposureEvent",
    "HeadphoneAudioExposureEvent", "ToothbrushingEvent", "HandwashingEvent", "LowCardioFitnessEvent",
    "AppleWalkingSteadinessEvent", "SleepApneaEvent",
    "CervicalMucusQuality", "OvulationTestResult", "PregnancyTestResult", "ProgesteroneTestResult",
    "MenstrualFlow", "IntermenstrualBleeding", "InfrequentMenstrualCycles", "IrregularMenstrualCycles",
    "PersistentIntermenstrualBleeding", "ProlongedMenstrualPeriods", "SexualActivity", "Pregnancy",
    "Lactation", "Contraceptive", "BleedingAfterPregnancy", "BleedingDuringPregnancy",
    "AbdominalCramps", "Acne", "AppetiteChanges", "BladderIncontinence", "Bloating", "BreastPain",
    "ChestTightnessOrPain", "Chills", "Constipation", "Coughing", "Diarrhea", "Dizziness", "DrySkin",
    "Fainting", "Fatigue", "Fever", "GeneralizedBodyAche", "HairLoss", "Headache", "Heartburn", "HotFlashes",
    "LossOfSmell", "LossOfTaste", "LowerBackPain", "MemoryLapse", "MoodChanges", "Nausea", "NightSweats",
    "PelvicPain", "RapidPoundingOrFlutteringHeartbeat", "RunnyNose", "ShortnessOfBreath", "SinusCongestion",
    "SkippedHeartbeat", "SleepChanges", "SoreThroat", "VaginalDryness", "Vomiting", "Wheezing",
  ]

  /// Every name, quantity types first.
  public static var names: [String] { quantityTypeNames + categoryTypeNames }

  /// The full identifier of a type named without its prefix, in any case (`stepcount` is
  /// `HKQuantityTypeIdentifierStepCount`); nil for a name this list lacks.
  public static func identifier(named name: String) -> String? {
    let lowered = name.lowercased()
    if let quantity = quantityTypeNames.first(where: { $0.lowercased() == lowered }) {
      return HealthKitIdentifier.quantityTypePrefix + quantity
    }
    if let category = categoryTypeNames.first(where: { $0.lowercased() == lowered }) {
      return HealthKitIdentifier.categoryTypePrefix + category
    }
    return nil
  }
}
