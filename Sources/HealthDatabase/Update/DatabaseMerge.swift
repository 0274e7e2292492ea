import Foundation

/// Brings a kept database (`main`) up to date with a newer export built beside it in the same
/// zone and units (attached as `fresh`), inside the caller's transaction: for each kept table,
/// the rows whose key `main` lacks are added with new ids, the rows `fresh` no longer holds are
/// moved into `removed` as JSON, a row whose content changed under the same key is replaced in
/// place (its old version in `removed`), and the rest keep their ids; the rows that belong to
/// them go with them. Then the summaries, types, the person and `export_info` become the newer
/// export's. Afterwards `main` holds the rows `fresh` holds, ids and history aside.
struct DatabaseMerge {
  let connection: SQLiteConnection
  /// The update's row in `imports`, which the rows it adds and removes name.
  let importID: Int64
  /// The records compared by digest (`DigestedRecords`): the types with the cutoff of each, and what comparing them found. `fresh` holds the other records
  /// only, and `records` is merged by key among those.
  var digested: DigestedComparison?

  /// What the update did.
  struct Counts: Hashable, Sendable {
    var added = 0
    var removed = 0
    var unchanged = 0
    /// Readings added and removed, by type (records by their type, workouts by their activity
    /// type, …), a changed row counted on both sides.
    var byType: [String: DatabaseDiff.Change] = [:]
  }

  /// Runs the merge.
  /// - Throws: `DatabaseError`.
  func run() throws(DatabaseError) -> Counts {
    var counts = Counts()
    try connection.execute(
      """
      CREATE TEMP TABLE source_map (fresh_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL);
      CREATE TEMP TABLE source_doomed (id INTEGER PRIMARY KEY);
      """)
    for table in KeptTable.all {
      let merge = KeyMerge(connection: connection, table: table)
      let found = try merge.run(keepsMatches: table.name == "correlations", digested: digested)
      counts.added += found.added + found.changed
      counts.removed += found.gone + found.changed
      counts.unchanged += found.unchanged
      let applies = found.added + found.gone + found.changed > 0
      if applies {
        counts.byType.merge(try merge.changes()) { $1 }
        try apply(table)
      }
      if table.name == "correlations" {
        // Members refer to their correlation: every one of `fresh`, kept, replaced or added.
        try connection.execute(
          """
          DROP TABLE IF EXISTS temp.map_correlations;
          CREATE TEMP TABLE map_correlations (fresh_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL);
          INSERT INTO temp.map_correlations SELECT fresh_id, main_id FROM temp.matched
          """ + (applies ? " UNION SELECT fresh_id, main_id FROM temp.owner_map" : ""))
      }
    }
    try mergeSummaries()
    try replaceWhatTheExportSays()
    try settleSources()
    return counts
  }

  // MARK: - Sources

