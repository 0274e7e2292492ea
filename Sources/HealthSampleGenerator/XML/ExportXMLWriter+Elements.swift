/// Correlations, workouts, activity summaries and clinical records.
extension ExportXMLWriter {
  /// The day's blood pressure readings as correlations, each holding its two records (which the
  /// record groups also hold, as Apple's DTD says).
  mutating func writeCorrelations(dayNumber: Int64) {
    for reading in model.bloodPressureReadings(model.day(dayNumber)) {
      let creation = model.creationDate(after: reading.instant, lag: (30...600).pick(reading.instant))
      out.append(" <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\"")
      out.append(sourceAttributes[.bloodPressureMonitor]!)
      out.append(" creationDate=\"")
      out.appendDate(creation)
      out.append("\" startDate=\"")
      out.appendDate(reading.instant)
      out.append("\" endDate=\"")
      out.appendDate(reading.instant)
      out.append("\">\n")
      bloodPressureRecord(.bloodPressureSystolic, reading, isMember: true)
      bloodPressureRecord(.bloodPressureDiastolic, reading, isMember: true)
      out.append(" </Correlation>\n")
    }
  }

  /// The day's workout, new style: totals as `WorkoutStatistics`, events, and the route's file.
  mutating func writeWorkout(dayNumber: Int64) {
    let plan = model.day(dayNumber)
    guard let workout = plan.workout else { return }
    let summary = model.workoutSummary(plan, workout)
    let start = plan.instant(workout.start)
    let end = plan.instant(workout.end)
    out.append(" <Workout workoutActivityType=\"")
    out.append(Array(workout.activity.healthKitName.utf8))
    out.append("\" duration=\"")
    out.append(Double(end - start) / 60, decimals: 10)
    out.append("\" durationUnit=\"min\"")
    out.append(sourceAttributes[.watch]!)
    out.append(" creationDate=\"")
    out.appendDate(model.creationDate(after: end, lag: (5...40).pick(end)))
    out.append("\" startDate=\"")
    out.appendDate(start)
    out.append("\" endDate=\"")
    out.appendDate(end)
    out.append("\">\n")
    metadata("HKIndoorWorkout", workout.isIndoor ? "1" : "0")
    metadata("HKTimeZone", model.timeZoneIdentifier)
    if !workout.isIndoor {
      metadata("HKWeatherTemperature", "\(workout.weatherTemperatureFahrenheit) degF")
      metadata("HKWeatherHumidity", "\(workout.weatherHumidityPercent * 100) %")
      metadata("HKElevationAscended", "\(workout.elevationAscendedCentimeters) cm")
    }
    metadata("HKAverageMETs", XMLOutput.text(summary.averageMETs, decimals: 4) + " kcal/hr·kg")

    for segment in summary.segments {
      out.append("  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"")
      out.appendDate(segment.start)
      out.append("\" duration=\"")
      out.append(segment.minutes, decimals: 10)
      out.append("\" durationUnit=\"min\"/>\n")
    }
    if let pause = workout.pause {
      for (type, offset) in [("Pause", pause.offset), ("Resume", pause.offset + pause.length)] {
        out.append("  <WorkoutEvent type=\"HKWorkoutEventType")
        out.append(Array(type.utf8))
        out.append("\" date=\"")
        out.appendDate(plan.instant(workout.start + offset))
        out.append("\"/>\n")
      }
    }
    func statistics(_ type: String, _ attributes: [(String, Double, Int)], unit: StaticString) {
      out.append("  <WorkoutStatistics type=\"")
      out.append(Array(type.utf8))
      out.append("\" startDate=\"")
      out.appendDate(start)
      out.append("\" endDate=\"")
      out.appendDate(end)
      for (name, value, decimals) in attributes {
        out.append("\" ")
        out.append(Array(name.utf8))
        out.append("=\"")
        out.append(value, decimals: decimals)
      }
      out.append("\" unit=\"")
      out.append(unit)
      out.append("\"/>\n")
    }
    statistics("HKQuantityTypeIdentifierActiveEnergyBurned", [("sum", summary.activeEnergy, 3)], unit: "kcal")
    statistics("HKQuantityTypeIdentifierBasalEnergyBurned", [("sum", summary.basalEnergy, 3)], unit: "kcal")
    if let type = workout.activity.distanceType {
      statistics(type, [("sum", summary.miles, 5)], unit: "mi")
    }
    if summary.steps > 0 {
      statistics("HKQuantityTypeIdentifierStepCount", [("sum", Double(summary.steps), 0)], unit: "count")
    }
    if let heartRate = summary.heartRate {
      statistics(
        "HKQuantityTypeIdentifierHeartRate",
        [
          ("average", heartRate.average, 3), ("minimum", heartRate.minimum, 0),
          ("maximum", heartRate.maximum, 0),
        ],
        unit: "count/min")
    }
    if workout.hasRoute {
      let route = RouteFile(plan: plan, workout: workout, model: model)
      out.append("  <WorkoutRoute")
      out.append(sourceAttributes[.watch]!)
      out.append(" creationDate=\"")
      out.appendDate(model.creationDate(after: end, lag: (40...120).pick(end)))
      out.append("\" startDate=\"")
      out.appendDate(start)
      out.append("\" endDate=\"")
      out.appendDate(end)
      out.append("\">\n")
      metadata("HKMetadataKeySyncVersion", "2", indent: 3)
      metadata("HKMetadataKeySyncIdentifier", summary.routeIdentifier, indent: 3)
      out.append("   <FileReference path=\"")
      out.append(Array(route.path.utf8))
      out.append("\"/>\n  </WorkoutRoute>\n")
    }
    out.append(" </Workout>\n")
  }

  /// The day's activity rings.
  mutating func writeActivitySummary(dayNumber: Int64) {
    let rings = model.activityRings(model.day(dayNumber))
    let date = rings.date
    out.append(" <ActivitySummary dateComponents=\"")
    out.append(Array(XMLOutput.dayText(date.year, date.month, date.day).utf8))
    out.append("\" activeEnergyBurned=\"")
    out.append(rings.activeEnergy, decimals: 3)
    out.append("\" activeEnergyBurnedGoal=\"")
    out.append(rings.moveGoal)
    out.append(
      "\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"")
    out.append(rings.exerciseMinutes)
    out.append("\" appleExerciseTimeGoal=\"30\" appleStandHours=\"")
    out.append(rings.standHours)
    out.append("\" appleStandHoursGoal=\"12\"/>\n")
  }

  /// Every `ClinicalRecord` element.
  mutating func writeClinicalRecords() {
    for document in model.clinicalDocuments() {
      out.append(" <ClinicalRecord type=\"")
      out.append(Array(document.resourceType.utf8))
      out.append("\" identifier=\"")
      out.append(Array(document.identifier.utf8))
      out.append("\" sourceName=\"")
      out.appendEscaped(document.provider.name)
      out.append("\" sourceURL=\"")
      out.appendEscaped(document.sourceURL)
      out.append("\" fhirVersion=\"")
      out.append(Array(document.provider.fhirVersion.utf8))
      out.append("\" receivedDate=\"")
      out.appendDate(document.receivedInstant)
      out.append("\" resourceFilePath=\"")
      out.append(Array(document.resourceFilePath.utf8))
      out.append("\"/>\n")
    }
  }
}
