import Foundation
import HealthModel

/// The simulated person's whole record as functions of the day: every record, file and value the
/// generator writes comes from here, and tests predict the output from the same functions.
///
/// Nothing is held from one day to the next: each day is made from random streams of its own, and
/// the slow changes (weight, fitness) are smooth functions of the date.
package struct SampleModel: Sendable {
  package let configuration: SampleConfiguration
  package let person: Person
  let clock: ZoneClock
  /// Days since 1970-01-01 of the first and the last day.
  package let firstDayNumber: Int64
  package let lastDayNumber: Int64
  /// When the export was made: the last second of the last day.
  package let exportInstant: Int64
  /// The UTC offset at the export, in seconds: every date in export.xml is written with it.
  package let exportOffset: Int

  var seed: UInt64 { configuration.seed }
  /// The days of the record, as days since 1970-01-01.
  package var dayNumbers: ClosedRange<Int64> { firstDayNumber...lastDayNumber }
  /// The time zone's name.
  package var timeZoneIdentifier: String { configuration.timeZoneIdentifier }

  /// The model of a valid configuration.
  /// - Throws: `SampleConfigurationError` when the configuration is not valid.
  package init(configuration: SampleConfiguration) throws(SampleConfigurationError) {
    try configuration.validate()
    self.configuration = configuration
    person = Person(seed: configuration.seed)
    clock = ZoneClock(zone: try configuration.zone())
    firstDayNumber = configuration.firstDayNumber
    lastDayNumber = configuration.endDayNumber
    exportInstant = clock.day(lastDayNumber).instant(86_399)
    exportOffset = clock.offset(at: exportInstant)
  }

  /// The plan of the day `dayNumber`.
  package func day(_ dayNumber: Int64) -> DayPlan {
    DayPlan(model: self, dayNumber: dayNumber)
  }

  /// The night that ends on the morning of `dayNumber`.
  package func sleepNight(endingOn dayNumber: Int64) -> SleepNight {
    SleepNight(seed: seed, dayNumber: dayNumber, weekday: clock.day(dayNumber).weekday, person: person)
  }

  /// The workout of `dayNumber`, without the rest of the day's plan.
  package func workout(on dayNumber: Int64) -> WorkoutPlan? {
    WorkoutPlan(
      seed: seed, dayNumber: dayNumber, weekday: clock.day(dayNumber).weekday, person: person,
      weightKilograms: weightTrendKilograms(onDay: dayNumber))
  }

  /// The instant of `second` seconds after midnight on `dayNumber`.
  package func instant(day dayNumber: Int64, second: Int) -> Int64 {
    clock.day(dayNumber).instant(second)
  }

  /// The offset of the person's time zone at `instant`, in seconds (for local times such as route
  /// file names and FHIR dates).
  package func localOffset(at instant: Int64) -> Int {
    clock.offset(at: instant)
  }

  /// When a sample ending at `end` was saved: a little later, never after the export.
  func creationDate(after end: Int64, lag: Int) -> Int64 {
    min(end + Int64(lag), exportInstant)
  }

  /// How many times the ordinary number of frequent samples a day holds.
  var density: Double { configuration.density }

  // MARK: - Slow changes

  /// The weight the body is trending to on `dayNumber`, before the day's noise: a slow drift,
  /// seasonal gain in winter and slow waves, in kilograms.
  package func weightTrendKilograms(onDay dayNumber: Int64) -> Double {
    // Anchored to 2024-01-01 (day 19723), so that a day's weight does not depend on the range asked.
    let years = Double(dayNumber - 19_723) / 365.25
    var weight = person.baseWeightKilograms + person.weightSlopePerYear * years
    weight += 0.6 * StableMath.cos(StableMath.twoPi * Double(dayNumber - 19_738) / 365.25)
    for wave in person.weightWaves {
      weight +=
        wave.amplitude * StableMath.sin(StableMath.twoPi * Double(dayNumber) / wave.period + wave.phase)
    }
    let meters = person.heightCentimeters / 100
    return StableMath.clamped(weight, (17.5 * meters * meters)...(36 * meters * meters))
  }

  /// A slow change of fitness over the months, from -1 to 1.
  func fitnessWave(onDay dayNumber: Int64) -> Double {
    StableMath.sin(StableMath.twoPi * Double(dayNumber) / 203 + person.weightWaves[0].phase)
  }

  /// Whether the person has a cold (and a fever) on `dayNumber`.
  package func hasCold(onDay dayNumber: Int64) -> Bool {
    let position =
      ((dayNumber + person.coldPhase) % person.coldPeriod + person.coldPeriod) % person.coldPeriod
    return position < 3
  }
}
