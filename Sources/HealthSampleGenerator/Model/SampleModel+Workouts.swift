import HealthModel

/// A workout's totals, as its `WorkoutStatistics` state them.
package struct WorkoutSummary: Sendable {
  package var activeEnergy: Double
  package var basalEnergy: Double
  package var miles: Double
  package var steps: Int
  /// Average (3 decimals), minimum and maximum of the workout's heart-rate readings.
  package var heartRate: (average: Double, minimum: Double, maximum: Double)?
  package var averageMETs: Double
  /// A segment event a mile (runs and walks) or five (rides): its start and length.
  package var segments: [(start: Int64, minutes: Double)]
  /// The route's `HKMetadataKeySyncIdentifier`.
  package var routeIdentifier: String
}

/// A day's activity rings, as its `ActivitySummary` states them.
package struct ActivityRings: Sendable {
  package var date: (year: Int, month: Int, day: Int)
  /// The sum of the day's active energy records, kcal.
  package var activeEnergy: Double
  package var moveGoal: Int
  package var exerciseMinutes: Int
  package var standHours: Int
}

extension SampleModel {
  /// The totals of `workout`, from the same model as the day's records (its heart-rate
  /// statistics are those of its heart-rate records).
  package func workoutSummary(_ plan: DayPlan, _ workout: WorkoutPlan) -> WorkoutSummary {
    let weight = weightTrendKilograms(onDay: plan.dayNumber)
    let movingMinutes = Double(workout.movingDuration) / 60
    let totalMinutes = Double(workout.end - workout.start) / 60
    let basal =
      person.basalMetabolicRate(weightKilograms: weight, onDay: plan.dayNumber) / 1_440 * totalMinutes
    let active = workout.energyRate * movingMinutes
    let rates = workoutHeartRate(plan, workout).map { Double($0.beatsPerMinute) }
    var segments: [(start: Int64, minutes: Double)] = []
    if workout.distanceMeters > 0 {
      let length = (workout.activity == .cycling ? 5 : 1) * 1_609.344
      let seconds = length / (workout.distanceMeters / Double(workout.movingDuration))
      var covered = 0.0
      while covered + seconds <= Double(workout.movingDuration) {
        segments.append((plan.instant(workout.start + Int(covered)), seconds / 60))
        covered += seconds
      }
    }
    var random = RandomStream(seed: seed, purpose: .route, dayNumber: plan.dayNumber &+ 1_000_000)
    return WorkoutSummary(
      activeEnergy: StableMath.quantized(active, decimals: 3),
      basalEnergy: StableMath.quantized(basal, decimals: 3),
      miles: StableMath.quantized(workout.distanceMeters / 1_609.344, decimals: 5),
      steps: Int((workout.cadence * movingMinutes).rounded()),
      heartRate: rates.min().flatMap { low in
        rates.max().map { high in
          (StableMath.quantized(rates.reduce(0, +) / Double(rates.count), decimals: 3), low, high)
        }
      },
      averageMETs: (active + basal) / totalMinutes * 60 / weight, segments: segments,
      routeIdentifier: random.uuid())
  }

  /// The day's activity rings: the sum of its active energy records, its exercise minutes and the
  /// hours it stood.
  package func activityRings(_ plan: DayPlan) -> ActivityRings {
    let energy = activeEnergySamples(plan).reduce(0) { $0 + $1.value }
    return ActivityRings(
      date: CivilDateTime.civil(fromDays: plan.dayNumber),
      activeEnergy: StableMath.quantized(energy, decimals: 3),
      moveGoal: person.moveGoal, exerciseMinutes: exerciseMinutes(plan),
      standHours: standHours(plan).filter(\.stood).count)
  }
}
