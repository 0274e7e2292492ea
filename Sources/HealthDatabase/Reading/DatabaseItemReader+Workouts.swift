import Foundation
import HealthArchive
import HealthModel

/// Workouts with what belongs to them, activity summaries, clinical records and lab results.
extension DatabaseItemReader {

  private func rows(_ sql: String) throws -> [[SQLiteValue]] { try connection.rows(sql) }

  /// The workouts, each with its statistics, events, parts and routes; the points of a route's
  /// file follow its workout, as an export's reader gives them.
  func readWorkouts(_ give: (HealthItem) throws -> Void) throws {
    let workouts = try rows(
      """
      SELECT w.id, w.activity_type, s.name, s.version, s.device, w.duration_s, w.total_distance, w.total_distance_unit,
        w.total_energy_kcal, w.creation_unix, w.creation_date, w.start_unix, w.start_date, w.end_unix, w.end_date
      FROM workouts AS w JOIN sources AS s ON s.id = w.source_id ORDER BY w.id
      """)
    for row in workouts {
      guard case .integer(let id) = row[0], case .text(let type) = row[1],
        let start = Self.timestamp(row[11], row[12]), let end = Self.timestamp(row[13], row[14])
      else { continue }
      let statistics = try rows(
        """
        SELECT activity_id, type, start_unix, start_date, end_unix, end_date, average, minimum, maximum, sum, unit
        FROM workout_statistics WHERE workout_id = \(id) ORDER BY rowid
        """
      ).map { row in
        (
          activity: row[0],
          statistics: WorkoutStatistics(
            type: row[1].text ?? "", startDate: Self.timestamp(row[2], row[3]),
            endDate: Self.timestamp(row[4], row[5]), average: row[6].number,
            minimum: row[7].number,
            maximum: row[8].number, sum: row[9].number, unit: row[10].text)
        )
      }
      var events: [(activity: SQLiteValue, event: WorkoutEvent)] = []
      for event in try rows(
        "SELECT id, activity_id, type, date_unix, date, duration_s FROM workout_events WHERE workout_id = \(id) ORDER BY id"
      ) {
        guard case .integer(let eventID) = event[0], let date = Self.timestamp(event[3], event[4]) else {
          continue
        }
        events.append(
          (
            event[1],
            WorkoutEvent(
              type: event[2].text ?? "", date: date,
              duration: event[5].number.map { Quantity(value: $0, unit: "s") },
              metadata: try metadata("workout_event", eventID))
          ))
      }
      var activities: [WorkoutActivity] = []
      for part in try rows(
        "SELECT id, uuid, start_unix, start_date, end_unix, end_date, duration_s FROM workout_activities WHERE workout_id = \(id) ORDER BY id"
      ) {
        guard case .integer(let partID) = part[0] else { continue }
        activities.append(
          WorkoutActivity(
            uuid: part[1].text ?? "", startDate: Self.timestamp(part[2], part[3]),
            endDate: Self.timestamp(part[4], part[5]),
            duration: part[6].number.map { Quantity(value: $0, unit: "s") },
            metadata: try metadata("workout_activity", partID),
            events: events.filter { $0.activity == .integer(partID) }.map(\.event),
            statistics: statistics.filter { $0.activity == .integer(partID) }.map(\.statistics)))
      }
      var routes: [WorkoutRoute] = []
      var files: [(id: Int64, file: String)] = []
      for route in try rows(
        "SELECT id, source_name, start_unix, start_date, end_unix, end_date, file FROM workout_routes WHERE workout_id = \(id) ORDER BY id"
      ) {
        guard case .integer(let routeID) = route[0] else { continue }
        let file = route[6].text
        let locations = file == nil ? try points(ofRoute: routeID) : []
        if let file { files.append((routeID, file)) }
        routes.append(
          WorkoutRoute(
            sourceName: route[1].text ?? "", startDate: Self.timestamp(route[2], route[3]),
            endDate: Self.timestamp(route[4], route[5]), metadata: try metadata("workout_route", routeID),
            filePaths: file.map { [$0] } ?? [], inlineLocationCount: locations.count, locations: locations))
      }
      // A workout with statistics has its totals from them, as the database made its columns.
      let hasStatistics = !statistics.isEmpty
      try give(
        .workout(
          Workout(
            activityType: type, duration: row[5].number.map { Quantity(value: $0, unit: "s") },
            totalDistance: hasStatistics
              ? nil : row[6].number.map { Quantity(value: $0, unit: row[7].text ?? "m") },
            totalEnergyBurned: hasStatistics
              ? nil : row[8].number.map { Quantity(value: $0, unit: "kcal") },
            sourceName: row[2].text ?? "", sourceVersion: row[3].text,
            device: row[4].text,
            creationDate: Self.timestamp(row[9], row[10]), startDate: start, endDate: end,
            metadata: try metadata("workout", id),
            events: events.filter { $0.activity == .null }.map(\.event),
            statistics: statistics.filter { $0.activity == .null }.map(\.statistics), routes: routes,
            activities: activities)))
      if filter.includesRoutePoints {
        for (routeID, file) in files {
          try give(.routePoints(RoutePoints(filePath: file, points: try points(ofRoute: routeID))))
        }
      }
    }
  }

