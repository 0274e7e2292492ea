/// The tables and indexes of the health database (docs/database.md describes every column).
///
/// Every instant is stored twice: as text in the shape the export writes dates
/// (`2019-07-19 10:36:11 -0700`, or FHIR's text as written) and as Unix seconds (`…_unix`) for
/// range queries. Values are REAL exactly as parsed; a value that is not a number is kept as text.
/// Identifiers are Apple's (`HKQuantityTypeIdentifierStepCount`).
package enum DatabaseSchema {
  /// `PRAGMA user_version`: the version of this schema.
  package static let version = 2

  /// The tables, in creation order.
  package static let tables: [(name: String, columns: String)] = [
    (
      "export_info",
      """
      schema_version INTEGER NOT NULL, tool_version TEXT NOT NULL, input_name TEXT NOT NULL,
      input_shape TEXT NOT NULL, export_date TEXT, export_unix INTEGER, locale TEXT, export_version INTEGER,
      time_zone TEXT NOT NULL, created_unix INTEGER NOT NULL, weight_unit TEXT NOT NULL,
      temperature_unit TEXT NOT NULL, deidentified INTEGER NOT NULL
      """
    ),
    (
      "imports",
      """
      id INTEGER PRIMARY KEY, imported_unix INTEGER NOT NULL, input_name TEXT NOT NULL, export_date TEXT,
      export_unix INTEGER, added INTEGER NOT NULL, removed INTEGER NOT NULL, unchanged INTEGER NOT NULL
      """
    ),
    (
      "removed",
      "import_id INTEGER NOT NULL REFERENCES imports (id), table_name TEXT NOT NULL, row_json TEXT NOT NULL"
    ),
    (
      "me",
      """
      date_of_birth TEXT, biological_sex TEXT, blood_type TEXT, fitzpatrick_skin_type TEXT,
      cardio_fitness_medications_use TEXT
      """
    ),
    (
      "types",
      """
      type TEXT PRIMARY KEY, short_name TEXT NOT NULL, kind TEXT NOT NULL, aggregation TEXT, csv_name TEXT,
      records INTEGER NOT NULL, first_unix INTEGER, last_unix INTEGER
      """
    ),
    (
      "sources",
      """
      id INTEGER PRIMARY KEY, name TEXT, version TEXT, device TEXT, device_model TEXT,
      priority INTEGER NOT NULL
      """
    ),
    (
      "correlations",
      """
      id INTEGER PRIMARY KEY, type TEXT NOT NULL, source_id INTEGER NOT NULL REFERENCES sources (id),
      creation_date TEXT, start_date TEXT NOT NULL, end_date TEXT NOT NULL, creation_unix INTEGER,
      start_unix INTEGER NOT NULL, end_unix INTEGER NOT NULL,
      import_id INTEGER NOT NULL DEFAULT 1 REFERENCES imports (id)
      """
    ),
    (
      "records",
      """
      id INTEGER PRIMARY KEY, type TEXT NOT NULL, source_id INTEGER NOT NULL REFERENCES sources (id),
      unit TEXT, value REAL, value_text TEXT, creation_date TEXT, start_date TEXT NOT NULL,
      end_date TEXT NOT NULL, creation_unix INTEGER, start_unix INTEGER NOT NULL, end_unix INTEGER NOT NULL,
      correlation_id INTEGER REFERENCES correlations (id),
      import_id INTEGER NOT NULL DEFAULT 1 REFERENCES imports (id)
      """
    ),
    (
      "metadata",
      "owner_kind TEXT NOT NULL, owner_id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL"
    ),
    (
      "heart_rate_beats",
      "record_id INTEGER NOT NULL REFERENCES records (id), n INTEGER NOT NULL, bpm REAL, time TEXT NOT NULL"
    ),
    (
      "workouts",
      """
      id INTEGER PRIMARY KEY, activity_type TEXT NOT NULL, source_id INTEGER NOT NULL REFERENCES sources (id),
      duration_s REAL, total_distance REAL, total_distance_unit TEXT, total_energy_kcal REAL,
      creation_date TEXT, start_date TEXT NOT NULL, end_date TEXT NOT NULL, creation_unix INTEGER,
      start_unix INTEGER NOT NULL, end_unix INTEGER NOT NULL,
      import_id INTEGER NOT NULL DEFAULT 1 REFERENCES imports (id)
      """
    ),
    (
      "workout_activities",
      """
      id INTEGER PRIMARY KEY, workout_id INTEGER NOT NULL REFERENCES workouts (id), uuid TEXT NOT NULL,
      start_date TEXT, end_date TEXT, start_unix INTEGER, end_unix INTEGER, duration_s REAL
      """
    ),
    (
      "workout_events",
      """
      id INTEGER PRIMARY KEY, workout_id INTEGER NOT NULL REFERENCES workouts (id),
      activity_id INTEGER REFERENCES workout_activities (id), type TEXT NOT NULL, date TEXT NOT NULL,
      date_unix INTEGER NOT NULL, duration_s REAL
      """
    ),
    (
      "workout_statistics",
      """
      workout_id INTEGER NOT NULL REFERENCES workouts (id), activity_id INTEGER REFERENCES workout_activities (id),
      type TEXT NOT NULL, start_date TEXT, end_date TEXT, start_unix INTEGER, end_unix INTEGER, average REAL,
      minimum REAL, maximum REAL, sum REAL, unit TEXT
      """
    ),
    (
      "workout_routes",
      """
      id INTEGER PRIMARY KEY, workout_id INTEGER NOT NULL REFERENCES workouts (id), source_name TEXT,
      start_date TEXT, end_date TEXT, start_unix INTEGER, end_unix INTEGER, file TEXT, points INTEGER NOT NULL
      """
    ),
    (
      "route_points",
      """
      workout_id INTEGER NOT NULL REFERENCES workouts (id), route_id INTEGER NOT NULL REFERENCES workout_routes (id),
      time TEXT, time_date TEXT, time_unix INTEGER, latitude REAL NOT NULL, longitude REAL NOT NULL, elevation_m REAL,
      speed_mps REAL, course_deg REAL, horizontal_accuracy_m REAL, vertical_accuracy_m REAL
      """
    ),
    (
      "activity_summaries",
      """
      id INTEGER PRIMARY KEY, date TEXT NOT NULL, active_energy_burned REAL, active_energy_burned_goal REAL,
      active_energy_burned_unit TEXT, move_time REAL, move_time_goal REAL, exercise_time REAL,
      exercise_time_goal REAL, stand_hours REAL, stand_hours_goal REAL
      """
    ),
    (
      "ecgs",
      """
      id INTEGER PRIMARY KEY, file TEXT NOT NULL, recorded_date TEXT, recorded_unix INTEGER, classification TEXT,
      symptoms TEXT, software_version TEXT, device TEXT, sample_rate_hz REAL, lead TEXT, unit TEXT,
      samples INTEGER NOT NULL, name TEXT, date_of_birth TEXT
      """
    ),
    (
      "ecg_samples",
      "ecg_id INTEGER NOT NULL REFERENCES ecgs (id), n INTEGER NOT NULL, microvolts REAL NOT NULL"
    ),
    (
      "clinical_records",
      """
      id INTEGER PRIMARY KEY, type TEXT NOT NULL, identifier TEXT, source_name TEXT,
      source_url TEXT, fhir_version TEXT, received_date TEXT, received_unix INTEGER, resource_type TEXT,
      resource_path TEXT, resource_json TEXT, import_id INTEGER NOT NULL DEFAULT 1 REFERENCES imports (id)
      """
    ),
    (
      "lab_results",
      """
      id INTEGER PRIMARY KEY, clinical_record_id INTEGER REFERENCES clinical_records (id), loinc TEXT NOT NULL,
      name TEXT NOT NULL, value REAL NOT NULL, unit TEXT, effective_date TEXT NOT NULL,
      effective_unix INTEGER, source_name TEXT, reference_low REAL, reference_high REAL
      """
    ),
    (
      "summaries",
      """
      period TEXT NOT NULL, period_start TEXT NOT NULL, type TEXT NOT NULL, metric TEXT NOT NULL, value REAL,
      unit TEXT, minimum REAL, maximum REAL, count INTEGER NOT NULL, sources TEXT NOT NULL
      """
    ),
    (
      "audiograms",
      """
      id INTEGER PRIMARY KEY, type TEXT NOT NULL, source_id INTEGER NOT NULL REFERENCES sources (id),
      creation_date TEXT, start_date TEXT NOT NULL, end_date TEXT NOT NULL, creation_unix INTEGER,
      start_unix INTEGER NOT NULL, end_unix INTEGER NOT NULL
      """
    ),
    (
      "audiogram_points",
      """
      audiogram_id INTEGER NOT NULL REFERENCES audiograms (id), frequency REAL, frequency_unit TEXT,
      left_ear REAL, left_ear_unit TEXT, left_ear_masked TEXT, left_ear_clamping_lower REAL,
      left_ear_clamping_upper REAL, right_ear REAL, right_ear_unit TEXT, right_ear_masked TEXT,
      right_ear_clamping_lower REAL, right_ear_clamping_upper REAL
      """
    ),
    (
      "vision_prescriptions",
      """
      id INTEGER PRIMARY KEY, type TEXT NOT NULL, date_issued TEXT, date_issued_unix INTEGER,
      expiration_date TEXT, expiration_unix INTEGER, brand TEXT
      """
    ),
    (
      "vision_prescription_values",
      """
      prescription_id INTEGER NOT NULL REFERENCES vision_prescriptions (id), eye TEXT NOT NULL, name TEXT NOT NULL,
      value REAL NOT NULL, unit TEXT
      """
    ),
    (
      "state_of_mind",
      """
      id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL REFERENCES sources (id), creation_date TEXT,
      start_date TEXT NOT NULL, end_date TEXT NOT NULL, creation_unix INTEGER, start_unix INTEGER NOT NULL,
      end_unix INTEGER NOT NULL, kind TEXT, valence REAL, labels TEXT, associations TEXT
      """
    ),
  ]

  /// The indexes, built after the inserts (`name`, table and columns).
  package static let indexes: [(name: String, definition: String)] = [
    ("records_type_start", "records (type, start_unix)"),
    ("records_start", "records (start_unix)"),
    ("records_correlation", "records (correlation_id) WHERE correlation_id IS NOT NULL"),
    ("metadata_owner", "metadata (owner_kind, owner_id)"),
    ("heart_rate_beats_record", "heart_rate_beats (record_id)"),
    ("workout_events_workout", "workout_events (workout_id)"),
    ("workout_statistics_workout", "workout_statistics (workout_id)"),
    ("route_points_workout_time", "route_points (workout_id, time_unix)"),
    ("ecg_samples_ecg", "ecg_samples (ecg_id)"),
    ("lab_results_loinc", "lab_results (loinc, effective_date)"),
  ]

  /// The column names of `table`, in order.
  package static func columnNames(of table: String) -> [String] {
    guard let columns = tables.first(where: { $0.name == table })?.columns else { return [] }
    return columns.split(separator: ",").compactMap { definition in
      definition.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
  }

  /// The tables whose rows refer to `sources` (`source_id`).
  package static var sourceOwners: [String] {
    tables.filter { columnNames(of: $0.name).contains("source_id") }.map(\.name)
  }

  /// `CREATE TABLE` statements for every table.
  package static var createTables: String {
    tables.map { "CREATE TABLE \($0.name) (\($0.columns.split(separator: "\n").joined(separator: " ")));" }
      .joined(separator: "\n")
  }

  /// `CREATE INDEX` statements for every index.
  package static var createIndexes: String {
    indexes.map { "CREATE INDEX \($0.name) ON \($0.definition);" }.joined(separator: "\n")
  }
}
