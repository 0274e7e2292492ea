import Foundation
import HealthArchive
import HealthModel

/// What the database learns only at the end: the copies of correlation members, `export_info`,
/// source priorities, the `types` table.
extension DatabaseWriter {
  /// Joins each row of `sources` marked as possibly repeating one forgotten (priority -1:
  /// `SourceTable`) with the first row of the same name, version and device, if there is one:
  /// the rows that refer to it refer to that one, and it is deleted. The marked rows are found
  /// in one pass over `sources`, and the rows that refer to them in one pass over each table
  /// that refers to sources, where any was joined.
  /// - Returns: how many rows were joined.
  /// - Throws: `DatabaseError`.
  func joinRepeatedSources() throws(DatabaseError) -> Int {
    try connection.execute(
      """
      CREATE TEMP TABLE source_repeats (id INTEGER PRIMARY KEY, name TEXT, version TEXT, device TEXT);
      INSERT INTO temp.source_repeats SELECT id, name, version, device FROM sources WHERE priority < 0;
      CREATE INDEX temp.source_repeats_key ON source_repeats (name, version, device);
      CREATE TEMP TABLE source_firsts (id INTEGER PRIMARY KEY, first INTEGER NOT NULL);
      INSERT INTO temp.source_firsts
        SELECT r.id, min(s.id) FROM sources AS s CROSS JOIN temp.source_repeats AS r
        WHERE r.name IS s.name AND r.version IS s.version AND r.device IS s.device AND s.id < r.id
        GROUP BY r.id;
      DROP TABLE temp.source_repeats;
      """)
    guard case .integer(let joined) = try connection.value("SELECT count(*) FROM temp.source_firsts"),
      joined > 0
    else {
      try connection.execute("DROP TABLE temp.source_firsts")
      return 0
    }
    for table in DatabaseSchema.sourceOwners {
      try connection.execute(
        """
        UPDATE \(table) SET source_id = (SELECT f.first FROM temp.source_firsts AS f WHERE f.id = \(table).source_id)
          WHERE source_id IN (SELECT id FROM temp.source_firsts)
        """)
    }
    try connection.execute(
      """
      DELETE FROM sources WHERE id IN (SELECT id FROM temp.source_firsts);
      DROP TABLE temp.source_firsts
      """)
    return Int(joined)
  }

  /// The types of the records that are members of a correlation, read through the index of
  /// members alone. Left to itself, SQLite's planner walks `records (type, start_unix)` for the
  /// DISTINCT and looks up every record's row to see whether it is a member: the index and the
  /// whole table read once more at the end (520 MB at 1 GB), while nothing else runs.
  static let correlationMemberTypes =
    "SELECT DISTINCT type FROM records INDEXED BY records_correlation WHERE correlation_id IS NOT NULL"

  /// Deletes the top-level records that repeat a correlation's member (Apple's export writes
  /// each blood-pressure and food member twice), with their metadata: each reading is stored
  /// once, inside its correlation.
  /// - Parameter summarizedTypes: the types summarized as written (`RecordSummaries`), by their
  ///   bytes: a dropped copy of one of them sets `droppedSummarizedType`.
  /// - Throws: `DatabaseError`.
  func dropRepeatedMembers(summarizedTypes: Set<[UInt8]>) throws(DatabaseError) {
    guard counts.correlations > 0 else { return }
    // Run after the indexes are built: the copies are found through `records (type, start_unix)`,
    // among the few types that have members, without reading the other records.
    try connection.execute(
      """
      CREATE TEMP TABLE repeated_copies AS
        SELECT copy.id FROM records AS copy
        WHERE copy.type IN (\(Self.correlationMemberTypes))
          AND copy.correlation_id IS NULL AND EXISTS (
            SELECT 1 FROM records AS member
            WHERE member.type = copy.type AND member.start_unix = copy.start_unix
              AND member.correlation_id IS NOT NULL AND member.end_unix = copy.end_unix
              AND member.source_id = copy.source_id AND member.unit IS copy.unit
              AND member.value IS copy.value AND member.value_text IS copy.value_text);
      CREATE TEMP TABLE repeated_types AS
        SELECT type, count(*) FROM records WHERE id IN (SELECT id FROM repeated_copies) GROUP BY type;
      DELETE FROM records WHERE id IN (SELECT id FROM repeated_copies);
      DELETE FROM metadata WHERE owner_kind = 'record' AND owner_id IN (SELECT id FROM repeated_copies);
      DELETE FROM heart_rate_beats WHERE record_id IN (SELECT id FROM repeated_copies);
      """)
    let repeated = try connection.value("SELECT count(*) FROM repeated_copies")
    for row in try connection.rows("SELECT * FROM repeated_types") {
      guard case .text(let type) = row[0], case .integer(let count) = row[1] else { continue }
      droppedCopies[Array(type.utf8)] = Int(count)
      // The records summarized as they were written must all be kept; a dropped copy of one
      // of their types has the summaries read back instead.
      if summarizedTypes.contains(Array(type.utf8)) { droppedSummarizedType = true }
    }
    try connection.execute("DROP TABLE repeated_copies; DROP TABLE repeated_types")
    if case .integer(let count) = repeated {
      counts.repeatedMembers = Int(count)
      counts.records -= Int(count)
    }
  }

