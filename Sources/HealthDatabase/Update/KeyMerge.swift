/// Compares the rows of a kept table in two databases by their natural keys: both sides are read
/// in the order of their keys (sorted runs, never a table of every key in memory) and walked
/// together, as a merge join. Rows whose key only one side has are removed or added; rows whose
/// key both have are the same reading (each pairs with one, so that two identical readings on one
/// side and one on the other leave one removed or added), changed if their content differs.
///
/// What it finds goes into temporary tables of the connection: `gone` (ids in `main`), `added`
/// (ids in `fresh`), `changed` and, where asked, `matched` (pairs of ids, `main_id`, `fresh_id`).
struct KeyMerge {
  /// How many rows of each kind it found.
  struct Counts: Hashable, Sendable {
    var gone = 0
    var added = 0
    var changed = 0
    var unchanged = 0
  }

  let connection: SQLiteConnection
  let table: KeptTable

  /// Makes the temporary tables of `table` empty, then walks both sides.
  /// - Parameters:
  ///   - keepsMatches: whether to note every pair of the same reading (for tables others refer
  ///     to), not only the changed ones.
  ///   - keptCondition: which rows of `main` take part, where not those of the table's condition.
  /// - Returns: how many rows it found of each kind.
  /// - Throws: `DatabaseError`.
  func run(keepsMatches: Bool, keptCondition: String? = nil) throws(DatabaseError) -> Counts {
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.gone; DROP TABLE IF EXISTS temp.added; DROP TABLE IF EXISTS temp.changed;
      DROP TABLE IF EXISTS temp.matched;
      CREATE TEMP TABLE gone (id INTEGER PRIMARY KEY);
      CREATE TEMP TABLE added (fresh_id INTEGER PRIMARY KEY);
      CREATE TEMP TABLE changed (main_id INTEGER PRIMARY KEY, fresh_id INTEGER NOT NULL);
      CREATE TEMP TABLE matched (fresh_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL);
      """)
    let kept = try connection.prepare(table.orderedSelect(in: "main", condition: keptCondition))
    let fresh = try connection.prepare(table.orderedSelect(in: "fresh"))
    let gone = try connection.prepare("INSERT INTO temp.gone (id) VALUES (?)")
    let added = try connection.prepare("INSERT INTO temp.added (fresh_id) VALUES (?)")
    let changed = try connection.prepare("INSERT INTO temp.changed (main_id, fresh_id) VALUES (?, ?)")
    let matched = try connection.prepare("INSERT INTO temp.matched (fresh_id, main_id) VALUES (?, ?)")
    let keyColumns = Int32(table.key.count)
    let contentColumns = Int32(table.content.count)
    var counts = Counts()
    var hasKept = try kept.step()
    var hasFresh = try fresh.step()
    while hasKept || hasFresh {
      let order: Int
      if !hasKept {
        order = 1
      } else if !hasFresh {
        order = -1
      } else {
        order = Self.compare(kept, fresh, columns: 1...keyColumns)
      }
      if order < 0 {
        try gone.bind(kept.integer(at: 0), at: 1)
        try gone.run()
        counts.gone += 1
        hasKept = try kept.step()
      } else if order > 0 {
        try added.bind(fresh.integer(at: 0), at: 1)
        try added.run()
        counts.added += 1
        hasFresh = try fresh.step()
      } else {
        let isChanged =
          contentColumns > 0
          && Self.compare(kept, fresh, columns: (keyColumns + 1)...(keyColumns + contentColumns)) != 0
        if isChanged {
          try changed.bind(kept.integer(at: 0), at: 1)
          try changed.bind(fresh.integer(at: 0), at: 2)
          try changed.run()
          counts.changed += 1
        } else {
          counts.unchanged += 1
        }
        if keepsMatches {
          try matched.bind(fresh.integer(at: 0), at: 1)
          try matched.bind(kept.integer(at: 0), at: 2)
          try matched.run()
        }
        hasKept = try kept.step()
        hasFresh = try fresh.step()
      }
    }
    return counts
  }

  /// What the last `run` found, by type (the table's `typeColumn`, else the table's name, or the
  /// table's name for all when `byType` is false): how many rows were added and removed, a
  /// changed row counted on both sides, with the span of their dates.
  /// - Throws: `DatabaseError`.
  func changes(byType: Bool = true) throws(DatabaseError) -> [String: DatabaseDiff.Change] {
    let label = byType ? table.typeColumn.map { "t.\($0)" } ?? "'\(table.name)'" : "'\(table.name)'"
    let dates = table.dateColumn.map { "min(t.\($0)), max(t.\($0))" } ?? "NULL, NULL"
    var changes: [String: DatabaseDiff.Change] = [:]
    for (schema, ids, isAdded) in [
      ("main", "SELECT id FROM temp.gone UNION ALL SELECT main_id FROM temp.changed", false),
      ("fresh", "SELECT fresh_id FROM temp.added UNION ALL SELECT fresh_id FROM temp.changed", true),
    ] {
      let rows = try connection.rows(
        "SELECT \(label), count(*), \(dates) FROM \(schema).\(table.name) AS t WHERE t.id IN (\(ids)) GROUP BY 1"
      )
      for row in rows {
        guard case .text(let type) = row[0], case .integer(let count) = row[1] else { continue }
        var span: ClosedRange<Int64>?
        if case .integer(let first) = row[2], case .integer(let last) = row[3] { span = first...last }
        if isAdded {
          changes[type, default: DatabaseDiff.Change()].added = Int(count)
          changes[type, default: DatabaseDiff.Change()].addedSpan = span
        } else {
          changes[type, default: DatabaseDiff.Change()].removed = Int(count)
          changes[type, default: DatabaseDiff.Change()].removedSpan = span
        }
      }
    }
    return changes
  }

  /// The order of two rows by `columns`, as SQLite's `ORDER BY` gives it (BINARY collation),
  /// read in place.
  static func compare(_ left: SQLiteStatement, _ right: SQLiteStatement, columns: ClosedRange<Int32>) -> Int {
    for column in columns {
      let order = left.order(at: column, against: right)
      if order != 0 { return order }
    }
    return 0
  }
}
