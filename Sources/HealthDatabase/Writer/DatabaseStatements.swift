/// The insert statements of the database writer, each prepared once.
struct DatabaseStatements {
  let source: SQLiteStatement
  let record: BatchedInsert
  let metadata: BatchedInsert
  let heartbeat: BatchedInsert
  let correlation: SQLiteStatement
  let workout: SQLiteStatement
  let workoutActivity: SQLiteStatement
  let workoutEvent: SQLiteStatement
  let workoutStatistics: SQLiteStatement
  let workoutRoute: SQLiteStatement
  let routePoint: BatchedInsert
  let activitySummary: SQLiteStatement
  let me: SQLiteStatement
  let ecg: SQLiteStatement
  let ecgSample: BatchedInsert
  let clinicalRecord: SQLiteStatement
  let labResult: SQLiteStatement
  let summary: SQLiteStatement
  let audiogram: SQLiteStatement
  let audiogramPoint: SQLiteStatement
  let visionPrescription: SQLiteStatement
  let visionValue: SQLiteStatement
  let stateOfMind: SQLiteStatement

  init(_ connection: SQLiteConnection) throws(DatabaseError) {
    func insert(_ table: String, _ columns: String) throws(DatabaseError) -> SQLiteStatement {
      let count = columns.split(separator: ",").count
      let placeholders = Array(repeating: "?", count: count).joined(separator: ", ")
      return try connection.prepare("INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))")
    }
    func batch(_ table: String, _ columns: String) throws(DatabaseError) -> BatchedInsert {
      try BatchedInsert(connection, table: table, columns: columns)
    }
    source = try insert("sources", "id, name, version, device, device_model, priority")
    record = try batch(
      "records",
      "id, type, source_id, unit, value, value_text, creation_date, start_date, end_date, creation_unix, "
        + "start_unix, end_unix, correlation_id")
    metadata = try batch("metadata", "owner_kind, owner_id, key, value")
    heartbeat = try batch("heart_rate_beats", "record_id, n, bpm, time")
    correlation = try insert(
      "correlations",
      "id, type, source_id, creation_date, start_date, end_date, creation_unix, start_unix, end_unix")
    workout = try insert(
      "workouts",
      "id, activity_type, source_id, duration_s, total_distance, total_distance_unit, total_energy_kcal, "
        + "creation_date, start_date, end_date, creation_unix, start_unix, end_unix")
    workoutActivity = try insert(
      "workout_activities", "id, workout_id, uuid, start_date, end_date, start_unix, end_unix, duration_s")
    workoutEvent = try insert(
      "workout_events", "id, workout_id, activity_id, type, date, date_unix, duration_s")
    workoutStatistics = try insert(
      "workout_statistics",
      "workout_id, activity_id, type, start_date, end_date, start_unix, end_unix, average, minimum, maximum, "
        + "sum, unit")
    workoutRoute = try insert(
      "workout_routes",
      "id, workout_id, source_name, start_date, end_date, start_unix, end_unix, file, points")
    routePoint = try batch(
      "route_points",
      "workout_id, route_id, time, time_unix, latitude, longitude, elevation_m, speed_mps, course_deg, "
        + "horizontal_accuracy_m, vertical_accuracy_m")
    activitySummary = try insert(
      "activity_summaries",
      "id, date, active_energy_burned, active_energy_burned_goal, active_energy_burned_unit, move_time, "
        + "move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal")
    me = try insert(
      "me", "date_of_birth, biological_sex, blood_type, fitzpatrick_skin_type, cardio_fitness_medications_use"
    )
    ecg = try insert(
      "ecgs",
      "id, file, recorded_date, recorded_unix, classification, symptoms, software_version, device, "
        + "sample_rate_hz, lead, unit, samples, name, date_of_birth")
    ecgSample = try batch("ecg_samples", "ecg_id, n, microvolts")
    clinicalRecord = try insert(
      "clinical_records",
      "id, type, identifier, source_name, source_url, fhir_version, received_date, received_unix, "
        + "resource_type, resource_path, resource_json")
    labResult = try insert(
      "lab_results",
      "id, clinical_record_id, loinc, name, value, unit, effective_date, effective_unix, source_name")
    summary = try insert(
      "summaries", "period, period_start, type, metric, value, unit, minimum, maximum, count, sources")
    audiogram = try insert(
      "audiograms",
      "id, type, source_id, creation_date, start_date, end_date, creation_unix, start_unix, end_unix")
    audiogramPoint = try insert(
      "audiogram_points",
      "audiogram_id, frequency, frequency_unit, left_ear, left_ear_unit, left_ear_masked, "
        + "left_ear_clamping_lower, left_ear_clamping_upper, right_ear, right_ear_unit, right_ear_masked, "
        + "right_ear_clamping_lower, right_ear_clamping_upper")
    visionPrescription = try insert(
      "vision_prescriptions",
      "id, type, date_issued, date_issued_unix, expiration_date, expiration_unix, brand")
    visionValue = try insert("vision_prescription_values", "prescription_id, eye, name, value, unit")
    stateOfMind = try insert(
      "state_of_mind",
      "id, source_id, creation_date, start_date, end_date, creation_unix, start_unix, end_unix, kind, "
        + "valence, labels, associations")
  }

  /// Inserts the rows the batched inserts hold: before anything reads their tables.
  /// - Throws: `DatabaseError`.
  func flush() throws(DatabaseError) {
    for batch in [record, metadata, heartbeat, routePoint, ecgSample] { try batch.flush() }
  }
}