  private func points(ofRoute id: Int64) throws -> [RoutePoint] {
    try rows(
      """
      SELECT time_unix, time_date, latitude, longitude, elevation_m, speed_mps, course_deg, horizontal_accuracy_m,
        vertical_accuracy_m
      FROM route_points WHERE route_id = \(id) ORDER BY rowid
      """
    ).map { row in
      RoutePoint(
        time: Self.timestamp(row[0], row[1]), latitude: row[2].number ?? 0,
        longitude: row[3].number ?? 0,
        elevation: row[4].number, speed: row[5].number, course: row[6].number,
        horizontalAccuracy: row[7].number, verticalAccuracy: row[8].number)
    }
  }

  /// The activity summaries, their attributes as export.xml writes them.
  func readActivitySummaries(_ give: (HealthItem) throws -> Void) throws {
    let columns = DatabaseWriter.activitySummaryColumns
    for row in try rows(
      "SELECT id, date, \(DatabaseSchema.columnNames(of: "activity_summaries").dropFirst(2).joined(separator: ", ")) FROM activity_summaries ORDER BY id"
    ) {
      guard case .integer(let id) = row[0], case .text(let date) = row[1] else { continue }
      var values: [MetadataEntry] = []
      for (index, key) in columns.enumerated() {
        switch row[index + 2] {
        case .text(let text): values.append(MetadataEntry(key: key, value: text))
        case .integer(let number): values.append(MetadataEntry(key: key, value: String(number)))
        case .real(let number): values.append(MetadataEntry(key: key, value: Self.text(of: number)))
        case .null: break
        }
      }
      try give(
        .activitySummary(
          ActivitySummary(dateComponents: date, values: values + (try metadata("activity_summary", id)))))
    }
  }

  /// The ECG recordings, with their samples in microvolts.
  func readElectrocardiograms(_ give: (HealthItem) throws -> Void) throws {
    for row in try rows(
      """
      SELECT id, file, recorded_unix, recorded_date, classification, symptoms, software_version, device,
        sample_rate_hz, lead, unit, name, date_of_birth
      FROM ecgs ORDER BY id
      """)
    {
      guard case .integer(let id) = row[0], case .text(let file) = row[1] else { continue }
      let samples = try rows("SELECT microvolts FROM ecg_samples WHERE ecg_id = \(id) ORDER BY n").compactMap
      {
        $0[0].number
      }
      try give(
        .electrocardiogram(
          Electrocardiogram(
            fileName: file, name: row[11].text, dateOfBirth: row[12].text,
            recordedDate: Self.timestamp(row[2], row[3]), classification: row[4].text,
            symptoms: row[5].text, softwareVersion: row[6].text, device: row[7].text,
            sampleRate: row[8].number, lead: row[9].text, unit: row[10].text,
            otherHeaders: try metadata("ecg", id), samples: samples)))
    }
  }

  /// The clinical records, each followed by the lab results read from it; then the lab results
  /// of no clinical record (a profile's).
  func readClinicalRecords(_ give: (HealthItem) throws -> Void) throws {
    let labs = """
      SELECT loinc, name, value, unit, effective_unix, effective_date, source_name, reference_low, reference_high
      FROM lab_results
      """
    for row in try rows(
      """
      SELECT id, type, identifier, source_name, source_url, fhir_version, received_unix, received_date, resource_type,
        resource_path, resource_json
      FROM clinical_records ORDER BY id
      """)
    {
      guard case .integer(let id) = row[0], case .text(let type) = row[1] else { continue }
      let path = row[9].text
      try give(
        .clinicalRecord(
          ClinicalRecord(
            type: type, identifier: row[2].text ?? "", sourceName: row[3].text ?? "",
            sourceURL: row[4].text, fhirVersion: row[5].text,
            receivedDate: Self.timestamp(row[6], row[7]), resourceFilePath: path,
            resource: row[10].text.map { FHIRResource(json: $0, resourceType: row[8].text) }))
      )
      for lab in try rows(labs + " WHERE clinical_record_id = \(id) ORDER BY id") {
        if let result = labResult(lab, path: path) { try give(.labResult(result)) }
      }
    }
    for lab in try rows(labs + " WHERE clinical_record_id IS NULL ORDER BY id") {
      if let result = labResult(lab, path: nil) { try give(.labResult(result)) }
    }
  }

  private func labResult(_ row: [SQLiteValue], path: String?) -> LabResult? {
    guard case .text(let loinc) = row[0], let value = row[2].number, case .text(let text) = row[5]
    else {
      return nil
    }
    let date: Timestamp
    var isLocalTime = false
    if let instant = Self.timestamp(row[4], row[5]) {
      date = instant
    } else {
      // A day alone, or a time without an offset: its civil date and time as if in UTC.
      guard let parsed = ISO8601DateTime(parsing: text.replacingOccurrences(of: " ", with: "T")) else {
        return nil
      }
      date = parsed.timestamp(utcOffset: 0)
      isLocalTime = true
    }
    let range =
      row[7] == .null && row[8] == .null
      ? nil : ReferenceRange(low: row[7].number, high: row[8].number)
    return LabResult(
      loinc: loinc, displayName: row[1].text, value: value, unit: row[3].text ?? "",
      date: date,
      isLocalTime: isLocalTime, sourceName: row[6].text ?? "", referenceRange: range,
      resourceFilePath: path, dateText: text)
  }
}
