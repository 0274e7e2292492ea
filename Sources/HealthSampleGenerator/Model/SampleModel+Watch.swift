/// One heart-rate variability reading: the SDNN over about a minute, with the beats the watch
/// timed.
package struct VariabilityReading: Sendable {
  package var start: Int64
  package var end: Int64
  /// SDNN in ms, 3 decimals.
  package var milliseconds: Double
  /// Each beat: its time as seconds from the local midnight of the reading's day (with
  /// hundredths), and the instantaneous rate.
  package var beats: [(localSecond: Double, beatsPerMinute: Int)]
}

/// What the watch measures now and then: oxygen saturation, breathing, heart-rate variability,
/// VO2 max.
extension SampleModel {
  /// Blood oxygen readings as a fraction (0.97, 2 decimals): several a night, now and then by day.
  package func oxygenSaturationReadings(_ plan: DayPlan) -> [InstantValue] {
    var random = RandomStream(seed: seed, purpose: .oxygenSaturation, dayNumber: plan.dayNumber)
    var seconds: [Int] = []
    var second = max(plan.night.asleep, -7_200) + random.integer(1_200...3_600)
    while second < plan.night.wake {
      seconds.append(second)
      second += random.integer(3_600...5_400)
    }
    if random.chance(0.2) { seconds.append(random.integer(36_000...64_800)) }
    let dip = hasCold(onDay: plan.dayNumber) ? 0.012 : 0
    return seconds.map {
      let value = StableMath.clamped(random.gaussian(0.966, 0.011) - dip, 0.9...1)
      return InstantValue(instant: plan.instant($0), value: StableMath.quantized(value, decimals: 2))
    }
  }

  /// Breaths a minute while asleep (to the half breath), every half hour or so.
  package func respiratoryRateReadings(_ plan: DayPlan) -> [InstantValue] {
    var random = RandomStream(seed: seed, purpose: .respiratoryRate, dayNumber: plan.dayNumber)
    let base = 13 + (person.restingHeartRate - 52) / 9 + (hasCold(onDay: plan.dayNumber) ? 1.5 : 0)
    var readings: [InstantValue] = []
    var second = plan.night.asleep + random.integer(600...1_800)
    while second < plan.night.wake {
      let value = StableMath.clamped(random.gaussian(base, 0.8), 10...22)
      readings.append(InstantValue(instant: plan.instant(second), value: (value * 2).rounded() / 2))
      second += random.integer(1_800...3_000)
    }
    return readings
  }

  /// Heart-rate variability readings: a few in the night, sometimes one by day.
  package func variabilityReadings(_ plan: DayPlan) -> [VariabilityReading] {
    var random = RandomStream(seed: seed, purpose: .heartRateVariability, dayNumber: plan.dayNumber)
    var starts: [Int] = []
    let nightStart = max(plan.night.asleep, 0)
    if plan.night.wake - nightStart > 3_600 {
      let count = random.integer(2...4)
      for index in 0..<count {
        let slot = (plan.night.wake - nightStart) / count
        starts.append(nightStart + index * slot + random.integer(0...max(0, slot - 120)))
      }
    }
    if random.chance(0.5) { starts.append(random.integer(39_600...61_200)) }
    let base = person.heartRateVariability * (hasCold(onDay: plan.dayNumber) ? 0.75 : 1)
    let resting = restingHeartRate(onDay: plan.dayNumber)
    return starts.map { start in
      let sdnn = StableMath.clamped(base * (1 + random.gaussian(0, 0.16)), 12...160)
      var beats: [(localSecond: Double, beatsPerMinute: Int)] = []
      var time = Double(start) + random.uniform(0, 1)
      let awake = plan.isAwake(at: start)
      while time < Double(start + 60) {
        let rate = Int((resting + (awake ? 8 : -3) + random.gaussian(0, sdnn / 12)).rounded())
        beats.append(((time * 100).rounded() / 100, rate))
        time += 60 / Double(max(rate, 35))
      }
      return VariabilityReading(
        start: plan.instant(start), end: plan.instant(start + 60),
        milliseconds: StableMath.quantized(sdnn, decimals: 3), beats: beats)
    }
  }

  /// VO2 max, estimated after outdoor runs and walks, in mL/(kg·min) (2 decimals).
  package func vo2MaxReading(_ plan: DayPlan) -> InstantValue? {
    guard let workout = plan.workout, workout.activity == .running || workout.activity == .walking,
      !workout.isIndoor, workout.movingDuration >= 1_200
    else { return nil }
    var random = RandomStream(seed: seed, purpose: .dailyHeart, dayNumber: plan.dayNumber &+ 2_000_000)
    let value = person.vo2Max + 1.2 * fitnessWave(onDay: plan.dayNumber) + random.gaussian(0, 0.5)
    return InstantValue(
      instant: plan.instant(workout.end + 300), value: StableMath.quantized(value, decimals: 2))
  }
}
