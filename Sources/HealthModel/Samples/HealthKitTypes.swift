/// HealthKit's quantity and category types, as `HKTypeIdentifiers.h` (iOS 18.1 SDK) declares them
/// (its deprecated `AudioExposureEvent` included): what a summary can be asked for by name, what a
/// mistyped name is matched against, and the strings the export's reader gives its samples for
/// those types.
///
/// The identifiers are string literals, which Swift keeps in the program and never counts
/// references to: a sample whose type is one of them shares that string, whatever reader (or
/// thread) read it, so that handing samples from one core to another passes no count with them.
/// An export may hold a type newer than this list; a full identifier the list lacks is still read
/// (see `HealthKitTypes.identifier(named:)`).
public enum HealthKitTypes {
  /// The quantity types, in the header's order of groups: body measurements, fitness, vitals and
  /// results, hearing, mobility, nutrition, others.
  public static let quantityTypeIdentifiers: [String] = [
    "HKQuantityTypeIdentifierBodyMassIndex", "HKQuantityTypeIdentifierBodyFatPercentage",
    "HKQuantityTypeIdentifierHeight", "HKQuantityTypeIdentifierBodyMass",
    "HKQuantityTypeIdentifierLeanBodyMass", "HKQuantityTypeIdentifierWaistCircumference",
    "HKQuantityTypeIdentifierAppleSleepingWristTemperature", "HKQuantityTypeIdentifierStepCount",
    "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierDistanceCycling",
    "HKQuantityTypeIdentifierDistanceWheelchair", "HKQuantityTypeIdentifierBasalEnergyBurned",
    "HKQuantityTypeIdentifierActiveEnergyBurned", "HKQuantityTypeIdentifierFlightsClimbed",
    "HKQuantityTypeIdentifierNikeFuel", "HKQuantityTypeIdentifierAppleExerciseTime",
    "HKQuantityTypeIdentifierPushCount", "HKQuantityTypeIdentifierDistanceSwimming",
    "HKQuantityTypeIdentifierSwimmingStrokeCount", "HKQuantityTypeIdentifierVO2Max",
    "HKQuantityTypeIdentifierDistanceDownhillSnowSports", "HKQuantityTypeIdentifierAppleStandTime",
    "HKQuantityTypeIdentifierAppleMoveTime", "HKQuantityTypeIdentifierPhysicalEffort",
    "HKQuantityTypeIdentifierCyclingCadence", "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower",
    "HKQuantityTypeIdentifierCyclingPower", "HKQuantityTypeIdentifierCyclingSpeed",
    "HKQuantityTypeIdentifierCrossCountrySkiingSpeed", "HKQuantityTypeIdentifierDistanceCrossCountrySkiing",
    "HKQuantityTypeIdentifierDistancePaddleSports", "HKQuantityTypeIdentifierDistanceRowing",
    "HKQuantityTypeIdentifierDistanceSkatingSports", "HKQuantityTypeIdentifierPaddleSportsSpeed",
    "HKQuantityTypeIdentifierRowingSpeed", "HKQuantityTypeIdentifierWorkoutEffortScore",
    "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore", "HKQuantityTypeIdentifierRunningStrideLength",
    "HKQuantityTypeIdentifierRunningVerticalOscillation", "HKQuantityTypeIdentifierRunningGroundContactTime",
    "HKQuantityTypeIdentifierRunningPower", "HKQuantityTypeIdentifierRunningSpeed",
    "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierBodyTemperature",
    "HKQuantityTypeIdentifierBasalBodyTemperature", "HKQuantityTypeIdentifierBloodPressureSystolic",
    "HKQuantityTypeIdentifierBloodPressureDiastolic", "HKQuantityTypeIdentifierRespiratoryRate",
    "HKQuantityTypeIdentifierRestingHeartRate", "HKQuantityTypeIdentifierWalkingHeartRateAverage",
    "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute",
    "HKQuantityTypeIdentifierAtrialFibrillationBurden", "HKQuantityTypeIdentifierOxygenSaturation",
    "HKQuantityTypeIdentifierPeripheralPerfusionIndex", "HKQuantityTypeIdentifierBloodGlucose",
    "HKQuantityTypeIdentifierNumberOfTimesFallen", "HKQuantityTypeIdentifierElectrodermalActivity",
    "HKQuantityTypeIdentifierInhalerUsage", "HKQuantityTypeIdentifierInsulinDelivery",
    "HKQuantityTypeIdentifierBloodAlcoholContent", "HKQuantityTypeIdentifierForcedVitalCapacity",
    "HKQuantityTypeIdentifierForcedExpiratoryVolume1", "HKQuantityTypeIdentifierPeakExpiratoryFlowRate",
    "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances",
    "HKQuantityTypeIdentifierEnvironmentalAudioExposure", "HKQuantityTypeIdentifierHeadphoneAudioExposure",
    "HKQuantityTypeIdentifierEnvironmentalSoundReduction", "HKQuantityTypeIdentifierWalkingSpeed",
    "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage",
    "HKQuantityTypeIdentifierWalkingAsymmetryPercentage", "HKQuantityTypeIdentifierWalkingStepLength",
    "HKQuantityTypeIdentifierSixMinuteWalkTestDistance", "HKQuantityTypeIdentifierStairAscentSpeed",
    "HKQuantityTypeIdentifierStairDescentSpeed", "HKQuantityTypeIdentifierAppleWalkingSteadiness",
    "HKQuantityTypeIdentifierDietaryFatTotal", "HKQuantityTypeIdentifierDietaryFatPolyunsaturated",
    "HKQuantityTypeIdentifierDietaryFatMonounsaturated", "HKQuantityTypeIdentifierDietaryFatSaturated",
    "HKQuantityTypeIdentifierDietaryCholesterol", "HKQuantityTypeIdentifierDietarySodium",
    "HKQuantityTypeIdentifierDietaryCarbohydrates", "HKQuantityTypeIdentifierDietaryFiber",
    "HKQuantityTypeIdentifierDietarySugar", "HKQuantityTypeIdentifierDietaryEnergyConsumed",
    "HKQuantityTypeIdentifierDietaryProtein", "HKQuantityTypeIdentifierDietaryVitaminA",
    "HKQuantityTypeIdentifierDietaryVitaminB6", "HKQuantityTypeIdentifierDietaryVitaminB12",
    "HKQuantityTypeIdentifierDietaryVitaminC", "HKQuantityTypeIdentifierDietaryVitaminD",
    "HKQuantityTypeIdentifierDietaryVitaminE", "HKQuantityTypeIdentifierDietaryVitaminK",
    "HKQuantityTypeIdentifierDietaryCalcium", "HKQuantityTypeIdentifierDietaryIron",
    "HKQuantityTypeIdentifierDietaryThiamin", "HKQuantityTypeIdentifierDietaryRiboflavin",
    "HKQuantityTypeIdentifierDietaryNiacin", "HKQuantityTypeIdentifierDietaryFolate",
    "HKQuantityTypeIdentifierDietaryBiotin", "HKQuantityTypeIdentifierDietaryPantothenicAcid",
    "HKQuantityTypeIdentifierDietaryPhosphorus", "HKQuantityTypeIdentifierDietaryIodine",
    "HKQuantityTypeIdentifierDietaryMagnesium", "HKQuantityTypeIdentifierDietaryZinc",
    "HKQuantityTypeIdentifierDietarySelenium", "HKQuantityTypeIdentifierDietaryCopper",
    "HKQuantityTypeIdentifierDietaryManganese", "HKQuantityTypeIdentifierDietaryChromium",
    "HKQuantityTypeIdentifierDietaryMolybdenum", "HKQuantityTypeIdentifierDietaryChloride",
    "HKQuantityTypeIdentifierDietaryPotassium", "HKQuantityTypeIdentifierDietaryCaffeine",
    "HKQuantityTypeIdentifierDietaryWater", "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages",
    "HKQuantityTypeIdentifierUVExposure", "HKQuantityTypeIdentifierTimeInDaylight",
    "HKQuantityTypeIdentifierUnderwaterDepth", "HKQuantityTypeIdentifierWaterTemperature",
  ]

