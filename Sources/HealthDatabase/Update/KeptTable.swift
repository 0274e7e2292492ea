import Foundation

/// A table whose rows have a natural key of their own (docs/database.md, Updating): how an update
/// tells one of its rows in the kept database from the same reading in a newer export, and which
/// rows of other tables belong to it and go with it.
///
/// SQL is written for one schema at a time: `{s}` stands for it (`main`, the kept database, or
/// `fresh`, the newer export built beside it), and `t` for the row.
struct KeptTable: Sendable {
  /// The table.
  let name: String
  /// `FROM …` with the joins the key needs, `t` the row.
  let from: String
  /// The key's expressions, in the order rows are compared (SQLite's order: NULL first, numbers,
  /// then text by its bytes).
  let key: [String]
  /// Columns that may change while the key stays: a row whose key is kept and whose content
  /// changed is replaced in place, keeping its id.
  let content: [String]
  /// Which rows take part (`WHERE …` over `t`), where not all do.
  let condition: String?
  /// The kind of its metadata's owner, if it has metadata.
  let metadataKind: String?
  /// Columns that refer to rows of kept tables merged before it, with the table they refer to.
  let references: [(column: String, table: String)]
  /// The rows of other tables that belong to it.
  let children: [OwnedTable]
  /// The column that names a row's type (`type`, `activity_type`), by which changes are
  /// counted; nil where the table's rows have none.
  let typeColumn: String?
  /// The Unix seconds a row is dated by, for the span of the changes; nil where none.
  let dateColumn: String?

  init(
    _ name: String, from: String? = nil, key: [String], content: [String] = [], condition: String? = nil,
    metadataKind: String? = nil, references: [(column: String, table: String)] = [],
    children: [OwnedTable] = [], typeColumn: String? = "type", dateColumn: String? = "start_unix"
  ) {
    self.name = name
    self.from = from ?? "FROM {s}.\(name) AS t"
    self.key = key
    self.content = content
    self.condition = condition
    self.metadataKind = metadataKind
    self.references = references
    self.children = children
    self.typeColumn = typeColumn
    self.dateColumn = dateColumn
  }

  /// `SELECT id, key…, content… FROM … ORDER BY key…, id` for `schema`, of the rows that meet
  /// `condition` if given, else the table's own.
  func orderedSelect(in schema: String, condition: String? = nil) -> String {
    let columns = (["t.id"] + key + content).joined(separator: ", ")
    let order = (key + ["t.id"]).joined(separator: ", ")
    let filter = (condition ?? self.condition).map { " WHERE \($0)" } ?? ""
    return "SELECT \(columns) \(from)\(filter) ORDER BY \(order)".replacingOccurrences(
      of: "{s}", with: schema)
  }

  /// The name of a source in `{s}`, by the column that refers to it.
  static func sourceName(_ column: String = "t.source_id") -> String {
    "(SELECT name FROM {s}.sources WHERE id = \(column))"
  }

