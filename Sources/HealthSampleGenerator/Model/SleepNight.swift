/// One night's sleep, the night that ends on the morning of its day: when the person went to bed,
/// fell asleep, woke and got up, and the stages in between, in seconds from that day's midnight
/// (the evening before is negative).
package struct SleepNight: Sendable {
  /// The stages the Apple Watch tells apart (`HKCategoryValueSleepAnalysis…`).
  package enum Stage: Sendable {
    case core, deep, rem, awake
  }

  /// One stretch of one stage.
  package struct Segment: Sendable {
    package var start: Int
    package var end: Int
    package var stage: Stage
  }

  package let bedtime: Int
  package let asleep: Int
  package let wake: Int
  package let outOfBed: Int
  package let segments: [Segment]

  /// The night ending on the morning of day `dayNumber`, whose weekday is `weekday`.
  init(seed: UInt64, dayNumber: Int64, weekday: Int, person: Person) {
    var random = RandomStream(seed: seed, purpose: .sleep, dayNumber: dayNumber)
    // Friday and Saturday nights run later; the mornings after them too.
    let isWeekendMorning = weekday == 6 || weekday == 0
    let shift = person.chronotypeMinutes * 60
    let bedtime = Int((isWeekendMorning ? -2_700 : -4_500) + shift + random.gaussian(0, 900))
    let latency = random.integer(300...1_200)
    let wake = Int(
      (isWeekendMorning ? 28_200 : 24_000) + shift + random.gaussian(0, isWeekendMorning ? 1_500 : 600))
    self.bedtime = bedtime
    self.asleep = bedtime + latency
    self.wake = wake
    self.outOfBed = wake + random.integer(120...900)

    var segments: [Segment] = []
    var time = asleep
    var cycle = 0.0
    while time < wake {
      let length = random.uniform(4_800, 6_600)
      let deepShare = max(0.04, 0.30 - 0.07 * cycle)
      let remShare = min(0.38, 0.10 + 0.07 * cycle)
      let coreShare = (1 - deepShare - remShare) / 2
      for (stage, share) in [
        (Stage.core, coreShare), (.deep, deepShare), (.core, coreShare), (.rem, remShare),
      ] {
        let end = min(wake, time + Int(length * share * random.uniform(0.85, 1.15)))
        if end > time { segments.append(Segment(start: time, end: end, stage: stage)) }
        time = end
        if time >= wake { break }
      }
      if time < wake && random.chance(0.4) {
        let end = min(wake, time + random.integer(60...300))
        segments.append(Segment(start: time, end: end, stage: .awake))
        time = end
      }
      cycle += 1
    }
    self.segments = segments
  }

  /// Whether the person is asleep at `second` (seconds from this night's day's midnight).
  func isAsleep(at second: Int) -> Bool {
    second >= asleep && second < wake
  }
}