  /// The category types: events, reproductive health, symptoms.
  public static let categoryTypeIdentifiers: [String] = [
    "HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryTypeIdentifierAppleStandHour",
    "HKCategoryTypeIdentifierMindfulSession", "HKCategoryTypeIdentifierHighHeartRateEvent",
    "HKCategoryTypeIdentifierLowHeartRateEvent", "HKCategoryTypeIdentifierIrregularHeartRhythmEvent",
    "HKCategoryTypeIdentifierAudioExposureEvent", "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent",
    "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent", "HKCategoryTypeIdentifierToothbrushingEvent",
    "HKCategoryTypeIdentifierHandwashingEvent", "HKCategoryTypeIdentifierLowCardioFitnessEvent",
    "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent", "HKCategoryTypeIdentifierSleepApneaEvent",
    "HKCategoryTypeIdentifierCervicalMucusQuality", "HKCategoryTypeIdentifierOvulationTestResult",
    "HKCategoryTypeIdentifierPregnancyTestResult", "HKCategoryTypeIdentifierProgesteroneTestResult",
    "HKCategoryTypeIdentifierMenstrualFlow", "HKCategoryTypeIdentifierIntermenstrualBleeding",
    "HKCategoryTypeIdentifierInfrequentMenstrualCycles", "HKCategoryTypeIdentifierIrregularMenstrualCycles",
    "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding",
    "HKCategoryTypeIdentifierProlongedMenstrualPeriods", "HKCategoryTypeIdentifierSexualActivity",
    "HKCategoryTypeIdentifierPregnancy", "HKCategoryTypeIdentifierLactation",
    "HKCategoryTypeIdentifierContraceptive", "HKCategoryTypeIdentifierBleedingAfterPregnancy",
    "HKCategoryTypeIdentifierBleedingDuringPregnancy", "HKCategoryTypeIdentifierAbdominalCramps",
    "HKCategoryTypeIdentifierAcne", "HKCategoryTypeIdentifierAppetiteChanges",
    "HKCategoryTypeIdentifierBladderIncontinence", "HKCategoryTypeIdentifierBloating",
    "HKCategoryTypeIdentifierBreastPain", "HKCategoryTypeIdentifierChestTightnessOrPain",
    "HKCategoryTypeIdentifierChills", "HKCategoryTypeIdentifierConstipation",
    "HKCategoryTypeIdentifierCoughing", "HKCategoryTypeIdentifierDiarrhea",
    "HKCategoryTypeIdentifierDizziness", "HKCategoryTypeIdentifierDrySkin",
    "HKCategoryTypeIdentifierFainting", "HKCategoryTypeIdentifierFatigue", "HKCategoryTypeIdentifierFever",
    "HKCategoryTypeIdentifierGeneralizedBodyAche", "HKCategoryTypeIdentifierHairLoss",
    "HKCategoryTypeIdentifierHeadache", "HKCategoryTypeIdentifierHeartburn",
    "HKCategoryTypeIdentifierHotFlashes", "HKCategoryTypeIdentifierLossOfSmell",
    "HKCategoryTypeIdentifierLossOfTaste", "HKCategoryTypeIdentifierLowerBackPain",
    "HKCategoryTypeIdentifierMemoryLapse", "HKCategoryTypeIdentifierMoodChanges",
    "HKCategoryTypeIdentifierNausea", "HKCategoryTypeIdentifierNightSweats",
    "HKCategoryTypeIdentifierPelvicPain", "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat",
    "HKCategoryTypeIdentifierRunnyNose", "HKCategoryTypeIdentifierShortnessOfBreath",
    "HKCategoryTypeIdentifierSinusCongestion", "HKCategoryTypeIdentifierSkippedHeartbeat",
    "HKCategoryTypeIdentifierSleepChanges", "HKCategoryTypeIdentifierSoreThroat",
    "HKCategoryTypeIdentifierVaginalDryness", "HKCategoryTypeIdentifierVomiting",
    "HKCategoryTypeIdentifierWheezing",
  ]

