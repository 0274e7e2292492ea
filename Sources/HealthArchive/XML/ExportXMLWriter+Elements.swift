import HealthModel

/// Correlations, workouts (with their routes' inline locations) and clinical records.
extension ExportXMLWriter {
  /// A `Correlation` with its metadata and member records.
  mutating func writeCorrelation(_ correlation: Correlation) {
    out.append(" <Correlation type=\"")
    out.appendEscaped(correlation.type)
    out.append("\"")
    provenance(correlation.sourceName, correlation.sourceVersion, correlation.device)
    dates(creation: correlation.creationDate, start: correlation.startDate, end: correlation.endDate)
    if correlation.metadata.isEmpty && correlation.objects.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(correlation.metadata, depth: 2)
    for member in correlation.objects {
      writeRecord(member, depth: 2)
    }
    out.append(" </Correlation>\n")
  }

  /// A `Workout`: its totals as attributes where it has them (the shape before iOS 16), then its
  /// metadata, events, activities, statistics and routes.
  mutating func writeWorkout(_ workout: Workout) {
    out.append(" <Workout workoutActivityType=\"")
    out.appendEscaped(workout.activityType)
    out.append("\"")
    quantity(workout.duration, "duration", "durationUnit")
    quantity(workout.totalDistance, "totalDistance", "totalDistanceUnit")
    quantity(workout.totalEnergyBurned, "totalEnergyBurned", "totalEnergyBurnedUnit")
    provenance(workout.sourceName, workout.sourceVersion, workout.device)
    dates(creation: workout.creationDate, start: workout.startDate, end: workout.endDate)
    if workout.metadata.isEmpty && workout.events.isEmpty && workout.activities.isEmpty
      && workout.statistics.isEmpty && workout.routes.isEmpty
    {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(workout.metadata, depth: 2)
    for event in workout.events { writeEvent(event, depth: 2) }
    for activity in workout.activities { writeActivity(activity) }
    for statistics in workout.statistics { writeStatistics(statistics, depth: 2) }
    for route in workout.routes { writeRoute(route) }
    out.append(" </Workout>\n")
  }

  private mutating func writeEvent(_ event: WorkoutEvent, depth: Int) {
    indent(depth)
    out.append("<WorkoutEvent type=\"")
    out.appendEscaped(event.type)
    out.append("\" date=\"")
    appendDate(event.date)
    out.append("\"")
    quantity(event.duration, "duration", "durationUnit")
    if event.metadata.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(event.metadata, depth: depth + 1)
    indent(depth)
    out.append("</WorkoutEvent>\n")
  }

  /// A part of a multi-part workout (`WorkoutActivity`, as iOS 16 and later nest it), with its
  /// own metadata, events and statistics.
  private mutating func writeActivity(_ activity: WorkoutActivity) {
    out.append("  <WorkoutActivity uuid=\"")
    out.appendEscaped(activity.uuid)
    out.append("\"")
    dateAttribute(" startDate=\"", activity.startDate)
    dateAttribute(" endDate=\"", activity.endDate)
    quantity(activity.duration, "duration", "durationUnit")
    if activity.metadata.isEmpty && activity.events.isEmpty && activity.statistics.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(activity.metadata, depth: 3)
    for event in activity.events { writeEvent(event, depth: 3) }
    for statistics in activity.statistics { writeStatistics(statistics, depth: 3) }
    out.append("  </WorkoutActivity>\n")
  }

  private mutating func writeStatistics(_ statistics: WorkoutStatistics, depth: Int) {
    indent(depth)
    out.append("<WorkoutStatistics type=\"")
    out.appendEscaped(statistics.type)
    out.append("\"")
    dateAttribute(" startDate=\"", statistics.startDate)
    dateAttribute(" endDate=\"", statistics.endDate)
    number(" average=\"", statistics.average)
    number(" minimum=\"", statistics.minimum)
    number(" maximum=\"", statistics.maximum)
    number(" sum=\"", statistics.sum)
    if let unit = statistics.unit { attribute("unit", unit) }
    out.append("/>\n")
  }

  /// A `WorkoutRoute` with its metadata and the `FileReference`s of its GPX files.
  private mutating func writeRoute(_ route: WorkoutRoute) {
    out.append("  <WorkoutRoute")
    provenance(route.sourceName, route.sourceVersion, route.device)
    dates(creation: route.creationDate, start: route.startDate, end: route.endDate)
    if route.metadata.isEmpty && route.filePaths.isEmpty && route.locations.isEmpty {
      out.append("/>\n")
      return
    }
    out.append(">\n")
    metadata(route.metadata, depth: 3)
    for location in route.locations { writeLocation(location) }
    for path in route.filePaths {
      out.append("   <FileReference path=\"")
      out.appendEscaped(path)
      out.append("\"/>\n")
    }
    out.append("  </WorkoutRoute>\n")
  }

  /// An inline `Location` of a route, as exports before iOS 13 hold them: `date latitude
  /// longitude altitude horizontalAccuracy verticalAccuracy course speed`.
  private mutating func writeLocation(_ point: RoutePoint) {
    out.append("   <Location")
    dateAttribute(" date=\"", point.time)
    numberAttribute("latitude", point.latitude)
    numberAttribute("longitude", point.longitude)
    if let value = point.elevation { numberAttribute("altitude", value) }
    if let value = point.horizontalAccuracy { numberAttribute("horizontalAccuracy", value) }
    if let value = point.verticalAccuracy { numberAttribute("verticalAccuracy", value) }
    if let value = point.course { numberAttribute("course", value) }
    if let value = point.speed { numberAttribute("speed", value) }
    out.append("/>\n")
  }

  /// A `ClinicalRecord`: the reference to a FHIR resource's file.
  mutating func writeClinicalRecord(_ record: ClinicalRecord) {
    out.append(" <ClinicalRecord")
    attribute("type", record.type)
    attribute("identifier", record.identifier)
    attribute("sourceName", record.sourceName)
    if let url = record.sourceURL { attribute("sourceURL", url) }
    if let version = record.fhirVersion { attribute("fhirVersion", version) }
    dateAttribute(" receivedDate=\"", record.receivedDate)
    if let path = record.resourceFilePath { attribute("resourceFilePath", path) }
    out.append("/>\n")
  }

  // MARK: - Pieces

  /// ` name="value" unitName="unit"` when there is a quantity.
  mutating func quantity(_ quantity: Quantity?, _ name: String, _ unitName: String) {
    guard let quantity else { return }
    out.append(" ")
    out.appendEscaped(name)
    out.append("=\"")
    out.appendShortest(quantity.value, placesExponent: true)
    out.append("\"")
    attribute(unitName, quantity.unit)
  }

  /// ` name="value"` when there is a number.
  private mutating func number(_ prefix: StaticString, _ value: Double?) {
    guard let value else { return }
    out.append(prefix)
    out.appendShortest(value, placesExponent: true)
    out.append("\"")
  }
}
