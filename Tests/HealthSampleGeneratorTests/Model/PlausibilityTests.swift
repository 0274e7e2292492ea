import HealthModel
import HealthSampleGenerator
import Testing

/// Over a long record, every value stays where a human body puts it, for several people.
@Suite struct PlausibilityTests {
  struct Person: CustomTestStringConvertible, Sendable {
    var seed: UInt64
    var timeZone: String
    var testDescription: String { "seed \(seed) in \(timeZone)" }
  }

  @Test(arguments: [
    Person(seed: 2026, timeZone: "America/New_York"), Person(seed: 99, timeZone: "Europe/Paris"),
  ])
  func valuesStayInHumanRanges(_ person: Person) throws {
    let model = try SampleModel(
      configuration: SampleConfiguration(
        seed: person.seed, days: 365, end: CivilDateTime(year: 2026, month: 6, day: 30),
        timeZoneIdentifier: person.timeZone))
    let meters = model.person.heightCentimeters / 100
    #expect((145...200).contains(model.person.heightCentimeters))
    var workoutDays = 0
    var flagged = 0
    for dayNumber in model.dayNumbers {
      let plan = model.day(dayNumber)
      if let weighIn = model.weighIn(plan) {
        let kilograms = weighIn.pounds / 2.204_622_621_8
        #expect((17...37).contains(kilograms / (meters * meters)))
        #expect(abs(weighIn.bodyMassIndex - kilograms / (meters * meters)) < 0.01)
        #expect((0.06...0.5).contains(weighIn.bodyFatFraction))
      }
      // The daily noise around the trend is a scale's, not a diet's.
      #expect(
        abs(model.weightKilograms(onDay: dayNumber) - model.weightTrendKilograms(onDay: dayNumber)) < 1.3)
      let sleep = plan.night.wake - plan.night.asleep
      #expect((5 * 3_600...10 * 3_600).contains(sleep))
      #expect(plan.night.segments.allSatisfy { $0.end > $0.start })

      let heartRates = model.heartRateSamples(plan)
      #expect(heartRates.allSatisfy { (38...200).contains($0.beatsPerMinute) })
      #expect(zip(heartRates, heartRates.dropFirst()).allSatisfy { $0.instant < $1.instant })
      #expect((40...95).contains(model.restingHeartRate(onDay: dayNumber)))
      #expect(model.variabilityReadings(plan).allSatisfy { (12...160).contains($0.milliseconds) })
      #expect(model.oxygenSaturationReadings(plan).allSatisfy { (0.9...1).contains($0.value) })
      #expect(model.respiratoryRateReadings(plan).allSatisfy { (10...22).contains($0.value) })
      #expect(model.temperatureReadings(plan).allSatisfy { (96.5...101.5).contains($0.value) })
      for reading in model.glucoseReadings(plan) {
        #expect((55...320).contains(reading.milligramsPerDeciliter))
        if reading.mealTime == 1 { #expect(reading.milligramsPerDeciliter < 135) }
      }
      for reading in model.bloodPressureReadings(plan) {
        #expect((90...170).contains(reading.systolic) && (50...110).contains(reading.diastolic))
        #expect(reading.systolic >= reading.diastolic + 30)
      }
      let watchSteps = model.stepSamples(plan).filter { $0.source == .watch }.reduce(0) { $0 + $1.steps }
      #expect((1_500...40_000).contains(watchSteps))
      let rings = model.activityRings(plan)
      #expect((80...2_500).contains(rings.activeEnergy))
      #expect((0...24).contains(rings.standHours))
      if let vo2 = model.vo2MaxReading(plan) { #expect((20...65).contains(vo2.value)) }
      if let workout = plan.workout {
        workoutDays += 1
        #expect((20 * 60...160 * 60).contains(workout.movingDuration))
        #expect(workout.start > plan.night.outOfBed && workout.end < plan.bedtime)
        let summary = model.workoutSummary(plan, workout)
        if let heartRate = summary.heartRate {
          #expect(
            heartRate.minimum >= 50 && heartRate.maximum <= 200 && heartRate.average > heartRate.minimum)
        }
      }
    }
    // A few workouts a week.
    #expect((100...230).contains(workoutDays))
    // Lab values: near the reference ranges, flagged exactly when outside them, some flagged.
    #expect(model.labVisitDays.count == 4)
    for day in model.labVisitDays {
      for result in model.labResults(onDay: day) {
        let high = result.high ?? result.low * 3
        #expect(
          result.value >= result.low * 0.5 - 5 && result.value <= high * 1.6,
          "\(result.lab.name) \(result.value)")
        let outside = result.value < result.low || result.high.map { result.value > $0 } == true
        #expect((result.interpretation != "N") == outside)
        if outside { flagged += 1 }
      }
    }
    #expect(flagged >= 2 && flagged <= 40)
  }
}
