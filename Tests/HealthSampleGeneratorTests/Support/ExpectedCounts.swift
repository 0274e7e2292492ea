import HealthModel
import HealthSampleGenerator

/// What a generated record holds, counted from the generator's model, apart from any reader.
struct ExpectedCounts {
  var records: [String: Int] = [:]
  var workouts: [String: Int] = [:]
  var routes = 0
  var correlations = 0
  var activitySummaries = 0
  var clinicalRecords: [String: Int] = [:]

  init(_ model: SampleModel) {
    func add(_ kind: RecordKind, _ count: Int) {
      if count > 0 { records[kind.identifier, default: 0] += count }
    }
    add(.height, 1)
    for dayNumber in model.dayNumbers {
      let plan = model.day(dayNumber)
      let weighIns = model.weighIn(plan) == nil ? 0 : 1
      add(.bodyMass, weighIns)
      add(.bodyMassIndex, weighIns)
      add(.bodyFatPercentage, weighIns)
      add(.heartRate, model.heartRateSamples(plan).count)
      add(.oxygenSaturation, model.oxygenSaturationReadings(plan).count)
      let pressures = model.bloodPressureReadings(plan).count
      add(.bloodPressureSystolic, pressures)
      add(.bloodPressureDiastolic, pressures)
      correlations += pressures
      add(.respiratoryRate, model.respiratoryRateReadings(plan).count)
      add(.bodyTemperature, model.temperatureReadings(plan).count)
      add(.bloodGlucose, model.glucoseReadings(plan).count)
      let steps = model.stepSamples(plan).count
      add(.stepCount, steps)
      add(.distanceWalkingRunning, steps)
      add(.distanceCycling, model.cyclingDistanceSamples(plan).count)
      add(.basalEnergyBurned, model.basalEnergySamples(plan).count)
      add(.activeEnergyBurned, model.activeEnergySamples(plan).count)
      add(.restingHeartRate, 1)
      add(.walkingHeartRateAverage, 1)
      add(.vo2Max, model.vo2MaxReading(plan) == nil ? 0 : 1)
      add(.heartRateVariability, model.variabilityReadings(plan).count)
      add(.sleepAnalysis, model.sleepRecords(plan).count)
      add(.appleStandHour, model.standHours(plan).count)
      if let workout = plan.workout {
        workouts[workout.activity.healthKitName, default: 0] += 1
        if workout.hasRoute { routes += 1 }
      }
      activitySummaries += 1
    }
    for document in model.clinicalDocuments() {
      clinicalRecords["\(document.resourceType) \(document.provider.fhirVersion)", default: 0] += 1
    }
  }

  var recordCount: Int { records.values.reduce(0, +) }
}
