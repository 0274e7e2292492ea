import Foundation
import HealthArchive
import HealthModel

/// Workouts with what belongs to them, activity summaries, clinical records and lab results.
extension DatabaseItemReader {
  private static func string(_ value: SQLiteValue) -> String? {
    if case .text(let text) = value { return text }
    return nil
  }

  private static func number(_ value: SQLiteValue) -> Double? {
    switch value {
    case .integer(let number): Double(number)
    case .real(let number): number
    default: nil
    }
  }

  private func rows(_ sql: String) throws -> [[SQLiteValue]] { try connection.rows(sql) }

  private func entries(_ kind: String, _ id: Int64) throws -> [MetadataEntry] {
    try rows(
      "SELECT key, value FROM metadata WHERE owner_kind = '\(kind)' AND owner_id = \(id) ORDER BY rowid"
    )
    .compactMap { row in
      guard case .text(let key) = row[0], case .text(let value) = row[1] else { return nil }
      return MetadataEntry(key: key, value: value)
    }
  }

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
            type: Self.string(row[1]) ?? "", startDate: Self.timestamp(row[2], row[3]),
            endDate: Self.timestamp(row[4], row[5]), average: Self.number(row[6]),
            minimum: Self.number(row[7]),
            maximum: Self.number(row[8]), sum: Self.number(row[9]), unit: Self.string(row[10]))
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
              type: Self.string(event[2]) ?? "", date: date,
              duration: Self.number(event[5]).map { Quantity(value: $0, unit: "s") },
              metadata: try entries("workout_event", eventID))
          ))
      }
      var activities: [WorkoutActivity] = []
      for part in try rows(
        "SELECT id, uuid, start_unix, start_date, end_unix, end_date, duration_s FROM workout_activities WHERE workout_id = \(id) ORDER BY id"
      ) {
        guard case .integer(let partID) = part[0] else { continue }
        activities.append(
          WorkoutActivity(
            uuid: Self.string(part[1]) ?? "", startDate: Self.timestamp(part[2], part[3]),
            endDate: Self.timestamp(part[4], part[5]),
            duration: Self.number(part[6]).map { Quantity(value: $0, unit: "s") },
            metadata: try entries("workout_activity", partID),
            events: events.filter { $0.activity == .integer(partID) }.map(\.event),
            statistics: statistics.filter { $0.activity == .integer(partID) }.map(\.statistics)))
      }
      var routes: [WorkoutRoute] = []
      var files: [(id: Int64, file: String)] = []
      for route in try rows(
        "SELECT id, source_name, start_unix, start_date, end_unix, end_date, file FROM workout_routes WHERE workout_id = \(id) ORDER BY id"
      ) {
        guard case .integer(let routeID) = route[0] else { continue }
        let file = Self.string(route[6])
        let locations = file == nil ? try points(ofRoute: routeID) : []
        if let file { files.append((routeID, file)) }
        routes.append(
          WorkoutRoute(
            sourceName: Self.string(route[1]) ?? "", startDate: Self.timestamp(route[2], route[3]),
            endDate: Self.timestamp(route[4], route[5]), metadata: try entries("workout_route", routeID),
            filePaths: file.map { [$0] } ?? [], inlineLocationCount: locations.count, locations: locations))
      }
      // A workout with statistics has its totals from them, as the database made its columns.
      let hasStatistics = !statistics.isEmpty
      try give(
        .workout(
          Workout(
            activityType: type, duration: Self.number(row[5]).map { Quantity(value: $0, unit: "s") },
            totalDistance: hasStatistics
              ? nil : Self.number(row[6]).map { Quantity(value: $0, unit: Self.string(row[7]) ?? "m") },
            totalEnergyBurned: hasStatistics
              ? nil : Self.number(row[8]).map { Quantity(value: $0, unit: "kcal") },
            sourceName: Self.string(row[2]) ?? "", sourceVersion: Self.string(row[3]),
            device: Self.string(row[4]),
            creationDate: Self.timestamp(row[9], row[10]), startDate: start, endDate: end,
            metadata: try entries("workout", id),
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
        time: Self.timestamp(row[0], row[1]), latitude: Self.number(row[2]) ?? 0,
        longitude: Self.number(row[3]) ?? 0,
        elevation: Self.number(row[4]), speed: Self.number(row[5]), course: Self.number(row[6]),
        horizontalAccuracy: Self.number(row[7]), verticalAccuracy: Self.number(row[8]))
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
          ActivitySummary(dateComponents: date, values: values + (try entries("activity_summary", id)))))
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
        Self.number($0[0])
      }
      try give(
        .electrocardiogram(
          Electrocardiogram(
            fileName: file, name: Self.string(row[11]), dateOfBirth: Self.string(row[12]),
            recordedDate: Self.timestamp(row[2], row[3]), classification: Self.string(row[4]),
            symptoms: Self.string(row[5]), softwareVersion: Self.string(row[6]), device: Self.string(row[7]),
            sampleRate: Self.number(row[8]), lead: Self.string(row[9]), unit: Self.string(row[10]),
            otherHeaders: try entries("ecg", id), samples: samples)))
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
      let path = Self.string(row[9])
      try give(
        .clinicalRecord(
          ClinicalRecord(
            type: type, identifier: Self.string(row[2]) ?? "", sourceName: Self.string(row[3]) ?? "",
            sourceURL: Self.string(row[4]), fhirVersion: Self.string(row[5]),
            receivedDate: Self.timestamp(row[6], row[7]), resourceFilePath: path,
            resource: Self.string(row[10]).map { FHIRResource(json: $0, resourceType: Self.string(row[8])) }))
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
    guard case .text(let loinc) = row[0], let value = Self.number(row[2]), case .text(let text) = row[5]
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
      ? nil : ReferenceRange(low: Self.number(row[7]), high: Self.number(row[8]))
    return LabResult(
      loinc: loinc, displayName: Self.string(row[1]), value: value, unit: Self.string(row[3]) ?? "",
      date: date,
      isLocalTime: isLocalTime, sourceName: Self.string(row[6]) ?? "", referenceRange: range,
      resourceFilePath: path, dateText: text)
  }
}
