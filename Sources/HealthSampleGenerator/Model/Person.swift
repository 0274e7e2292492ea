import HealthModel

/// The simulated person: who they are and the settings of their body, all drawn from the seed.
package struct Person: Sendable {
  package enum Sex: Sendable {
    case female, male
  }

  /// What the person does for exercise, which decides their workouts.
  package enum Sport: Sendable {
    case running, cycling
  }

  package let sex: Sex
  package let firstName: String
  package let lastName: String
  package let birthYear: Int
  package let birthMonth: Int
  package let birthDay: Int
  /// `HKBloodType…`, as the `Me` element writes it.
  package let bloodType: String
  /// Height in centimetres.
  package let heightCentimeters: Double
  /// Weight in kilograms on the anchor day, before the trend and the daily noise.
  package let baseWeightKilograms: Double
  /// How the weight drifts: kilograms a year, then slow waves (amplitude in kg, period in days,
  /// phase in radians).
  package let weightSlopePerYear: Double
  package let weightWaves: [(amplitude: Double, period: Double, phase: Double)]
  package let restingHeartRate: Double
  /// The SDNN of heart-rate variability on an ordinary day, in ms.
  package let heartRateVariability: Double
  package let vo2Max: Double
  package let fastingGlucose: Double
  package let systolic: Double
  package let diastolic: Double
  /// Steps on an ordinary weekday.
  package let dailySteps: Double
  package let sport: Sport
  /// Minutes the person's days are shifted later (a night owl) or earlier.
  package let chronotypeMinutes: Double
  /// The move goal of the activity rings, in kcal.
  package let moveGoal: Int
  /// The days (counted from 1970) on which the person's occasional colds start repeat with this
  /// period, from this phase.
  package let coldPeriod: Int64
  package let coldPhase: Int64

  /// The person of `seed`.
  init(seed: UInt64) {
    var random = RandomStream(seed: seed, purpose: .person)
    sex = random.chance(0.5) ? .female : .male
    let femaleNames = ["Alex", "Maya", "Grace", "Nora", "Lucia", "Hannah", "Emma", "Sofia", "Chloe", "Ava"]
    let maleNames = ["Sam", "Daniel", "Leo", "Omar", "Hugo", "Noah", "Ethan", "Lucas", "Mateo", "Ben"]
    let lastNames = [
      "Rivera", "Chen", "Novak", "Okafor", "Larsen", "Moreau", "Silva", "Kim", "Fischer", "Patel",
    ]
    firstName = random.element(of: sex == .female ? femaleNames : maleNames)
    lastName = random.element(of: lastNames)
    birthYear = 1960 + random.integer(0...38)
    birthMonth = random.integer(1...12)
    birthDay = random.integer(1...28)
    bloodType = random.element(of: [
      "HKBloodTypeOPositive", "HKBloodTypeAPositive", "HKBloodTypeBPositive", "HKBloodTypeONegative",
      "HKBloodTypeNotSet",
    ])
    heightCentimeters = StableMath.quantized(
      sex == .female ? random.gaussian(164, 5.5) : random.gaussian(177, 6.5), decimals: 1)
    let meters = heightCentimeters / 100
    let bodyMassIndex = random.uniform(21.5, 29.5)
    baseWeightKilograms = bodyMassIndex * meters * meters
    weightSlopePerYear = random.uniform(-0.8, 0.6)
    weightWaves = [
      (random.uniform(0.3, 0.7), 47, random.uniform(0, StableMath.twoPi)),
      (random.uniform(0.4, 0.9), 113, random.uniform(0, StableMath.twoPi)),
      (random.uniform(0.5, 1.2), 271, random.uniform(0, StableMath.twoPi)),
    ]
    restingHeartRate = random.uniform(52, 70)
    heartRateVariability = 95 - restingHeartRate + random.uniform(-6, 6)
    vo2Max = (sex == .female ? 34.0 : 40.0) + (70 - restingHeartRate) * 0.45 + random.uniform(-2, 2)
    fastingGlucose = random.uniform(86, 104)
    systolic = random.uniform(112, 132)
    diastolic = random.uniform(70, 83)
    dailySteps = random.uniform(6_500, 10_500)
    sport = random.chance(0.6) ? .running : .cycling
    chronotypeMinutes = random.uniform(-30, 40)
    moveGoal = sex == .female ? 450 : 550
    coldPeriod = Int64(random.integer(140...200))
    coldPhase = Int64(random.integer(0...139))
  }

  /// The person's age, in whole years, on the day `dayNumber`.
  func age(onDay dayNumber: Int64) -> Int {
    let date = CivilDateTime.civil(fromDays: dayNumber)
    let hadBirthday = (date.month, date.day) >= (birthMonth, birthDay)
    return date.year - birthYear - (hadBirthday ? 0 : 1)
  }

  /// The highest heart rate the person reaches (Tanaka's formula).
  func maximumHeartRate(onDay dayNumber: Int64) -> Double {
    208 - 0.7 * Double(age(onDay: dayNumber))
  }

  /// The basal metabolic rate in kcal a day (Mifflin–St Jeor).
  func basalMetabolicRate(weightKilograms: Double, onDay dayNumber: Int64) -> Double {
    let base = 10 * weightKilograms + 6.25 * heightCentimeters - 5 * Double(age(onDay: dayNumber))
    return base + (sex == .male ? 5 : -161)
  }
}
