/// A quantity over a span of time from one source, as written (already rounded).
package struct IntervalSample: Sendable {
  package var source: SampleSourceName
  package var start: Int64
  package var end: Int64
  package var value: Double
}

/// Steps and the distance they covered, counted by one device over one span.
package struct StepSample: Sendable {
  package var source: SampleSourceName
  package var start: Int64
  package var end: Int64
  /// Whole steps.
  package var steps: Int
  /// Miles, 5 decimals.
  package var miles: Double
}

/// Steps, distance, energy and standing: what the watch and the phone count all day.
extension SampleModel {
  /// The steps the watch and the phone counted on the day. Both count the same walks, in spans
  /// cut differently, so that summing both counts a walk twice (as in real exports). In order of
  /// start.
  package func stepSamples(_ plan: DayPlan) -> [StepSample] {
    var random = RandomStream(seed: seed, purpose: .steps, dayNumber: plan.dayNumber)
    var samples: [StepSample] = []
    for bout in plan.bouts where bout.cadence > 0 {
      for source in [SampleSourceName.watch, .phone] {
        if source == .phone && !bout.isPhoneCarried { continue }
        let (shortest, longest) = source == .watch ? (120.0, 480.0) : (180.0, 600.0)
        var start = bout.start
        while start < bout.end {
          let length = max(30, Int(random.uniform(shortest, longest) / density))
          let end = min(bout.end, start + length)
          let accuracy = source == .watch ? random.uniform(0.95, 1.05) : random.uniform(0.9, 1.04)
          let steps = Int((bout.cadence * Double(end - start) / 60 * accuracy).rounded())
          if steps > 0 {
            samples.append(
              StepSample(
                source: source, start: plan.instant(start), end: plan.instant(end), steps: steps,
                miles: StableMath.quantized(Double(steps) * bout.stride / 1_609.344, decimals: 5)))
          }
          start = end
        }
      }
    }
    return samples.sorted {
      ($0.start, $0.source == .phone ? 1 : 0) < ($1.start, $1.source == .phone ? 1 : 0)
    }
  }

  /// The distance the watch measured on a ride, in miles (5 decimals), in spans of a few minutes.
  package func cyclingDistanceSamples(_ plan: DayPlan) -> [IntervalSample] {
    guard let workout = plan.workout, workout.activity == .cycling else { return [] }
    var random = RandomStream(seed: seed, purpose: .steps, dayNumber: plan.dayNumber &+ 1_000_000)
    let speed = workout.distanceMeters / Double(workout.movingDuration)
    var samples: [IntervalSample] = []
    var start = workout.start
    while start < workout.end {
      let end = min(workout.end, start + max(20, Int(random.uniform(60, 240) / density)))
      let miles = StableMath.quantized(
        speed * Double(end - start) * random.uniform(0.9, 1.1) / 1_609.344, decimals: 5)
      samples.append(
        IntervalSample(source: .watch, start: plan.instant(start), end: plan.instant(end), value: miles))
      start = end
    }
    return samples
  }

  /// The active energy the watch estimated, in kcal (3 decimals), in spans of a few minutes from
  /// waking to bedtime.
  package func activeEnergySamples(_ plan: DayPlan) -> [IntervalSample] {
    var random = RandomStream(seed: seed, purpose: .energy, dayNumber: plan.dayNumber)
    var samples: [IntervalSample] = []
    var start = max(0, plan.night.wake)
    let last = min(86_340, plan.bedtime)
    var boutIndex = 0
    while start < last {
      let end = min(last, start + max(20, Int(random.uniform(180, 600) / density)))
      var energy = 0.12 * Double(end - start) / 60
      while boutIndex < plan.bouts.count && plan.bouts[boutIndex].end <= start { boutIndex += 1 }
      var index = boutIndex
      while index < plan.bouts.count && plan.bouts[index].start < end {
        let bout = plan.bouts[index]
        let overlap = min(end, bout.end) - max(start, bout.start)
        if overlap > 0 { energy += bout.energyRate * Double(overlap) / 60 }
        index += 1
      }
      energy *= random.uniform(0.92, 1.08)
      samples.append(
        IntervalSample(
          source: .watch, start: plan.instant(start), end: plan.instant(end),
          value: StableMath.quantized(energy, decimals: 3)))
      start = end
    }
    return samples
  }

  /// The basal energy the watch estimated, in kcal (3 decimals), in spans covering the whole day.
  package func basalEnergySamples(_ plan: DayPlan) -> [IntervalSample] {
    var random = RandomStream(seed: seed, purpose: .energy, dayNumber: plan.dayNumber &+ 1_000_000)
    let rate =
      person.basalMetabolicRate(
        weightKilograms: weightTrendKilograms(onDay: plan.dayNumber), onDay: plan.dayNumber)
      / 86_400
    var samples: [IntervalSample] = []
    var start = 0
    while start < 86_340 {
      let end = min(86_340, start + max(60, Int(random.uniform(900, 2_700) / density)))
      samples.append(
        IntervalSample(
          source: .watch, start: plan.instant(start), end: plan.instant(end),
          value: StableMath.quantized(rate * Double(end - start) * random.uniform(0.97, 1.03), decimals: 3)))
      start = end
    }
    return samples
  }

  /// The hours the watch saw the person up and about: the start of each waking hour (seconds from
  /// midnight) and whether they stood.
  package func standHours(_ plan: DayPlan) -> [(hour: Int, stood: Bool)] {
    var random = RandomStream(seed: seed, purpose: .stand, dayNumber: plan.dayNumber)
    let first = max(0, (plan.night.wake + 3_599) / 3_600)
    let last = min(24, plan.bedtime / 3_600)
    guard first < last else { return [] }
    return (first..<last).map { hour in
      let start = hour * 3_600
      let moved = plan.bouts.contains { min($0.end, start + 3_600) - max($0.start, start) >= 60 }
      return (start, random.chance(moved ? 0.85 : 0.3))
    }
  }

  /// The minutes of exercise the rings count: the workout and brisk walks of 10 minutes or more.
  package func exerciseMinutes(_ plan: DayPlan) -> Int {
    plan.bouts.filter { $0.isWorkout || ($0.cadence >= 100 && $0.duration >= 600) }
      .reduce(0) { $0 + $1.duration } / 60
  }
}
