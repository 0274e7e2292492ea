/// The parameters of an insert, bound by 1-based index: a statement's own (`SQLiteStatement`),
/// or those of the row being bound of a batch (`BatchedInsert`).
package protocol SQLiteParameters {
  /// Binds an integer, or NULL.
  func bind(_ value: Int64?, at index: Int32) throws(DatabaseError)
  /// Binds a real number, or NULL (also for a number that is not finite).
  func bind(_ value: Double?, at index: Int32) throws(DatabaseError)
  /// Binds text, or NULL.
  func bind(_ value: String?, at index: Int32) throws(DatabaseError)
  /// Binds UTF-8 bytes as text.
  func bind(text bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(DatabaseError)
  /// Binds NULL.
  func bindNull(at index: Int32) throws(DatabaseError)
}

extension SQLiteParameters {
  /// Binds UTF-8 text (copied by SQLite).
  @inline(__always)
  package func bind(text bytes: Span<UInt8>, at index: Int32) throws(DatabaseError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(DatabaseError) in try bind(text: buffer, at: index) }
  }

  /// Binds an integer, or NULL.
  @inline(__always)
  package func bind(_ value: Int?, at index: Int32) throws(DatabaseError) {
    try bind(value.map(Int64.init), at: index)
  }
}

extension SQLiteStatement: SQLiteParameters {}

/// An `INSERT` of many rows per statement, for the tables that get most of the rows: each row's
/// values are bound to its own parameters of one statement of `batchSize` rows, which runs once
/// they are all bound; `flush()` runs the rows bound so far. The rows keep their order (the
/// statement inserts them from its `VALUES` list in order), so that a table without ids of its own
/// numbers them as one row at a time would.
///
/// One statement for many rows spares SQLite the work it does for every statement it runs
/// (starting it, opening the table, finding its end, halting) and the caller a call into it per
/// row; the values are bound as to a statement of one row (`SQLiteStatement`), and bound text
/// that repeats in a row's place is still not bound again. A whole batch is a plain `INSERT …
/// VALUES`, which SQLite runs with no step between the bound values and the row it writes; the
/// rows of a last, partial batch are moved (`SQLiteStatement.moveBindings(to:)`) to a statement
/// that reads as many of the same `VALUES` as were bound (`LIMIT`), made for that one run. A
/// failure of the statement (a full disk) inserts none of its rows and is thrown by the `endRow()`
/// or `flush()` that ran it.
package final class BatchedInsert: SQLiteParameters {
  /// The table the rows go to.
  package let table: String
  /// The columns of a row.
  package let columns: Int32
  /// The rows of one statement.
  package let batchSize: Int
  /// The rows bound and not yet inserted.
  package private(set) var pending = 0
  private let statement: SQLiteStatement
  private let connection: SQLiteConnection
  /// The SQL of a partial batch's statement, but for the number of rows it reads.
  private let partialInsert: String
  /// The index of the row being bound's first parameter, less one.
  private var base: Int32 = 0

  /// Rows per statement by default: past a few dozen, longer statements save nothing more.
  package static let defaultBatchSize = 32

  /// Prepares the insert of `columns` (their names, comma-separated) into `table`.
  /// - Throws: `DatabaseError`.
  package init(
    _ connection: SQLiteConnection, table: String, columns: String, batchSize: Int = defaultBatchSize
  ) throws(DatabaseError) {
    precondition(batchSize > 0)
    self.table = table
    self.batchSize = batchSize
    let count = columns.split(separator: ",").count
    self.columns = Int32(count)
    let row = "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    let rows = Array(repeating: row, count: batchSize).joined(separator: ", ")
    self.connection = connection
    partialInsert = "INSERT INTO \(table) (\(columns)) SELECT * FROM (VALUES \(rows)) LIMIT "
    statement = try connection.prepare("INSERT INTO \(table) (\(columns)) VALUES \(rows)")
  }

  @inline(__always)
  package func bind(_ value: Int64?, at index: Int32) throws(DatabaseError) {
    try statement.bind(value, at: base + index)
  }

  @inline(__always)
  package func bind(_ value: Double?, at index: Int32) throws(DatabaseError) {
    try statement.bind(value, at: base + index)
  }

  @inline(__always)
  package func bind(_ value: String?, at index: Int32) throws(DatabaseError) {
    try statement.bind(value, at: base + index)
  }

  @inline(__always)
  package func bind(text bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(DatabaseError) {
    try statement.bind(text: bytes, at: base + index)
  }

  @inline(__always)
  package func bindNull(at index: Int32) throws(DatabaseError) {
    try statement.bindNull(at: base + index)
  }

  /// Ends the row being bound: the statement runs when it is the batch's last.
  /// - Throws: `DatabaseError` when the statement runs and fails.
  @inline(__always)
  package func endRow() throws(DatabaseError) {
    pending += 1
    if pending == batchSize {
      try runPending()
    } else {
      base += columns
    }
  }

  /// Inserts the rows bound so far, if any.
  /// - Throws: `DatabaseError`.
  package func flush() throws(DatabaseError) {
    if pending > 0 { try runPending() }
  }

  private func runPending() throws(DatabaseError) {
    let count = pending
    pending = 0
    base = 0
    guard count < batchSize else { return try statement.run() }
    // The parameters past the rows bound hold an earlier batch's values, or none: the statement
    // stops reading `VALUES` before them.
    let partial = try connection.prepare(partialInsert + String(count))
    try statement.moveBindings(to: partial)
    try partial.run()
  }
}
