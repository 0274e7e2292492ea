/// One workout recorded by the Apple Watch: what, when, how far and how hard.
package struct WorkoutPlan: Sendable {
  package enum Activity: Sendable, CaseIterable {
    case running, walking, cycling, strengthTraining

    /// HealthKit's name, as `workoutActivityType` writes it.
    package var healthKitName: String {
      switch self {
      case .running: "HKWorkoutActivityTypeRunning"
      case .walking: "HKWorkoutActivityTypeWalking"
      case .cycling: "HKWorkoutActivityTypeCycling"
      case .strengthTraining: "HKWorkoutActivityTypeTraditionalStrengthTraining"
      }
    }

    /// The distance type of its statistics, if it has one.
    var distanceType: String? {
      switch self {
      case .running, .walking: "HKQuantityTypeIdentifierDistanceWalkingRunning"
      case .cycling: "HKQuantityTypeIdentifierDistanceCycling"
      case .strengthTraining: nil
      }
    }

    /// The share of the maximum heart rate it is done at.
    var intensity: Double {
      switch self {
      case .running: 0.80
      case .walking: 0.58
      case .cycling: 0.74
      case .strengthTraining: 0.66
      }
    }
  }

  package let activity: Activity
  /// Seconds from the day's midnight.
  package let start: Int
  /// Seconds of moving, pauses excluded.
  package let movingDuration: Int
  /// A pause: seconds after the start and its length.
  package let pause: (offset: Int, length: Int)?
  /// Metres covered (0 indoors).
  package let distanceMeters: Double
  package let isIndoor: Bool
  /// Active energy, in kcal a minute of moving.
  package let energyRate: Double
  /// Steps a minute while moving.
  package let cadence: Double
  package let weatherTemperatureFahrenheit: Int
  package let weatherHumidityPercent: Int
  package let elevationAscendedCentimeters: Int

  /// Seconds from the day's midnight at which it ended.
  package var end: Int { start + movingDuration + (pause?.length ?? 0) }
  /// Whether the watch recorded a GPS route.
  package var hasRoute: Bool { !isIndoor }

  /// The day's workout, if the person does one that day.
  init?(
    seed: UInt64, dayNumber: Int64, weekday: Int, person: Person, weightKilograms: Double
  ) {
    var random = RandomStream(seed: seed, purpose: .workout, dayNumber: dayNumber)
    let choice = random.unit()
    let plan: (Activity, Double, isLong: Bool)?
    switch (weekday, person.sport) {
    case (0, _): plan = (.walking, 0.5, false)
    case (1, _): plan = (.strengthTraining, 0.45, false)
    case (2, .running), (4, .running): plan = (.running, 0.68, false)
    case (2, .cycling), (4, .cycling): plan = (.cycling, 0.6, false)
    case (3, .cycling): plan = (.running, 0.25, false)
    case (3, .running): plan = (.walking, 0.2, false)
    case (6, .running): plan = (.running, 0.65, true)
    case (6, .cycling): plan = (.cycling, 0.7, true)
    default: plan = nil
    }
    guard let (activity, probability, isLong) = plan, choice < probability else { return nil }
    self.activity = activity
    let isWeekend = weekday == 0 || weekday == 6
    let shift = person.chronotypeMinutes * 60
    start = Int((isWeekend ? 35_100 : 65_700) + shift + random.gaussian(0, isWeekend ? 1_800 : 900))

    let minutes: Double
    let speed: Double
    switch activity {
    case .running:
      minutes = isLong ? random.uniform(60, 90) : random.uniform(28, 48)
      speed = 2.4 + (person.vo2Max - 35) * 0.04 + random.gaussian(0, 0.08) - (isLong ? 0.15 : 0)
      cadence = random.uniform(160, 172)
    case .walking:
      minutes = random.uniform(40, 75)
      speed = random.uniform(1.35, 1.55)
      cadence = random.uniform(106, 118)
    case .cycling:
      minutes = isLong ? random.uniform(90, 140) : random.uniform(45, 75)
      speed = random.uniform(6.5, 8.0) - (isLong ? 0.3 : 0)
      cadence = 0
    case .strengthTraining:
      minutes = random.uniform(30, 50)
      speed = 0
      cadence = random.uniform(6, 14)
    }
    movingDuration = Int(minutes * 60)
    isIndoor = activity == .strengthTraining
    distanceMeters = isIndoor ? 0 : speed * Double(movingDuration)
    pause =
      !isIndoor && random.chance(0.3)
      ? (Int(Double(movingDuration) * random.uniform(0.4, 0.7)), random.integer(30...180)) : nil
    // Active energy: the activity's METs above rest, times 3.5 mL O2/kg/min, 5 kcal a litre.
    let mets: Double
    switch activity {
    case .running: mets = speed * 3.6 * 1.0
    case .walking: mets = 3.8
    case .cycling: mets = 7.5
    case .strengthTraining: mets = 5.0
    }
    energyRate = (mets - 1) * 3.5 * weightKilograms / 200 * random.uniform(0.93, 1.07)
    let dayOfYear = Double(((dayNumber % 365) + 365) % 365)
    weatherTemperatureFahrenheit = Int(
      (54 - 22 * StableMath.cos(StableMath.twoPi * (dayOfYear - 15) / 365) + random.gaussian(0, 5)).rounded())
    weatherHumidityPercent = random.integer(35...92)
    elevationAscendedCentimeters = isIndoor ? 0 : Int(distanceMeters * random.uniform(0.5, 1.5))
  }
}
