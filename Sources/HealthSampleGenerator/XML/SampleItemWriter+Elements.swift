import HealthArchive
import HealthModel

/// Correlations, workouts, activity summaries and clinical records.
extension SampleItemWriter {
  /// The day's blood pressure readings as correlations, each holding its two records (which the
  /// record groups also hold, as Apple's DTD says).
  mutating func writeCorrelations(dayNumber: Int64) {
    for reading in model.bloodPressureReadings(model.day(dayNumber)) {
      let creation = model.creationDate(after: reading.instant, lag: (30...600).pick(reading.instant))
      let provenance = provenance(.bloodPressureMonitor)
      let instant = Timestamp(secondsSince1970: reading.instant)
      xml.write(
        .correlation(
          Correlation(
            type: HealthKitIdentifier.bloodPressureCorrelation, sourceName: provenance.name,
            sourceVersion: provenance.version, device: provenance.device,
            creationDate: Timestamp(secondsSince1970: creation), startDate: instant, endDate: instant,
            objects: [
              bloodPressureRecord(.bloodPressureSystolic, reading),
              bloodPressureRecord(.bloodPressureDiastolic, reading),
            ])))
    }
  }

  /// The day's workout, new style: totals as `WorkoutStatistics`, events, and the route (naming
  /// its file when the files are written).
  mutating func writeWorkout(dayNumber: Int64) {
    let plan = model.day(dayNumber)
    guard let workout = plan.workout else { return }
    let summary = model.workoutSummary(plan, workout)
    let startInstant = plan.instant(workout.start)
    let endInstant = plan.instant(workout.end)
    let start = Timestamp(secondsSince1970: startInstant)
    let end = Timestamp(secondsSince1970: endInstant)
    let watch = provenance(.watch)

    var metadata = [
      MetadataEntry(key: "HKIndoorWorkout", value: workout.isIndoor ? "1" : "0"),
      MetadataEntry(key: "HKTimeZone", value: model.timeZoneIdentifier),
    ]
    if !workout.isIndoor {
      metadata += [
        MetadataEntry(key: "HKWeatherTemperature", value: "\(workout.weatherTemperatureFahrenheit) degF"),
        MetadataEntry(key: "HKWeatherHumidity", value: "\(workout.weatherHumidityPercent * 100) %"),
        MetadataEntry(key: "HKElevationAscended", value: "\(workout.elevationAscendedCentimeters) cm"),
      ]
    }
    metadata.append(
      MetadataEntry(
        key: "HKAverageMETs", value: TextOutput.text(summary.averageMETs, decimals: 4) + " kcal/hr·kg"))

    var events = summary.segments.map { segment in
      WorkoutEvent(
        type: "HKWorkoutEventTypeSegment", date: Timestamp(secondsSince1970: segment.start),
        duration: Quantity(value: StableMath.quantized(segment.minutes, decimals: 10), unit: "min"))
    }
    if let pause = workout.pause {
      for (type, offset) in [("Pause", pause.offset), ("Resume", pause.offset + pause.length)] {
        events.append(
          WorkoutEvent(
            type: "HKWorkoutEventType" + type,
            date: Timestamp(secondsSince1970: plan.instant(workout.start + offset))))
      }
    }

    func statistics(_ type: String, unit: String, sum: Double? = nil, decimals: Int = 0) -> WorkoutStatistics
    {
      WorkoutStatistics(
        type: type, startDate: start, endDate: end,
        sum: sum.map { StableMath.quantized($0, decimals: decimals) }, unit: unit)
    }
    var totals = [
      statistics(
        "HKQuantityTypeIdentifierActiveEnergyBurned", unit: "kcal", sum: summary.activeEnergy, decimals: 3),
      statistics(
        "HKQuantityTypeIdentifierBasalEnergyBurned", unit: "kcal", sum: summary.basalEnergy, decimals: 3),
    ]
    if let type = workout.activity.distanceType {
      totals.append(statistics(type, unit: "mi", sum: summary.miles, decimals: 5))
    }
    if summary.steps > 0 {
      totals.append(
        statistics("HKQuantityTypeIdentifierStepCount", unit: "count", sum: Double(summary.steps)))
    }
    if let heartRate = summary.heartRate {
      var rates = statistics("HKQuantityTypeIdentifierHeartRate", unit: "count/min")
      rates.average = StableMath.quantized(heartRate.average, decimals: 3)
      rates.minimum = StableMath.quantized(heartRate.minimum, decimals: 0)
      rates.maximum = StableMath.quantized(heartRate.maximum, decimals: 0)
      totals.append(rates)
    }

    var routes: [WorkoutRoute] = []
    if workout.hasRoute {
      let route = RouteFile(plan: plan, workout: workout, model: model)
      routes.append(
        WorkoutRoute(
          sourceName: watch.name, sourceVersion: watch.version, device: watch.device,
          creationDate: Timestamp(
            secondsSince1970: model.creationDate(after: endInstant, lag: (40...120).pick(endInstant))),
          startDate: start, endDate: end,
          metadata: [
            MetadataEntry(key: "HKMetadataKeySyncVersion", value: "2"),
            MetadataEntry(key: "HKMetadataKeySyncIdentifier", value: summary.routeIdentifier),
          ],
          filePaths: namesFiles ? [route.path] : []))
    }

    xml.write(
      .workout(
        Workout(
          activityType: workout.activity.healthKitName,
          duration: Quantity(
            value: StableMath.quantized(Double(endInstant - startInstant) / 60, decimals: 10), unit: "min"),
          sourceName: watch.name, sourceVersion: watch.version, device: watch.device,
          creationDate: Timestamp(
            secondsSince1970: model.creationDate(after: endInstant, lag: (5...40).pick(endInstant))),
          startDate: start, endDate: end, metadata: metadata, events: events, statistics: totals,
          routes: routes)))
  }

  /// The day's activity rings.
  mutating func writeActivitySummary(dayNumber: Int64) {
    let rings = model.activityRings(model.day(dayNumber))
    let date = rings.date
    xml.write(
      .activitySummary(
        ActivitySummary(
          dateComponents: TextOutput.dayText(date.year, date.month, date.day),
          values: [
            MetadataEntry(key: "activeEnergyBurned", value: TextOutput.text(rings.activeEnergy, decimals: 3)),
            MetadataEntry(key: "activeEnergyBurnedGoal", value: String(rings.moveGoal)),
            MetadataEntry(key: "activeEnergyBurnedUnit", value: "Cal"),
            MetadataEntry(key: "appleMoveTime", value: "0"),
            MetadataEntry(key: "appleMoveTimeGoal", value: "0"),
            MetadataEntry(key: "appleExerciseTime", value: String(rings.exerciseMinutes)),
            MetadataEntry(key: "appleExerciseTimeGoal", value: "30"),
            MetadataEntry(key: "appleStandHours", value: String(rings.standHours)),
            MetadataEntry(key: "appleStandHoursGoal", value: "12"),
          ])))
  }

  /// Every `ClinicalRecord` element; none when the files are not written.
  mutating func writeClinicalRecords() {
    guard namesFiles else { return }
    for document in model.clinicalDocuments() {
      xml.write(
        .clinicalRecord(
          ClinicalRecord(
            type: document.resourceType, identifier: document.identifier, sourceName: document.provider.name,
            sourceURL: document.sourceURL, fhirVersion: document.provider.fhirVersion,
            receivedDate: Timestamp(secondsSince1970: document.receivedInstant),
            resourceFilePath: document.resourceFilePath)))
    }
  }
}