  /// The one row of `export_info`, and the first of `imports`: the build is import 1, which
  /// added every row with a key of its own (docs/database.md, Updating).
  func writeExportInfo(header: ExportHeader) throws(DatabaseError) {
    let statement = try connection.prepare(
      """
      INSERT INTO export_info (schema_version, tool_version, input_name, input_shape, export_date, export_unix,
        locale, export_version, time_zone, created_unix, weight_unit, temperature_unit, deidentified)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    try statement.bind(DatabaseSchema.version, at: 1)
    try statement.bind(configuration.toolVersion, at: 2)
    try statement.bind(configuration.inputName, at: 3)
    try statement.bind(configuration.inputShape, at: 4)
    try bind(exportDate, text: 5, unix: 6, in: statement)
    try statement.bind(header.locale, at: 7)
    try statement.bind(header.exportVersion, at: 8)
    try statement.bind((timeZone ?? configuration.timeZone.provisional).identifier, at: 9)
    try statement.bind(configuration.created.wholeSecondsSince1970, at: 10)
    try statement.bind(configuration.summaryUnits.weight.rawValue, at: 11)
    try statement.bind(
      (configuration.summaryUnits.temperature == .fahrenheit ? CSVUnit.fahrenheit : .celsius).label, at: 12)
    try statement.bind(header.isDeidentified ? Int(1) : Int(0), at: 13)
    try statement.run()
    let standaloneLabs = try connection.value(
      "SELECT count(*) FROM lab_results WHERE clinical_record_id IS NULL")
    let keyed =
      counts.records + counts.correlations + counts.workouts + counts.activitySummaries
      + counts.clinicalRecords
      + counts.ecgs + counts.audiograms + counts.visionPrescriptions + counts.statesOfMind
    let imports = try connection.prepare(
      """
      INSERT INTO imports (id, imported_unix, input_name, export_date, export_unix, added, removed, unchanged)
        VALUES (1, ?, ?, ?, ?, ?, 0, 0)
      """)
    try imports.bind(configuration.created.wholeSecondsSince1970, at: 1)
    try imports.bind(configuration.inputName, at: 2)
    try bind(exportDate, text: 3, unix: 4, in: imports)
    if case .integer(let labs) = standaloneLabs {
      try imports.bind(Int64(keyed) + labs, at: 5)
    } else {
      try imports.bind(keyed, at: 5)
    }
    try imports.run()
  }

  /// Each source's priority among all sources (summaries.md): `priorities`, by name
  /// (`SourceTable.write`); each route's number of points.
  func writeSourcePriorities(_ priorities: [(name: String, priority: Int)]) throws(DatabaseError) {
    try SourceTable.write(priorities, on: connection)
    let points = try connection.prepare("UPDATE workout_routes SET points = ? WHERE id = ?")
    for (id, count) in routePointCounts {
      try points.bind(count, at: 1)
      try points.bind(id, at: 2)
      try points.run()
    }
  }

  /// The `types` table: every identifier the database holds, with its short name, kind,
  /// aggregation style, CSV name, the number of its rows and the span of their starts.
  func writeTypes() throws(DatabaseError) {
    let insert = try connection.prepare(
      """
      INSERT INTO types (type, short_name, kind, aggregation, csv_name, records, first_unix, last_unix)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """)
    var written = Set<String>()
    func write(_ rows: [[SQLiteValue]], kind groupKind: String?) throws(DatabaseError) {
      for row in rows {
        guard case .text(let type) = row[0], !written.contains(type) else { continue }
        written.insert(type)
        let kind =
          groupKind ?? TypeCatalog.kind(of: type)
          ?? (recordTypesWithQuantities[type] == true ? "quantity" : "category")
        try insert.bind(type, at: 1)
        try insert.bind(TypeCatalog.shortName(of: type), at: 2)
        try insert.bind(kind, at: 3)
        try insert.bind(AggregationStyle(ofType: type)?.rawValue, at: 4)
        try insert.bind(catalog.csvName(of: type), at: 5)
        for (index, value) in row.dropFirst().enumerated() {
          if case .integer(let number) = value {
            try insert.bind(number, at: Int32(index + 6))
          } else {
            try insert.bindNull(at: Int32(index + 6))
          }
        }
        try insert.run()
        counts.types += 1
      }
    }
    // The records' types from what was noted as they were written, less the dropped copies
    // (whose members, kept, have their type and start), in byte order: what `SELECT type,
    // count(*), min(start_unix), max(start_unix) FROM records GROUP BY type` gives, without
    // reading every record.
    try write(
      recordSpans.all().map { entry in
        let dropped = droppedCopies[Array(entry.type.utf8)] ?? 0
        return [
          .text(entry.type), .integer(Int64(entry.span.count - dropped)), .integer(entry.span.firstStart),
          .integer(entry.span.lastStart),
        ]
      }, kind: nil)
    let groups: [(sql: String, kind: String)] = [
      (
        "SELECT type, count(*), min(start_unix), max(start_unix) FROM correlations GROUP BY type",
        "correlation"
      ),
      (
        "SELECT activity_type, count(*), min(start_unix), max(start_unix) FROM workouts GROUP BY activity_type",
        "workout"
      ),
      ("SELECT type, count(*), min(start_unix), max(start_unix) FROM audiograms GROUP BY type", "audiogram"),
      (
        "SELECT type, count(*), min(date_issued_unix), max(date_issued_unix) FROM vision_prescriptions GROUP BY type",
        "vision_prescription"
      ),
      (
        "SELECT type, count(*), min(received_unix), max(received_unix) FROM clinical_records GROUP BY type",
        "clinical"
      ),
    ]
    for group in groups {
      let query = try connection.prepare(group.sql)
      var rows: [[SQLiteValue]] = []
      while try query.step() { rows.append((0..<4).map(query.value(at:))) }
      try write(rows, kind: group.kind)
    }
  }
}
