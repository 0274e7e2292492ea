import CSQLite

extension SQLiteStatement {
  /// The order of a column of this statement's current row against the same column of
  /// `other`'s, as SQLite's `ORDER BY` gives it with the BINARY collation: NULL first, then
  /// numbers by value, then text by its UTF-8 bytes, then blobs by theirs; read in place,
  /// without making a value of either.
  /// - Returns: a negative number, 0 or a positive number.
  package func order(at column: Int32, against other: SQLiteStatement) -> Int {
    func rank(_ type: Int32) -> Int {
      switch type {
      case SQLITE_NULL: 0
      case SQLITE_INTEGER, SQLITE_FLOAT: 1
      case SQLITE_TEXT: 2
      default: 3
      }
    }
    let (left, right) = (sqlite3_column_type(handle, column), sqlite3_column_type(other.handle, column))
    if left == SQLITE_INTEGER && right == SQLITE_INTEGER {
      let (a, b) = (sqlite3_column_int64(handle, column), sqlite3_column_int64(other.handle, column))
      return a < b ? -1 : a > b ? 1 : 0
    }
    let (leftRank, rightRank) = (rank(left), rank(right))
    guard leftRank == rightRank else { return leftRank - rightRank }
    switch leftRank {
    case 0:
      return 0
    case 1:
      let (a, b) = (sqlite3_column_double(handle, column), sqlite3_column_double(other.handle, column))
      return a < b ? -1 : a > b ? 1 : 0
    default:
      // Text is read as text and a blob as bytes: each pointer before its length, as SQLite asks.
      let a =
        leftRank == 2
        ? UnsafeRawPointer(sqlite3_column_text(handle, column)) : sqlite3_column_blob(handle, column)
      let aCount = Int(sqlite3_column_bytes(handle, column))
      let b =
        rightRank == 2
        ? UnsafeRawPointer(sqlite3_column_text(other.handle, column))
        : sqlite3_column_blob(other.handle, column)
      let bCount = Int(sqlite3_column_bytes(other.handle, column))
      let common = min(aCount, bCount)
      if common > 0, let a, let b {
        let (first, second) = (
          UnsafeRawBufferPointer(start: a, count: common), UnsafeRawBufferPointer(start: b, count: common)
        )
        for index in 0..<common where first[index] != second[index] {
          return first[index] < second[index] ? -1 : 1
        }
      }
      return aCount - bCount
    }
  }
}
