/// One heart-rate reading of the watch.
package struct HeartRateSample: Sendable {
  package var instant: Int64
  /// Beats a minute, whole.
  package var beatsPerMinute: Int
  /// `HKMetadataKeyHeartRateMotionContext`: 1 sedentary, 2 active.
  package var motionContext: Int
}

/// The heart rate: every few minutes all day, every few seconds in workouts.
extension SampleModel {
  /// Every heart-rate reading of the day, in order: the background readings, and the workout's.
  package func heartRateSamples(_ plan: DayPlan) -> [HeartRateSample] {
    var random = RandomStream(seed: seed, purpose: .heartRate, dayNumber: plan.dayNumber)
    let resting = restingHeartRate(onDay: plan.dayNumber)
    let workoutSamples = plan.workout.map { workoutHeartRate(plan, $0) } ?? []
    let interval = 300 / density
    var samples: [HeartRateSample] = []
    samples.reserveCapacity(Int(86_400 / interval) + workoutSamples.count + 8)
    var time = random.uniform(0, interval)
    var workoutIndex = 0
    var boutIndex = 0
    let fellAsleepTonight = plan.bedtime + 900
    while time < 86_399 {
      let second = Int(time)
      time += interval * random.uniform(0.75, 1.25)
      if let workout = plan.workout, second >= workout.start && second < workout.end { continue }
      while boutIndex < plan.bouts.count && plan.bouts[boutIndex].end <= second { boutIndex += 1 }
      let inBout = boutIndex < plan.bouts.count && plan.bouts[boutIndex].start <= second
      let asleep = plan.night.isAsleep(at: second) || second >= fellAsleepTonight
      var rate: Double
      if asleep {
        rate = resting - 4 + 2 * StableMath.sin(Double(second) / 5_000) + random.gaussian(0, 1.5)
      } else {
        rate = resting + 12 + 5 * StableMath.sin(StableMath.twoPi * Double(second - 36_000) / 86_400)
        rate += random.gaussian(0, 4)
        if inBout { rate += 14 + plan.bouts[boutIndex].cadence * 0.18 }
        if let workout = plan.workout, second >= workout.end, second < workout.end + 1_200 {
          rate += 25 * Double(workout.end + 1_200 - second) / 1_200
        }
      }
      if hasCold(onDay: plan.dayNumber) { rate += 6 }
      while workoutIndex < workoutSamples.count && workoutSamples[workoutIndex].instant < plan.instant(second)
      {
        samples.append(workoutSamples[workoutIndex])
        workoutIndex += 1
      }
      samples.append(
        HeartRateSample(
          instant: plan.instant(second), beatsPerMinute: Int(StableMath.clamped(rate, 38...190).rounded()),
          motionContext: inBout ? 2 : 1))
    }
    samples.append(contentsOf: workoutSamples[workoutIndex...])
    return samples
  }

  /// The workout's readings, every 5 seconds while moving (down to every second with density): a warm-up, a
  /// steady effort drifting up, sets and rests for strength training, a cool-down.
  package func workoutHeartRate(_ plan: DayPlan, _ workout: WorkoutPlan) -> [HeartRateSample] {
    var random = RandomStream(seed: seed, purpose: .workoutHeartRate, dayNumber: plan.dayNumber)
    let resting = restingHeartRate(onDay: plan.dayNumber)
    let maximum = person.maximumHeartRate(onDay: plan.dayNumber)
    let target = maximum * workout.activity.intensity
    let step = max(1, 5 / density)
    let total = workout.end - workout.start
    var samples: [HeartRateSample] = []
    samples.reserveCapacity(Int(Double(total) / step) + 1)
    var noise = 0.0
    var time = random.uniform(1, 1 + step)
    while Int(time) < total {
      let offset = Int(time)
      time += step
      if let pause = workout.pause, offset >= pause.offset && offset < pause.offset + pause.length {
        continue
      }
      let progress = Double(offset) / Double(total)
      let warmUp = min(1, Double(offset) / 300)
      let coolDown = min(1, Double(total - offset) / 150)
      var effort = (resting + 30) + (target - resting - 30) * warmUp * (0.6 + 0.4 * coolDown)
      effort += 6 * progress
      if workout.activity == .strengthTraining {
        effort += (offset / 60) % 3 == 0 ? 14 : -8
      }
      noise = 0.85 * noise + random.gaussian(0, 1.6)
      let rate = StableMath.clamped(effort + noise, 50...(maximum - 2))
      samples.append(
        HeartRateSample(
          instant: plan.instant(workout.start + offset), beatsPerMinute: Int(rate.rounded()), motionContext: 2
        ))
    }
    return samples
  }

  /// The resting heart rate of the day, as the watch estimates it (beats a minute, whole).
  package func restingHeartRate(onDay dayNumber: Int64) -> Double {
    var random = RandomStream(seed: seed, purpose: .dailyHeart, dayNumber: dayNumber)
    let value = person.restingHeartRate - 1.5 * fitnessWave(onDay: dayNumber) + random.gaussian(0, 1.3)
    return (value + (hasCold(onDay: dayNumber) ? 5 : 0)).rounded()
  }

  /// The average heart rate while walking, for the day (beats a minute, whole).
  package func walkingHeartRateAverage(onDay dayNumber: Int64) -> Double {
    var random = RandomStream(seed: seed, purpose: .dailyHeart, dayNumber: dayNumber &+ 1_000_000)
    return (restingHeartRate(onDay: dayNumber) + 31 + random.gaussian(0, 2.5)).rounded()
  }
}
