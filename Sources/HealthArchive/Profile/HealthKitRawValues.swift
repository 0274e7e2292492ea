/// HealthKit's raw enum numbers, which the JSON profile stores where export.xml writes names.
///
/// The values are HealthKit's own (`HKWorkoutActivityType`, `HKWorkoutEventType`,
/// `HKCategoryValue…`, `HKBiologicalSex`, `HKBloodType`, `HKFitzpatrickSkinType`), as the SDK
/// headers declare them.
package enum HealthKitRawValues {
  /// `HKWorkoutActivityTypeOther`, for an activity HealthKit has no number for.
  static let otherWorkoutActivityType = 3000

  /// `HKWorkoutActivityType` by name.
  static let workoutActivityTypes: [String: Int] = [
    "HKWorkoutActivityTypeAmericanFootball": 1,
    "HKWorkoutActivityTypeArchery": 2,
    "HKWorkoutActivityTypeAustralianFootball": 3,
    "HKWorkoutActivityTypeBadminton": 4,
    "HKWorkoutActivityTypeBaseball": 5,
    "HKWorkoutActivityTypeBasketball": 6,
    "HKWorkoutActivityTypeBowling": 7,
    "HKWorkoutActivityTypeBoxing": 8,
    "HKWorkoutActivityTypeClimbing": 9,
    "HKWorkoutActivityTypeCricket": 10,
    "HKWorkoutActivityTypeCrossTraining": 11,
    "HKWorkoutActivityTypeCurling": 12,
    "HKWorkoutActivityTypeCycling": 13,
    "HKWorkoutActivityTypeDance": 14,
    "HKWorkoutActivityTypeDanceInspiredTraining": 15,
    "HKWorkoutActivityTypeElliptical": 16,
    "HKWorkoutActivityTypeEquestrianSports": 17,
    "HKWorkoutActivityTypeFencing": 18,
    "HKWorkoutActivityTypeFishing": 19,
    "HKWorkoutActivityTypeFunctionalStrengthTraining": 20,
    "HKWorkoutActivityTypeGolf": 21,
    "HKWorkoutActivityTypeGymnastics": 22,
    "HKWorkoutActivityTypeHandball": 23,
    "HKWorkoutActivityTypeHiking": 24,
    "HKWorkoutActivityTypeHockey": 25,
    "HKWorkoutActivityTypeHunting": 26,
    "HKWorkoutActivityTypeLacrosse": 27,
    "HKWorkoutActivityTypeMartialArts": 28,
    "HKWorkoutActivityTypeMindAndBody": 29,
    "HKWorkoutActivityTypeMixedMetabolicCardioTraining": 30,
    "HKWorkoutActivityTypePaddleSports": 31,
    "HKWorkoutActivityTypePlay": 32,
    "HKWorkoutActivityTypePreparationAndRecovery": 33,
    "HKWorkoutActivityTypeRacquetball": 34,
    "HKWorkoutActivityTypeRowing": 35,
    "HKWorkoutActivityTypeRugby": 36,
    "HKWorkoutActivityTypeRunning": 37,
    "HKWorkoutActivityTypeSailing": 38,
    "HKWorkoutActivityTypeSkatingSports": 39,
    "HKWorkoutActivityTypeSnowSports": 40,
    "HKWorkoutActivityTypeSoccer": 41,
    "HKWorkoutActivityTypeSoftball": 42,
    "HKWorkoutActivityTypeSquash": 43,
    "HKWorkoutActivityTypeStairClimbing": 44,
    "HKWorkoutActivityTypeSurfingSports": 45,
    "HKWorkoutActivityTypeSwimming": 46,
    "HKWorkoutActivityTypeTableTennis": 47,
    "HKWorkoutActivityTypeTennis": 48,
    "HKWorkoutActivityTypeTrackAndField": 49,
    "HKWorkoutActivityTypeTraditionalStrengthTraining": 50,
    "HKWorkoutActivityTypeVolleyball": 51,
    "HKWorkoutActivityTypeWalking": 52,
    "HKWorkoutActivityTypeWaterFitness": 53,
    "HKWorkoutActivityTypeWaterPolo": 54,
    "HKWorkoutActivityTypeWaterSports": 55,
    "HKWorkoutActivityTypeWrestling": 56,
    "HKWorkoutActivityTypeYoga": 57,
    "HKWorkoutActivityTypeBarre": 58,
    "HKWorkoutActivityTypeCoreTraining": 59,
    "HKWorkoutActivityTypeCrossCountrySkiing": 60,
    "HKWorkoutActivityTypeDownhillSkiing": 61,
    "HKWorkoutActivityTypeFlexibility": 62,
    "HKWorkoutActivityTypeHighIntensityIntervalTraining": 63,
    "HKWorkoutActivityTypeJumpRope": 64,
    "HKWorkoutActivityTypeKickboxing": 65,
    "HKWorkoutActivityTypePilates": 66,
    "HKWorkoutActivityTypeSnowboarding": 67,
    "HKWorkoutActivityTypeStairs": 68,
    "HKWorkoutActivityTypeStepTraining": 69,
    "HKWorkoutActivityTypeWheelchairWalkPace": 70,
    "HKWorkoutActivityTypeWheelchairRunPace": 71,
    "HKWorkoutActivityTypeTaiChi": 72,
    "HKWorkoutActivityTypeMixedCardio": 73,
    "HKWorkoutActivityTypeHandCycling": 74,
    "HKWorkoutActivityTypeDiscSports": 75,
    "HKWorkoutActivityTypeFitnessGaming": 76,
    "HKWorkoutActivityTypeCardioDance": 77,
    "HKWorkoutActivityTypeSocialDance": 78,
    "HKWorkoutActivityTypePickleball": 79,
    "HKWorkoutActivityTypeCooldown": 80,
    "HKWorkoutActivityTypeSwimBikeRun": 82,
    "HKWorkoutActivityTypeTransition": 83,
    "HKWorkoutActivityTypeOther": otherWorkoutActivityType,
  ]

  /// `HKWorkoutEventType` by name.
  static let workoutEventTypes: [String: Int] = [
    "HKWorkoutEventTypePause": 1,
    "HKWorkoutEventTypeResume": 2,
    "HKWorkoutEventTypeLap": 3,
    "HKWorkoutEventTypeMarker": 4,
    "HKWorkoutEventTypeMotionPaused": 5,
    "HKWorkoutEventTypeMotionResumed": 6,
    "HKWorkoutEventTypeSegment": 7,
    "HKWorkoutEventTypePauseOrResumeRequest": 8,
  ]

  /// Category values by name (the names are unique across HealthKit's category enums).
  static let categoryValues: [String: Int] = [
    "HKCategoryValueSleepAnalysisInBed": 0,
    "HKCategoryValueSleepAnalysisAsleepUnspecified": 1,
    "HKCategoryValueSleepAnalysisAsleep": 1,
    "HKCategoryValueSleepAnalysisAwake": 2,
    "HKCategoryValueSleepAnalysisAsleepCore": 3,
    "HKCategoryValueSleepAnalysisAsleepDeep": 4,
    "HKCategoryValueSleepAnalysisAsleepREM": 5,
    "HKCategoryValueAppleStandHourStood": 0,
    "HKCategoryValueAppleStandHourIdle": 1,
    "HKCategoryValueCervicalMucusQualityDry": 1,
    "HKCategoryValueCervicalMucusQualitySticky": 2,
    "HKCategoryValueCervicalMucusQualityCreamy": 3,
    "HKCategoryValueCervicalMucusQualityWatery": 4,
    "HKCategoryValueCervicalMucusQualityEggWhite": 5,
    "HKCategoryValueOvulationTestResultNegative": 1,
    "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge": 2,
    "HKCategoryValueOvulationTestResultPositive": 2,
    "HKCategoryValueOvulationTestResultIndeterminate": 3,
    "HKCategoryValueOvulationTestResultEstrogenSurge": 4,
    "HKCategoryValuePregnancyTestResultNegative": 1,
    "HKCategoryValuePregnancyTestResultPositive": 2,
    "HKCategoryValuePregnancyTestResultIndeterminate": 3,
    "HKCategoryValueProgesteroneTestResultNegative": 1,
    "HKCategoryValueProgesteroneTestResultPositive": 2,
    "HKCategoryValueProgesteroneTestResultIndeterminate": 3,
    "HKCategoryValueMenstrualFlowUnspecified": 1,
    "HKCategoryValueMenstrualFlowLight": 2,
    "HKCategoryValueMenstrualFlowMedium": 3,
    "HKCategoryValueMenstrualFlowHeavy": 4,
    "HKCategoryValueMenstrualFlowNone": 5,
    "HKCategoryValueNotApplicable": 0,
    "HKCategoryValueAudioExposureEventLoudEnvironment": 1,
    "HKCategoryValueEnvironmentalAudioExposureEventMomentaryLimit": 1,
    "HKCategoryValueContraceptiveUnspecified": 1,
    "HKCategoryValueContraceptiveImplant": 2,
    "HKCategoryValueContraceptiveInjection": 3,
    "HKCategoryValueContraceptiveIntrauterineDevice": 4,
    "HKCategoryValueContraceptiveIntravaginalRing": 5,
    "HKCategoryValueContraceptiveOral": 6,
    "HKCategoryValueContraceptivePatch": 7,
    "HKCategoryValueSeverityUnspecified": 0,
    "HKCategoryValueSeverityNotPresent": 1,
    "HKCategoryValueSeverityMild": 2,
    "HKCategoryValueSeverityModerate": 3,
    "HKCategoryValueSeveritySevere": 4,
    "HKCategoryValueAppetiteChangesUnspecified": 0,
    "HKCategoryValueAppetiteChangesNoChange": 1,
    "HKCategoryValueAppetiteChangesDecreased": 2,
    "HKCategoryValueAppetiteChangesIncreased": 3,
    "HKCategoryValuePresencePresent": 0,
    "HKCategoryValuePresenceNotPresent": 1,
    "HKCategoryValueHeadphoneAudioExposureEventSevenDayLimit": 1,
    "HKCategoryValueLowCardioFitnessEventLowFitness": 1,
    "HKCategoryValueAppleWalkingSteadinessEventInitialLow": 1,
    "HKCategoryValueAppleWalkingSteadinessEventInitialVeryLow": 2,
    "HKCategoryValueAppleWalkingSteadinessEventRepeatLow": 3,
    "HKCategoryValueAppleWalkingSteadinessEventRepeatVeryLow": 4,
  ]

  /// `HKBiologicalSex` by name.
  static let biologicalSexes: [String: Int] = [
    "HKBiologicalSexNotSet": 0, "HKBiologicalSexFemale": 1, "HKBiologicalSexMale": 2,
    "HKBiologicalSexOther": 3,
  ]

  /// `HKBloodType` by name.
  static let bloodTypes: [String: Int] = [
    "HKBloodTypeNotSet": 0, "HKBloodTypeAPositive": 1, "HKBloodTypeANegative": 2, "HKBloodTypeBPositive": 3,
    "HKBloodTypeBNegative": 4, "HKBloodTypeABPositive": 5, "HKBloodTypeABNegative": 6,
    "HKBloodTypeOPositive": 7, "HKBloodTypeONegative": 8,
  ]

  /// `HKFitzpatrickSkinType` by name.
  static let fitzpatrickSkinTypes: [String: Int] = [
    "HKFitzpatrickSkinTypeNotSet": 0, "HKFitzpatrickSkinTypeI": 1, "HKFitzpatrickSkinTypeII": 2,
    "HKFitzpatrickSkinTypeIII": 3, "HKFitzpatrickSkinTypeIV": 4, "HKFitzpatrickSkinTypeV": 5,
    "HKFitzpatrickSkinTypeVI": 6,
  ]

  /// The category types whose only value is `HKCategoryValueNotApplicable` (0): those
  /// `HKTypeIdentifiers.h` (iOS 18.1 SDK) declares with the plain `HKCategoryValue`.
  static let notApplicableTypes: Set<String> = [
    "HKCategoryTypeIdentifierHandwashingEvent", "HKCategoryTypeIdentifierHighHeartRateEvent",
    "HKCategoryTypeIdentifierInfrequentMenstrualCycles", "HKCategoryTypeIdentifierIntermenstrualBleeding",
    "HKCategoryTypeIdentifierIrregularHeartRhythmEvent", "HKCategoryTypeIdentifierIrregularMenstrualCycles",
    "HKCategoryTypeIdentifierLactation", "HKCategoryTypeIdentifierLowHeartRateEvent",
    "HKCategoryTypeIdentifierMindfulSession", "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding",
    "HKCategoryTypeIdentifierPregnancy", "HKCategoryTypeIdentifierProlongedMenstrualPeriods",
    "HKCategoryTypeIdentifierSexualActivity", "HKCategoryTypeIdentifierSleepApneaEvent",
    "HKCategoryTypeIdentifierToothbrushingEvent",
  ]

  /// The raw value a category sample without one is written with: 0, which is
  /// `HKCategoryValueNotApplicable` for `notApplicableTypes` and the number iOS 8's export left
  /// out for the others (see docs/profile-format.md).
  package static let missingCategoryValue = 0

  /// The category value names of the types whose numbers the reader turns back into names.
  package static let categoryNamesByType: [String: [Int: String]] = {
    var names: [String: [Int: String]] = [
      "HKCategoryTypeIdentifierSleepAnalysis": [
        0: "HKCategoryValueSleepAnalysisInBed", 1: "HKCategoryValueSleepAnalysisAsleepUnspecified",
        2: "HKCategoryValueSleepAnalysisAwake", 3: "HKCategoryValueSleepAnalysisAsleepCore",
        4: "HKCategoryValueSleepAnalysisAsleepDeep", 5: "HKCategoryValueSleepAnalysisAsleepREM",
      ],
      "HKCategoryTypeIdentifierAppleStandHour": [
        0: "HKCategoryValueAppleStandHourStood", 1: "HKCategoryValueAppleStandHourIdle",
      ],
    ]
    for type in notApplicableTypes { names[type] = [0: "HKCategoryValueNotApplicable"] }
    return names
  }()

  /// The name of a raw value in a table, the first in the table's order for aliases.
  static func name(of value: Int, in table: [String: Int]) -> String? {
    table.filter { $0.value == value }.keys.sorted().first
  }
}