  /// The quantity types' names without their prefix (`StepCount`).
  public static let quantityTypeNames = quantityTypeIdentifiers.map {
    String($0.dropFirst(HealthKitIdentifier.quantityTypePrefix.count))
  }

  /// The category types' names without their prefix (`SleepAnalysis`).
  public static let categoryTypeNames = categoryTypeIdentifiers.map {
    String($0.dropFirst(HealthKitIdentifier.categoryTypePrefix.count))
  }

  /// Every identifier, quantity types first.
  public static var identifiers: [String] { quantityTypeIdentifiers + categoryTypeIdentifiers }

  /// Each identifier, by itself.
  private static let literals = Dictionary(uniqueKeysWithValues: identifiers.map { ($0, $0) })

  /// The list's own string for `type` when the list holds it (the same characters, shared with
  /// every sample of that type), else `type` itself.
  public static func shared(_ type: String) -> String {
    literals[type] ?? type
  }

  /// Every name, quantity types first.
  public static var names: [String] { quantityTypeNames + categoryTypeNames }

  /// The full identifier of a type named without its prefix, in any case (`stepcount` is
  /// `HKQuantityTypeIdentifierStepCount`); nil for a name this list lacks.
  public static func identifier(named name: String) -> String? {
    let lowered = name.lowercased()
    if let index = quantityTypeNames.firstIndex(where: { $0.lowercased() == lowered }) {
      return quantityTypeIdentifiers[index]
    }
    if let index = categoryTypeNames.firstIndex(where: { $0.lowercased() == lowered }) {
      return categoryTypeIdentifiers[index]
    }
    return nil
  }
}