  /// Adds to `temp.source_map` the sources of the rows about to be added to `table` (those of
  /// `temp.owner_map`), each to the first row of `main` with its name, version and device, or to
  /// a row added for it. An export may hold about as many sources as records (`SourceTable`):
  /// only those the added rows name are looked for, in one pass over `main.sources`.
  private func mapSources(of table: KeptTable) throws(DatabaseError) {
    guard table.references.contains(where: { $0.table == "sources" }) else { return }
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.source_wanted;
      CREATE TEMP TABLE source_wanted (fresh_id INTEGER PRIMARY KEY, name TEXT, version TEXT, device TEXT);
      INSERT INTO temp.source_wanted
        SELECT f.id, f.name, f.version, f.device FROM fresh.sources AS f
        WHERE f.id IN (SELECT t.source_id FROM fresh.\(table.name) AS t JOIN temp.owner_map AS m ON m.fresh_id = t.id)
          AND f.id NOT IN (SELECT fresh_id FROM temp.source_map);
      """)
    guard try connection.value("SELECT count(*) FROM temp.source_wanted") != .integer(0) else { return }
    try connection.execute(
      """
      CREATE INDEX temp.source_wanted_key ON source_wanted (name, version, device);
      INSERT INTO temp.source_map (fresh_id, main_id)
        SELECT w.fresh_id, min(s.id) FROM main.sources AS s CROSS JOIN temp.source_wanted AS w
        WHERE w.name IS s.name AND w.version IS s.version AND w.device IS s.device GROUP BY w.fresh_id;
      DROP TABLE IF EXISTS temp.source_new;
      CREATE TEMP TABLE source_new (fresh_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL);
      INSERT INTO temp.source_new
        SELECT fresh_id, (SELECT coalesce(max(id), 0) FROM main.sources) + row_number() OVER (ORDER BY fresh_id)
        FROM temp.source_wanted WHERE fresh_id NOT IN (SELECT fresh_id FROM temp.source_map);
      INSERT INTO temp.source_map (fresh_id, main_id) SELECT fresh_id, main_id FROM temp.source_new;
      INSERT INTO main.sources (id, name, version, device, device_model, priority)
        SELECT n.main_id, f.name, f.version, f.device, f.device_model, f.priority
        FROM temp.source_new AS n JOIN fresh.sources AS f ON f.id = n.fresh_id ORDER BY n.main_id;
      """)
  }

  /// Gives every source the newer export's priority of its name (rewriting only the rows whose
  /// priority changed), and removes the sources that only rows removed referred to (each table
  /// that refers to sources read once, where rows were removed). The priorities are those the
  /// writer of `fresh` worked out where records were compared by digest (`fresh` has no source
  /// for them), else those of `fresh.sources`.
  private func settleSources() throws(DatabaseError) {
    var priorities = digested?.namePriorities ?? []
    if digested == nil {
      for row in try connection.rows("SELECT DISTINCT coalesce(name, ''), priority FROM fresh.sources") {
        guard case .text(let name) = row[0], case .integer(let priority) = row[1] else { continue }
        priorities.append((name, Int(priority)))
      }
    }
    try SourceTable.write(priorities, on: connection)
    guard try connection.value("SELECT count(*) FROM temp.source_doomed") != .integer(0) else { return }
    let used = DatabaseSchema.sourceOwners.map {
      "SELECT source_id FROM main.\($0) WHERE source_id IS NOT NULL"
    }
    .joined(separator: " UNION ")
    try connection.execute(
      "DELETE FROM main.sources WHERE id IN (SELECT id FROM temp.source_doomed) AND id NOT IN (\(used))")
  }

  // MARK: - Kept tables

  /// Moves the gone and changed rows of `table` into `removed`, deletes them with what belongs to
  /// them, and inserts the added and changed rows of `fresh` with what belongs to them.
  private func apply(_ table: KeptTable) throws(DatabaseError) {
    let columns = DatabaseSchema.columnNames(of: table.name)
    try keepRemovedRows(of: table, columns: columns)
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.doomed;
      CREATE TEMP TABLE doomed (id INTEGER PRIMARY KEY);
      INSERT INTO temp.doomed SELECT id FROM temp.gone UNION SELECT main_id FROM temp.changed;
      """)
    if table.references.contains(where: { $0.table == "sources" }) {
      try connection.execute(
        """
        INSERT OR IGNORE INTO temp.source_doomed
          SELECT source_id FROM main.\(table.name) WHERE id IN (SELECT id FROM temp.doomed)
        """)
    }
    try deleteOwned(by: table)
    try connection.execute("DELETE FROM main.\(table.name) WHERE id IN (SELECT id FROM temp.doomed)")
    // The added rows get ids past every id the table has given, kept or removed, so that an id
    // never names two readings.
    let lastID = try connection.value(
      """
      SELECT max(coalesce((SELECT max(id) FROM main.\(table.name)), 0),
        coalesce((SELECT max(json_extract(row_json, '$.id')) FROM main.removed WHERE table_name = '\(table.name)'), 0))
      """)
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.owner_map;
      CREATE TEMP TABLE owner_map (fresh_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL);
      INSERT INTO temp.owner_map SELECT fresh_id, main_id FROM temp.changed;
      INSERT INTO temp.owner_map SELECT fresh_id, \(lastID.description) + row_number() OVER (ORDER BY fresh_id)
        FROM temp.added;
      """)
    try mapSources(of: table)
    var selected: [String] = []
    var joins: [String] = ["JOIN temp.owner_map AS m ON m.fresh_id = t.id"]
    for column in columns {
      if column == "id" {
        selected.append("m.main_id")
      } else if column == "import_id" {
        selected.append(String(importID))
      } else if let reference = table.references.first(where: { $0.column == column }) {
        let alias = "r_\(column)"
        let map = reference.table == "sources" ? "source_map" : "map_\(reference.table)"
        joins.append("LEFT JOIN temp.\(map) AS \(alias) ON \(alias).fresh_id = t.\(column)")
        selected.append("\(alias).main_id")
      } else {
        selected.append("t.\(column)")
      }
    }
    try connection.execute(
      """
      INSERT INTO main.\(table.name) (\(columns.joined(separator: ", ")))
        SELECT \(selected.joined(separator: ", ")) FROM fresh.\(table.name) AS t \(joins.joined(separator: " "))
        ORDER BY m.main_id
      """)
    if let kind = table.metadataKind { try copyMetadata(kind: kind, map: "owner_map") }
    try copyOwned(by: table)
  }

  /// Writes the gone and changed rows of `table` into `removed`, each a JSON object of its
  /// columns, its source's name, version and device, and its metadata.
  private func keepRemovedRows(of table: KeptTable, columns: [String]) throws(DatabaseError) {
    var members = columns.map { "'\($0)', t.\($0)" }
    var join = ""
    if table.references.contains(where: { $0.table == "sources" }) {
      members += ["'source_name', s.name", "'source_version', s.version", "'source_device', s.device"]
      join = "LEFT JOIN main.sources AS s ON s.id = t.source_id"
    }
    if let kind = table.metadataKind {
      members.append(
        """
        'metadata', (SELECT json_group_array(json_array(md.key, md.value)) FROM main.metadata AS md
          WHERE md.owner_kind = '\(kind)' AND md.owner_id = t.id)
        """)
    }
    try connection.execute(
      """
      INSERT INTO main.removed (import_id, table_name, row_json)
        SELECT \(importID), '\(table.name)', json_object(\(members.joined(separator: ", ")))
        FROM main.\(table.name) AS t \(join)
        WHERE t.id IN (SELECT id FROM temp.gone UNION ALL SELECT main_id FROM temp.changed) ORDER BY t.id
      """)
  }

  /// Deletes what belongs to the rows in `temp.doomed`: the tables they own, with those tables'
  /// metadata, and their own metadata.
  private func deleteOwned(by table: KeptTable) throws(DatabaseError) {
    for child in table.children {
      if let kind = child.metadataKind {
        try connection.execute(
          """
          DELETE FROM main.metadata WHERE owner_kind = '\(kind)' AND owner_id IN (
            SELECT id FROM main.\(child.name) WHERE \(child.owner) IN (SELECT id FROM temp.doomed))
          """)
      }
      try connection.execute(
        "DELETE FROM main.\(child.name) WHERE \(child.owner) IN (SELECT id FROM temp.doomed)")
    }
    if let kind = table.metadataKind {
      try connection.execute(
        "DELETE FROM main.metadata WHERE owner_kind = '\(kind)' AND owner_id IN (SELECT id FROM temp.doomed)")
    }
  }

  /// Copies what belongs to the rows of `temp.owner_map` from `fresh`, with new ids where the
  /// owned rows have them.
  private func copyOwned(by table: KeptTable) throws(DatabaseError) {
    for child in table.children {
      let columns = DatabaseSchema.columnNames(of: child.name)
      var joins = ["JOIN temp.owner_map AS m ON m.fresh_id = c.\(child.owner)"]
      if child.hasID {
        let lastID = try connection.value("SELECT coalesce(max(id), 0) FROM main.\(child.name)")
        try connection.execute(
          """
          DROP TABLE IF EXISTS temp.map_\(child.name);
          CREATE TEMP TABLE map_\(child.name) (fresh_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL);
          INSERT INTO temp.map_\(child.name)
            SELECT c.id, \(lastID.description) + row_number() OVER (ORDER BY c.id)
            FROM fresh.\(child.name) AS c JOIN temp.owner_map AS m ON m.fresh_id = c.\(child.owner);
          """)
        joins.append("JOIN temp.map_\(child.name) AS own ON own.fresh_id = c.id")
      }
      let selected = columns.map { column -> String in
        if column == "id", child.hasID { return "own.main_id" }
        if column == child.owner { return "m.main_id" }
        if let sibling = child.siblings.first(where: { $0.column == column }) {
          joins.append(
            "LEFT JOIN temp.map_\(sibling.table) AS s_\(column) ON s_\(column).fresh_id = c.\(column)")
          return "s_\(column).main_id"
        }
        return "c.\(column)"
      }
      try connection.execute(
        """
        INSERT INTO main.\(child.name) (\(columns.joined(separator: ", ")))
          SELECT \(selected.joined(separator: ", ")) FROM fresh.\(child.name) AS c \(joins.joined(separator: " "))
          ORDER BY c.rowid
        """)
      if let kind = child.metadataKind { try copyMetadata(kind: kind, map: "map_\(child.name)") }
    }
  }

  /// Copies the metadata of owner `kind` of the rows in `temp.<map>` from `fresh`, in order.
  private func copyMetadata(kind: String, map: String) throws(DatabaseError) {
    try connection.execute(
      """
      INSERT INTO main.metadata (owner_kind, owner_id, key, value)
        SELECT md.owner_kind, m.main_id, md.key, md.value FROM fresh.metadata AS md
        JOIN temp.\(map) AS m ON m.fresh_id = md.owner_id WHERE md.owner_kind = '\(kind)' ORDER BY md.rowid
      """)
  }

  // MARK: - What the newer export says as a whole

  /// Makes the summaries those of `fresh`, writing only the rows that differ: every period that
  /// gained or lost a sample, and every type whose sources' classes changed.
  private func mergeSummaries() throws(DatabaseError) {
    let columns = "period, period_start, type, metric, value, unit, minimum, maximum, count, sources"
    try connection.execute(
      """
      CREATE TEMP TABLE summary_gone AS
        SELECT \(columns) FROM main.summaries EXCEPT SELECT \(columns) FROM fresh.summaries;
      CREATE TEMP TABLE summary_new AS
        SELECT \(columns) FROM fresh.summaries EXCEPT SELECT \(columns) FROM main.summaries;
      DELETE FROM main.summaries WHERE rowid IN (
        SELECT s.rowid FROM main.summaries AS s JOIN temp.summary_gone AS g
        ON g.period = s.period AND g.period_start = s.period_start AND g.type = s.type AND g.metric = s.metric
          AND g.value IS s.value AND g.unit IS s.unit AND g.minimum IS s.minimum AND g.maximum IS s.maximum
          AND g.count = s.count AND g.sources = s.sources);
      INSERT INTO main.summaries (\(columns)) SELECT \(columns) FROM temp.summary_new
        ORDER BY type, period, period_start, metric;
      """)
  }

  /// The `types` table, the person and `export_info`'s account of the export become the newer
  /// export's (the zone and units are the same: the newer export was read in them).
  private func replaceWhatTheExportSays() throws(DatabaseError) {
    let info = [
      "tool_version", "input_name", "input_shape", "export_date", "export_unix", "locale", "export_version",
    ]
    try connection.execute(
      """
      DELETE FROM main.types;
      INSERT INTO main.types SELECT * FROM fresh.types ORDER BY type;
      DELETE FROM main.me;
      INSERT INTO main.me SELECT * FROM fresh.me;
      DELETE FROM main.metadata WHERE owner_kind = 'me';
      INSERT INTO main.metadata (owner_kind, owner_id, key, value)
        SELECT owner_kind, owner_id, key, value FROM fresh.metadata WHERE owner_kind = 'me' ORDER BY rowid;
      UPDATE main.export_info SET \(info.map { "\($0) = (SELECT \($0) FROM fresh.export_info)" }.joined(separator: ", "));
      """)
  }
}
