import CSQLite

/// The insert statements of the database writer, each prepared once: `Single` a statement of one
/// row, `Batch` a batched insert. The statements themselves (`SQLiteStatement`, `BatchedInsert`)
/// on the SQLite thread; on the writing thread, `TapeStatement`s that write the calls down for it,
/// numbered in the same order (`DatabaseStatements.onTape`).
struct DatabaseStatements<Single, Batch> {
  let source: Single
  let record: Batch
  let metadata: Batch
  let heartbeat: Batch
  let correlation: Single
  let workout: Single
  let workoutActivity: Single
  let workoutEvent: Single
  let workoutStatistics: Single
  let workoutRoute: Single
  let routePoint: Batch
  let activitySummary: Single
  let me: Single
  let ecg: Single
  let ecgSample: Batch
  let clinicalRecord: Single
  let labResult: Single
  let summary: Single
  /// Into `temp.summary_rows`, where the summaries' rows wait to be sorted into `summaries`.
  let summaryStaging: Single
  let audiogram: Single
  let audiogramPoint: Single
  let visionPrescription: Single
  let visionValue: Single
  let stateOfMind: Single

  /// Makes each statement with `insert` (a table and its columns, comma-separated) or `batch`,
  /// in the order of the properties.
  init<Failure: Error>(
    insert: (String, String) throws(Failure) -> Single, batch: (String, String) throws(Failure) -> Batch
  ) throws(Failure) {
    source = try insert("sources", "id, name, version, device, device_model, priority")
    record = try batch(
      "records",
      "type, source_id, unit, value, value_text, creation_date, start_date, end_date, creation_unix, "
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
      "workout_id, route_id, time, time_date, time_unix, latitude, longitude, elevation_m, speed_mps, "
        + "course_deg, horizontal_accuracy_m, vertical_accuracy_m")
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
      "id, clinical_record_id, loinc, name, value, unit, effective_date, effective_unix, source_name, "
        + "reference_low, reference_high")
    summary = try insert(
      "summaries", "period, period_start, type, metric, value, unit, minimum, maximum, count, sources")
    summaryStaging = try insert(
      "temp.summary_rows",
      "period_order, period, period_start, type, metric, value, unit, minimum, maximum, count, sources")
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

}

extension DatabaseStatements where Single == SQLiteStatement, Batch == BatchedInsert {
  /// Prepares the statements on `connection`, each numbered in `singles` or `batches` in the
  /// order made.
  init(
    _ connection: SQLiteConnection, singles: inout [SQLiteStatement], batches: inout [BatchedInsert]
  ) throws(DatabaseError) {
    var madeSingles: [SQLiteStatement] = []
    var madeBatches: [BatchedInsert] = []
    try self.init(
      insert: { (table, columns) throws(DatabaseError) in
        let count = columns.split(separator: ",").count
        let placeholders = Array(repeating: "?", count: count).joined(separator: ", ")
        let statement = try connection.prepare("INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))")
        madeSingles.append(statement)
        return statement
      },
      batch: { (table, columns) throws(DatabaseError) in
        let batch = try BatchedInsert(connection, table: table, columns: columns)
        madeBatches.append(batch)
        return batch
      })
    singles = madeSingles
    batches = madeBatches
  }

  /// Inserts the rows the batched inserts hold: before anything reads their tables.
  /// - Throws: `DatabaseError`.
  func flush() throws(DatabaseError) {
    for batch in [record, metadata, heartbeat, routePoint, ecgSample] { try batch.flush() }
  }
}

extension DatabaseStatements where Single == TapeStatement, Batch == TapeStatement {
  /// The statements written onto `recorder`'s tapes, numbered as `init(_:singles:batches:)`
  /// numbers the statements themselves.
  static func onTape(_ recorder: TapeRecorder) -> Self {
    var singles = 0
    var batches = 0
    return Self(
      insert: { _, _ in
        defer { singles += 1 }
        return TapeStatement(recorder: recorder, number: singles, isBatch: false)
      },
      batch: { _, _ in
        defer { batches += 1 }
        return TapeStatement(recorder: recorder, number: batches, isBatch: true)
      })
  }
}

/// The connection of a database being written and its statements, on the SQLite thread: made,
/// used and closed there (`SQLiteThread`).
final class DatabaseConnectionSide: SQLiteThreadState {
  let connection: SQLiteConnection
  /// The statements; nil once the database is finished.
  var statements: DatabaseStatements<SQLiteStatement, BatchedInsert>?
  private var singles: [SQLiteStatement] = []
  private var batches: [BatchedInsert] = []

  init(connection: SQLiteConnection) throws(DatabaseError) {
    self.connection = connection
    statements = try DatabaseStatements(connection, singles: &singles, batches: &batches)
  }

  func replay(_ tape: StatementTape) throws(DatabaseError) {
    try tape.replay(singles: singles, batches: batches)
  }

  /// The statements, while the database is being written.
  /// - Throws: `DatabaseError` (SQLite's misuse code) once they are released.
  func preparedStatements() throws(DatabaseError) -> DatabaseStatements<SQLiteStatement, BatchedInsert> {
    guard let statements else {
      throw DatabaseError(
        path: connection.path, code: SQLITE_MISUSE, message: "the database's statements are already released")
    }
    return statements
  }

  /// Finalizes the statements, before the connection is closed.
  func releaseStatements() {
    statements = nil
    singles = []
    batches = []
  }
}
