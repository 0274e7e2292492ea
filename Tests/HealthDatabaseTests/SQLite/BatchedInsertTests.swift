import HealthTestSupport
import Testing

@testable import HealthDatabase

/// Rows inserted many to a statement are the rows bound, in order, whatever their number; a
/// statement that fails inserts none of its rows.
@Suite struct BatchedInsertTests {
  static func table() throws -> (folder: TestDirectory, connection: SQLiteConnection) {
    let folder = try TestDirectory()
    let connection = try SQLiteConnection(path: folder.file("batch.sqlite"), mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (i INTEGER NOT NULL, r REAL, s TEXT)")
    return (folder, connection)
  }

  static func lines(_ connection: SQLiteConnection) throws -> [String] {
    try connection.rows("SELECT rowid, i, r, s FROM t ORDER BY rowid").map {
      $0.map(\.description).joined(separator: "|")
    }
  }

  /// Row `n` as bound, and as it reads back.
  static func bind(_ n: Int, to insert: BatchedInsert) throws {
    try insert.bind(Int64(n * 10), at: 1)
    if n % 3 == 2 { try insert.bindNull(at: 2) } else { try insert.bind(Double(n) + 0.5, at: 2) }
    try insert.bind(n % 2 == 0 ? "even" : "odd \(n)", at: 3)
  }

  /// Binds and ends rows `rows`, row `refused` (if any) with NULL where the table wants a value.
  static func add(_ rows: Range<Int>, to insert: BatchedInsert, refusing refused: Int? = nil) throws {
    for n in rows {
      try bind(n, to: insert)
      if n == refused { try insert.bindNull(at: 1) }
      try insert.endRow()
    }
  }

  static func line(_ n: Int) -> String {
    "\(n + 1)|\(n * 10)|\(n % 3 == 2 ? "" : String(Double(n) + 0.5))|\(n % 2 == 0 ? "even" : "odd \(n)")"
  }

  /// 0 rows, 1, a batch less one, a batch exactly, a batch and one more, two batches and one.
  @Test(arguments: [0, 1, 3, 4, 5, 9])
  func insertsEveryRowInOrder(count: Int) throws {
    let (folder, connection) = try Self.table()
    _ = folder
    let insert = try BatchedInsert(connection, table: "t", columns: "i, r, s", batchSize: 4)
    try Self.add(0..<count, to: insert)
    // Whole batches are in the table as they fill; the rest waits for `flush()`.
    #expect(try Self.lines(connection) == (0..<(count / 4 * 4)).map(Self.line))
    #expect(insert.pending == count % 4)
    try insert.flush()
    #expect(insert.pending == 0)
    #expect(try Self.lines(connection) == (0..<count).map(Self.line))
    try insert.flush()
    #expect(try Self.lines(connection) == (0..<count).map(Self.line))
  }

  /// A partial batch's rows leave for a statement of their own, the batch's parameters NULL:
  /// text bound before, the same again in the next row's place, is bound again, not taken as held.
  @Test func bindsAgainAfterAPartialBatch() throws {
    let (folder, connection) = try Self.table()
    _ = folder
    let insert = try BatchedInsert(connection, table: "t", columns: "i, r, s", batchSize: 4)
    try Self.add(0..<6, to: insert)
    try insert.flush()
    try Self.add(6..<15, to: insert)
    try insert.flush()
    #expect(try Self.lines(connection) == (0..<15).map(Self.line))
  }

  /// A row refused in a partial batch: none of that batch's rows are in, and the failure names
  /// the statement made for them.
  @Test func insertsNoneOfThePartialBatchThatFails() throws {
    let (folder, connection) = try Self.table()
    _ = folder
    let insert = try BatchedInsert(connection, table: "t", columns: "i, r, s", batchSize: 4)
    try Self.add(0..<7, to: insert, refusing: 5)
    let error = try #require(throws: DatabaseError.self) { try insert.flush() }
    #expect(error.message == "NOT NULL constraint failed: t.i")
    #expect(
      error.sql == "INSERT INTO t (i, r, s) SELECT * FROM (VALUES "
        + Array(repeating: "(?, ?, ?)", count: 4).joined(separator: ", ") + ") LIMIT 3")
    #expect(insert.pending == 0)
    #expect(try Self.lines(connection) == (0..<4).map(Self.line))
  }

  @Test func insertsNoneOfTheRowsOfAStatementThatFails() throws {
    let (folder, connection) = try Self.table()
    _ = folder
    let insert = try BatchedInsert(connection, table: "t", columns: "i, r, s", batchSize: 4)
    try Self.add(0..<7, to: insert, refusing: 5)
    try Self.bind(7, to: insert)
    let error = try #require(throws: DatabaseError.self) { try insert.endRow() }
    #expect(error.message == "NOT NULL constraint failed: t.i")
    #expect(insert.pending == 0)
    #expect(try Self.lines(connection) == (0..<4).map(Self.line))
    try insert.flush()
    #expect(try Self.lines(connection) == (0..<4).map(Self.line))
  }

  @Test func bindsTheStatementsOfOneRowAndOfMany() throws {
    let (folder, connection) = try Self.table()
    _ = folder
    let insert = try BatchedInsert(connection, table: "t", columns: "i, r, s", batchSize: 3)
    #expect(insert.columns == 3 && insert.batchSize == 3 && insert.table == "t")
    let one = try BatchedInsert(connection, table: "t", columns: "i, r, s", batchSize: 1)
    try Self.bind(0, to: one)
    try one.endRow()
    #expect(one.pending == 0)
    #expect(try Self.lines(connection) == [Self.line(0)])
  }
}
