import Foundation
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The SQLite wrapper: values in and out as bound, and every failure a `DatabaseError` with
/// SQLite's message and the SQL.
@Suite struct SQLiteConnectionTests {
  /// A database made at a temporary's name a signal's cleanup has removed would be left behind.
  @Test func aDatabaseIsNotCreatedWhileASignalsCleanupHoldsTheLock() throws {
    let folder = try TestDirectory()
    let path = folder.file(".health.sqlite.99999999.0.tmp")
    let seen = HeldCleanupLock.whileHeld(
      { _ = try? SQLiteConnection(path: path, mode: .readWriteCreate) },
      isMade: { FileManager.default.fileExists(atPath: path) })
    #expect(seen.whileHeld == false)
    #expect(seen.after == true)
  }

  @Test func bindsAndReadsBackEveryKindOfValue() throws {
    let folder = try TestDirectory()
    let connection = try SQLiteConnection(path: folder.file("values.sqlite"), mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, n TEXT)")
    let insert = try connection.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
    try insert.bind(Int64(-9_007_199_254_740_993), at: 1)
    try insert.bind(0.1 + 0.2, at: 2)
    try insert.bind("Jane’s Apple Watch ⌚️", at: 3)
    try insert.bind(nil as String?, at: 4)
    try insert.run()
    try insert.bind(Int64(1), at: 1)
    try insert.bind(Double.nan, at: 2)
    try insert.bind("", at: 3)
    try insert.bind("x", at: 4)
    try insert.run()
    let rows = try connection.rows("SELECT i, r, s, n, typeof(s) FROM t ORDER BY rowid")
    #expect(
      rows == [
        [
          .integer(-9_007_199_254_740_993), .real(0.30000000000000004), .text("Jane’s Apple Watch ⌚️"), .null,
          .text("text"),
        ],
        [.integer(1), .null, .text(""), .text("x"), .text("text")],
      ])
    #expect(connection.lastInsertedRowID == 2)
  }

  @Test func reportsSQLitesMessageWithTheStatement() throws {
    let folder = try TestDirectory()
    let connection = try SQLiteConnection(path: folder.file("errors.sqlite"), mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
    let error = try #require(throws: DatabaseError.self) {
      try connection.prepare("SELECT missing_column FROM t")
    }
    #expect(error.message == "no such column: missing_column")
    #expect(error.sql == "SELECT missing_column FROM t")
    #expect(error.primaryCode == 1)
    let insert = try connection.prepare("INSERT INTO t (v) VALUES (?)")
    try insert.bind(nil as String?, at: 1)
    let constraint = try #require(throws: DatabaseError.self) { try insert.run() }
    #expect(constraint.message == "NOT NULL constraint failed: t.v")
    #expect(constraint.primaryCode == 19)
    #expect(
      constraint.description
        == "SQLite failed on \(folder.file("errors.sqlite")): NOT NULL constraint failed: t.v (code 1299) in 'INSERT INTO t (v) VALUES (?)'"
    )
    // The statement is usable again after a failure.
    try insert.bind("ok", at: 1)
    try insert.run()
    #expect(try connection.value("SELECT count(*) FROM t") == .integer(1))
  }

  @Test func cannotOpenAMissingFileReadOnly() throws {
    let folder = try TestDirectory()
    let error = try #require(throws: DatabaseError.self) {
      try SQLiteConnection(path: folder.file("missing.sqlite"), mode: .readOnly)
    }
    #expect(error.primaryCode == 14)
    #expect(error.isStorageFailure)
    #expect(try folder.contents() == [])
  }
}
