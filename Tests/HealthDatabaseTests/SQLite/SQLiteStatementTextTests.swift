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

  /// NULL, integers and reals that repeat at a parameter are not bound again; what is stored is
  /// still what was bound last, of its kind (an integer 5 and a real 5.0 are not the same), also
  /// once the bindings were moved to another statement and the parameters left NULL.
  @Test func storesWhatWasBoundLastWhenNumbersOrNullRepeat() throws {
    let folder = try TestDirectory()
    let connection = try SQLiteConnection(path: folder.file("numbers.sqlite"), mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t (a, b)")
    let insert = try connection.prepare("INSERT INTO t VALUES (?, ?)")
    let values: [(SQLiteValue, SQLiteValue)] = [
      (.integer(5), .null),
      (.integer(5), .null),  // the same again: not bound again
      (.real(5), .integer(0)),
      (.real(5), .real(0)),
      (.real(5.5), .real(0)),
      (.null, .integer(-1)),
      (.integer(5), .integer(-1)),
    ]
    for (a, b) in values {
      try insert.bind(a, at: 1)
      try insert.bind(b, at: 2)
      try insert.run()
    }
    let moved = try connection.prepare("INSERT INTO t SELECT ?, ? WHERE 0")
    try insert.moveBindings(to: moved)
    try insert.bind(.integer(5), at: 1)  // held before the move, NULL since
    try insert.bind(.integer(-1), at: 2)
    try insert.run()
    let rows = try connection.rows("SELECT a, b, typeof(a), typeof(b) FROM t ORDER BY rowid")
    let expected = (values + [(.integer(5), .integer(-1))]).map { a, b in
      [a, b, .text(Self.typeName(a)), .text(Self.typeName(b))]
    }
    #expect(rows == expected)
  }

  static func typeName(_ value: SQLiteValue) -> String {
    switch value {
    case .null: "null"
    case .integer: "integer"
    case .real: "real"
    case .text: "text"
    }
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
