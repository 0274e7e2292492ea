import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The text a statement keeps for each parameter: what is stored is what was bound last, whether
/// the text repeats, changes length, follows another kind of value or is too long to keep.
@Suite struct SQLiteStatementTextTests {
  @Test func storesWhatWasBoundLastWhenTextRepeatsOrChanges() throws {
    let folder = try TestDirectory()
    let connection = try SQLiteConnection(path: folder.file("text.sqlite"), mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (a, b)")
    let insert = try connection.prepare("INSERT INTO t VALUES (?, ?)")
    let long = String(repeating: "x", count: SQLiteStatement.largeText + 1)
    let values: [(SQLiteValue, SQLiteValue)] = [
      (.text("count/min"), .text("")),
      (.text("count/min"), .text("")),  // the same again: not bound again
      (.text("count"), .text("a longer text than the buffer held at first, past 32 bytes")),
      (.text("count/minute"), .integer(7)),
      (.integer(5), .text("")),  // text after an integer at the same parameter
      (.text("count"), .null),
      (.text("count"), .text("y")),
      (.text(long), .real(1.5)),  // left to SQLite to copy
      (.text("count"), .text("y")),
      (.text(long), .text(long)),
    ]
    for (a, b) in values {
      try insert.bind(a, at: 1)
      try insert.bind(b, at: 2)
      try insert.run()
    }
    let rows = try connection.rows("SELECT a, b FROM t ORDER BY rowid")
    #expect(rows == values.map { [$0.0, $0.1] })
    let kinds = try connection.rows("SELECT typeof(b) FROM t ORDER BY rowid").map { $0[0] }
    #expect(kinds[0] == .text("text"))
    #expect(kinds[4] == .text("text"))
  }

  @Test func bytesBoundFromABufferMayChangeRightAfterTheBind() throws {
    let folder = try TestDirectory()
    let connection = try SQLiteConnection(path: folder.file("bytes.sqlite"), mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (a, b)")
    let insert = try connection.prepare("INSERT INTO t VALUES (?, ?)")
    var buffer = Array("2019-07-19 10:36:11 -0700".utf8)
    try buffer.withUnsafeBufferPointer { try insert.bind(text: $0, at: 1) }
    buffer.replaceSubrange(0..<4, with: Array("2020".utf8))
    try buffer.withUnsafeBufferPointer { try insert.bind(text: $0, at: 2) }
    buffer.replaceSubrange(0..<4, with: Array("2021".utf8))
    try insert.run()
    // Run again without binding: the bindings stay.
    try insert.run()
    let expected: [SQLiteValue] = [.text("2019-07-19 10:36:11 -0700"), .text("2020-07-19 10:36:11 -0700")]
    #expect(try connection.rows("SELECT a, b FROM t ORDER BY rowid") == [expected, expected])
  }
}
