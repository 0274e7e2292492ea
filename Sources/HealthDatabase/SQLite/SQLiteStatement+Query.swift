import CSQLite

/// What a query needs of a statement beyond the writer's binds: a value of any kind bound, and
/// blobs told apart from text.
extension SQLiteStatement {
  /// Binds a value of any kind.
  package func bind(_ value: SQLiteValue, at index: Int32) throws(DatabaseError) {
    switch value {
    case .null: try bindNull(at: index)
    case .integer(let integer): try bind(integer, at: index)
    case .real(let real): try bind(real, at: index)
    case .text(let text): try bind(text, at: index)
    }
  }

  /// The bytes of a column of the current row when it holds a blob; nil for any other kind.
  package func blob(at column: Int32) -> [UInt8]? {
    guard sqlite3_column_type(handle, column) == SQLITE_BLOB else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}
