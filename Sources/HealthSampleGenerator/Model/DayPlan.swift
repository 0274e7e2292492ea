/// What the person does on one day: the night before, the workout, the walks, the meals. Every
/// record of the day is made from it, so that the records agree with one another (the heart rate
/// rises in the workout, the steps fall in the walks, the glucose peaks after the meals).
package struct DayPlan: Sendable {
  /// Days since 1970-01-01 of the local date.
  package let dayNumber: Int64
  let local: LocalDay
  /// 0 Sunday … 6 Saturday.
  package let weekday: Int
  /// The night that ended this morning.
  package let night: SleepNight
  /// When the person goes to bed tonight, in seconds from this day's midnight.
  package let bedtime: Int
  package let workout: WorkoutPlan?
  /// The walks and the workout, in order of time, never overlapping.
  package let bouts: [ActivityBout]
  /// Breakfast, lunch and dinner, in seconds from midnight.
  package let meals: [Int]

  package var isWeekend: Bool { weekday == 0 || weekday == 6 }
  /// The instant (seconds since 1970) of `second` seconds after this day's midnight.
  package func instant(_ second: Int) -> Int64 { local.instant(second) }
  /// Whether the person is awake and up at `second`.
  package func isAwake(at second: Int) -> Bool { second >= night.wake && second < bedtime }

  init(model: SampleModel, dayNumber: Int64) {
    let person = model.person
    self.dayNumber = dayNumber
    local = model.clock.day(dayNumber)
    weekday = local.weekday
    night = model.sleepNight(endingOn: dayNumber)
    bedtime = model.sleepNight(endingOn: dayNumber + 1).bedtime + 86_400
    let weight = model.weightTrendKilograms(onDay: dayNumber)
    workout = WorkoutPlan(
      seed: model.seed, dayNumber: dayNumber, weekday: weekday, person: person, weightKilograms: weight)

    var random = RandomStream(seed: model.seed, purpose: .activity, dayNumber: dayNumber)
    let isWeekend = weekday == 0 || weekday == 6
    let shift = Int(person.chronotypeMinutes * 60)
    let walkRate = 3.3 * weight / 75
    var bouts: [ActivityBout] = []
    let wake = night.outOfBed
    let bedtime = self.bedtime
    func add(_ bout: ActivityBout) {
      guard bout.start >= wake + 300, bout.end <= bedtime - 300,
        !bouts.contains(where: { $0.overlaps(bout) })
      else { return }
      bouts.append(bout)
    }
    func walk(at start: Double, minutes: ClosedRange<Double>, cadence: ClosedRange<Double>, phone: Double) {
      let begin = Int(start) + shift
      let length = Int(random.uniform(minutes.lowerBound, minutes.upperBound) * 60)
      add(
        ActivityBout(
          start: begin, end: begin + length, cadence: random.uniform(cadence.lowerBound, cadence.upperBound),
          energyRate: walkRate * random.uniform(0.85, 1.15), stride: person.heightCentimeters * 0.0041,
          isPhoneCarried: random.chance(phone), isWorkout: false))
    }
    if let workout {
      let stride =
        workout.cadence > 0
        ? workout.distanceMeters / (workout.cadence * Double(workout.movingDuration) / 60) : 0
      add(
        ActivityBout(
          start: workout.start, end: workout.end, cadence: workout.cadence, energyRate: workout.energyRate,
          stride: stride, isPhoneCarried: workout.activity == .walking || random.chance(0.35),
          isWorkout: true))
    }
    let scale = person.dailySteps / 8_500
    if isWeekend {
      if random.chance(0.75) {
        walk(at: random.gaussian(38_000, 2_400), minutes: 20...55, cadence: 95...112, phone: 0.95)
      }
      walk(at: random.gaussian(52_000, 3_000), minutes: 20...45 * scale, cadence: 80...100, phone: 0.95)
      if random.chance(0.45) {
        walk(at: random.gaussian(70_500, 1_800), minutes: 15...35, cadence: 90...108, phone: 0.7)
      }
    } else {
      walk(at: random.gaussian(29_400, 600), minutes: 9...16, cadence: 100...115, phone: 0.97)
      if random.chance(0.6) {
        walk(at: random.gaussian(44_400, 900), minutes: 10...25 * scale, cadence: 98...112, phone: 0.9)
      }
      walk(at: random.gaussian(63_000, 900), minutes: 9...16, cadence: 100...115, phone: 0.97)
      if random.chance(0.4) {
        walk(at: random.gaussian(71_000, 1_500), minutes: 12...30, cadence: 85...105, phone: 0.8)
      }
    }
    // Moving about the house and the office: short bouts all day.
    var time = Double(wake + 600)
    while time < Double(bedtime - 900) {
      time += random.uniform(1_200, 3_300) / scale
      let length = random.integer(60...240)
      let begin = Int(time)
      guard begin + length < bedtime - 600 else { break }
      add(
        ActivityBout(
          start: begin, end: begin + length, cadence: random.uniform(40, 85),
          energyRate: walkRate * 0.5, stride: person.heightCentimeters * 0.0036,
          isPhoneCarried: random.chance(0.55), isWorkout: false))
    }
    self.bouts = bouts.sorted { $0.start < $1.start }

    let late = isWeekend ? 1_800 : 0
    meals = [
      night.outOfBed + random.integer(1_200...3_000),
      45_000 + late + shift + Int(random.gaussian(0, 1_200)),
      68_400 + late + shift + Int(random.gaussian(0, 1_500)),
    ]
  }
}
