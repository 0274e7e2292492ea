extension SQLiteConnection {
  /// Every row `sql` returns, for small queries (the schema, counts, tests).
  /// - Throws: `DatabaseError`.
  package func rows(_ sql: String) throws(DatabaseError) -> [[SQLiteValue]] {
    let statement = try prepare(sql)
    var rows: [[SQLiteValue]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map(statement.value(at:)))
    }
    return rows
  }

  /// The single value `sql` returns (the first column of its first row), or `.null`.
  /// - Throws: `DatabaseError`.
  package func value(_ sql: String) throws(DatabaseError) -> SQLiteValue {
    try rows(sql).first?.first ?? .null
  }
}