  /// Every table with a key, in the order an update merges them: what others refer to first.
  static let all: [KeptTable] = [
    KeptTable(
      "correlations", key: ["t.type", sourceName(), "t.start_unix", "t.end_unix"],
      content: ["t.creation_unix"],
      metadataKind: "correlation", references: [("source_id", "sources")]),
    KeptTable(
      "records",
      from: "FROM {s}.records AS t LEFT JOIN {s}.correlations AS c ON c.id = t.correlation_id",
      // The type and start first: the rows are read through `records (type, start_unix)`, and
      // SQLite sorts only the rows of one type and start by the rest.
      key: [
        "t.type", "t.start_unix", "t.end_unix", sourceName(), "t.unit", "t.value", "t.value_text",
        "t.creation_unix", "c.type", sourceName("c.source_id"), "c.start_unix", "c.end_unix",
      ],
      metadataKind: "record", references: [("source_id", "sources"), ("correlation_id", "correlations")],
      children: [OwnedTable("heart_rate_beats", owner: "record_id")]),
    KeptTable(
      "workouts", key: ["t.activity_type", "t.start_unix", "t.end_unix", sourceName()],
      content: [
        "t.duration_s", "t.total_distance", "t.total_distance_unit", "t.total_energy_kcal", "t.creation_unix",
      ],
      metadataKind: "workout", references: [("source_id", "sources")],
      children: [
        OwnedTable("workout_activities", owner: "workout_id", hasID: true, metadataKind: "workout_activity"),
        OwnedTable(
          "workout_events", owner: "workout_id", hasID: true, metadataKind: "workout_event",
          siblings: [("activity_id", "workout_activities")]),
        OwnedTable(
          "workout_statistics", owner: "workout_id", siblings: [("activity_id", "workout_activities")]),
        OwnedTable("workout_routes", owner: "workout_id", hasID: true, metadataKind: "workout_route"),
        OwnedTable("route_points", owner: "workout_id", siblings: [("route_id", "workout_routes")]),
      ], typeColumn: "activity_type"),
    KeptTable(
      "activity_summaries", key: ["t.date"],
      content: [
        "t.active_energy_burned", "t.active_energy_burned_goal", "t.active_energy_burned_unit", "t.move_time",
        "t.move_time_goal", "t.exercise_time", "t.exercise_time_goal", "t.stand_hours", "t.stand_hours_goal",
      ], metadataKind: "activity_summary", typeColumn: nil, dateColumn: nil),
    KeptTable(
      "clinical_records",
      key: [
        "t.type", "coalesce(t.resource_type, '')", "t.source_name", "coalesce(t.identifier, t.resource_path)",
      ],
      content: ["t.fhir_version", "t.received_unix", "t.source_url", "t.resource_path", "t.resource_json"],
      children: [OwnedTable("lab_results", owner: "clinical_record_id", hasID: true)],
      dateColumn: "received_unix"),
    KeptTable(
      "lab_results", key: ["t.loinc", "t.effective_date", "t.value", "t.unit", "t.source_name"],
      content: ["t.name", "t.reference_low", "t.reference_high"], condition: "t.clinical_record_id IS NULL",
      typeColumn: "loinc", dateColumn: "effective_unix"),
    KeptTable(
      "ecgs", key: ["t.file", "t.recorded_unix"],
      content: ["t.classification", "t.symptoms", "t.samples", "t.sample_rate_hz", "t.device"],
      metadataKind: "ecg",
      children: [OwnedTable("ecg_samples", owner: "ecg_id")], typeColumn: nil, dateColumn: "recorded_unix"),
    KeptTable(
      "audiograms", key: ["t.type", sourceName(), "t.start_unix", "t.end_unix"], metadataKind: "audiogram",
      references: [("source_id", "sources")],
      children: [OwnedTable("audiogram_points", owner: "audiogram_id")]),
    KeptTable(
      "vision_prescriptions", key: ["t.type", "t.date_issued_unix", "t.expiration_unix", "t.brand"],
      metadataKind: "vision_prescription",
      children: [OwnedTable("vision_prescription_values", owner: "prescription_id")],
      dateColumn: "date_issued_unix"),
    KeptTable(
      "state_of_mind", key: [sourceName(), "t.start_unix", "t.end_unix", "t.kind"],
      content: ["t.valence", "t.labels", "t.associations"], metadataKind: "state_of_mind",
      references: [("source_id", "sources")], typeColumn: nil),
  ]
}

/// Rows that belong to a row of a kept table (a workout's route points, a recording's samples):
/// added, replaced and removed with it.
struct OwnedTable: Sendable {
  let name: String
  /// The column that names the owner.
  let owner: String
  /// Whether its rows have ids of their own (which others, and metadata, refer to).
  let hasID: Bool
  let metadataKind: String?
  /// Columns that refer to rows of tables owned by the same owner, copied before it.
  let siblings: [(column: String, table: String)]

  init(
    _ name: String, owner: String, hasID: Bool = false, metadataKind: String? = nil,
    siblings: [(column: String, table: String)] = []
  ) {
    self.name = name
    self.owner = owner
    self.hasID = hasID
    self.metadataKind = metadataKind
    self.siblings = siblings
  }
}
