/// One morning on the smart scale: weight, body mass index and body fat, as written.
package struct WeighIn: Sendable {
  package var instant: Int64
  /// Pounds, 1 decimal: the scale's reading as export.xml holds it.
  package var pounds: Double
  /// kg/m², 2 decimals, from the weight read.
  package var bodyMassIndex: Double
  /// Body fat as a fraction (0.243), 3 decimals.
  package var bodyFatFraction: Double
}

/// One blood glucose reading of the meter.
package struct GlucoseReading: Sendable {
  package var instant: Int64
  /// mg/dL, whole.
  package var milligramsPerDeciliter: Double
  /// `HKBloodGlucoseMealTime`: 1 before a meal, 2 after.
  package var mealTime: Int
}

/// One blood pressure reading of the cuff.
package struct BloodPressureReading: Sendable {
  package var instant: Int64
  /// mmHg, whole.
  package var systolic: Double
  package var diastolic: Double
}

/// A value measured at one moment, as written.
package struct InstantValue: Sendable {
  package var instant: Int64
  package var value: Double
}

/// Weight, glucose and blood pressure: the person's own devices, most mornings or a few times a
/// week.
extension SampleModel {
  /// The kilograms the scale reads on `dayNumber` if the person steps on it: the trend plus the
  /// day's water and food.
  package func weightKilograms(onDay dayNumber: Int64) -> Double {
    var random = RandomStream(seed: seed, purpose: .weight, dayNumber: dayNumber)
    return weightTrendKilograms(onDay: dayNumber) + random.gaussian(0, 0.35)
  }

  /// The morning weigh-in, on most days: a little after getting up.
  package func weighIn(_ plan: DayPlan) -> WeighIn? {
    var random = RandomStream(seed: seed, purpose: .weight, dayNumber: plan.dayNumber &+ 1_000_000)
    guard random.chance(plan.isWeekend ? 0.6 : 0.85) else { return nil }
    let second = plan.night.outOfBed + random.integer(300...1_500)
    let pounds = StableMath.quantized(
      weightKilograms(onDay: plan.dayNumber) * 2.204_622_621_8, decimals: 1)
    let kilograms = pounds / 2.204_622_621_8
    let meters = person.heightCentimeters / 100
    let bodyMassIndex = kilograms / (meters * meters)
    let age = Double(person.age(onDay: plan.dayNumber))
    let fat = 1.2 * bodyMassIndex + 0.23 * age - (person.sex == .male ? 16.2 : 5.4) + random.gaussian(0, 0.6)
    return WeighIn(
      instant: plan.instant(second), pounds: pounds,
      bodyMassIndex: StableMath.quantized(bodyMassIndex, decimals: 2),
      bodyFatFraction: StableMath.quantized(StableMath.clamped(fat, 6...50) / 100, decimals: 3))
  }

  /// The person's height, in feet (5 decimals), typed in once on the record's first day.
  package var heightFeet: Double {
    StableMath.quantized(person.heightCentimeters / 30.48, decimals: 5)
  }

  /// The meter's readings of the day: fasting on waking, and before or after the other meals, the
  /// ones after a meal higher the closer they are to its peak.
  package func glucoseReadings(_ plan: DayPlan) -> [GlucoseReading] {
    var random = RandomStream(seed: seed, purpose: .glucose, dayNumber: plan.dayNumber)
    guard random.chance(0.9) else { return [] }
    var readings: [GlucoseReading] = []
    func add(_ second: Int, _ value: Double, _ mealTime: Int) {
      readings.append(
        GlucoseReading(
          instant: plan.instant(second),
          milligramsPerDeciliter: StableMath.clamped(value, 55...320).rounded(),
          mealTime: mealTime))
    }
    let fasting = person.fastingGlucose + (hasCold(onDay: plan.dayNumber) ? 8 : 0)
    for (index, meal) in plan.meals.enumerated() {
      let before = index == 0 ? 0.92 : 0.3
      if random.chance(before) {
        add(meal - random.integer(300...1_200), fasting + (index == 0 ? 0 : 6) + random.gaussian(0, 5), 1)
      }
      if random.chance(index == 0 ? 0.35 : 0.55) {
        let minutes = random.uniform(45, 150)
        // A meal's rise: t/τ · e^(1 − t/τ), highest at τ = 55 minutes.
        let shape = minutes / 55 * StableMath.exp(1 - minutes / 55)
        let peak = random.uniform(30, 75) + (index == 2 ? 10 : 0)
        add(meal + Int(minutes * 60), fasting + 4 + peak * shape + random.gaussian(0, 6), 2)
      }
    }
    return readings.sorted { $0.instant < $1.instant }
  }

  /// The cuff's readings, a few days a week: in the morning, sometimes in the evening too.
  package func bloodPressureReadings(_ plan: DayPlan) -> [BloodPressureReading] {
    var random = RandomStream(seed: seed, purpose: .bloodPressure, dayNumber: plan.dayNumber)
    guard random.chance(0.45) else { return [] }
    var readings: [BloodPressureReading] = []
    for (second, surge) in [
      (plan.night.outOfBed + random.integer(600...2_400), 5.0), (75_600 + random.integer(0...2_400), 0),
    ]
    where surge > 0 || random.chance(0.3) {
      let systolic = (person.systolic + surge + random.gaussian(0, 5.5)).rounded()
      let diastolic = min(systolic - 30, (person.diastolic + surge / 2 + random.gaussian(0, 4)).rounded())
      readings.append(
        BloodPressureReading(instant: plan.instant(second), systolic: systolic, diastolic: diastolic))
    }
    return readings
  }

  /// The body temperature the person typed in, in °F (1 decimal): now and then, twice a day
  /// during a cold.
  package func temperatureReadings(_ plan: DayPlan) -> [InstantValue] {
    var random = RandomStream(seed: seed, purpose: .temperature, dayNumber: plan.dayNumber)
    if hasCold(onDay: plan.dayNumber) {
      return [plan.night.outOfBed + 900, 72_000 + random.integer(0...1_800)].map {
        InstantValue(
          instant: plan.instant($0), value: StableMath.quantized(random.uniform(99.4, 101.3), decimals: 1))
      }
    }
    guard random.chance(0.05) else { return [] }
    let second = random.integer(
      (plan.night.outOfBed + 600)...max(plan.night.outOfBed + 600, plan.bedtime - 1_800))
    return [
      InstantValue(
        instant: plan.instant(second), value: StableMath.quantized(random.gaussian(98.0, 0.35), decimals: 1))
    ]
  }
}
