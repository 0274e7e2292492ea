import Testing

@testable import HealthDatabase

/// Two rows' columns compared in place as SQLite's `ORDER BY` orders them: the order of a
/// column sorted by SQLite itself is the order `order(at:against:)` gives.
@Suite struct SQLiteStatementOrderTests {
  @Test func ordersAsSQLiteSorts() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
    // NULL, integers and reals mixed, text whose bytes order differently from its characters
    // (a decomposed é before a precomposed one, "Z" before "a"), a blob.
    try connection.execute(
      """
      CREATE TABLE t (v);
      INSERT INTO t VALUES (NULL), (2), (1.5), (-3), (2.0), ('a'), ('Z'), (char(233)), ('e' || char(769)), ('ab'), (''), (x'00'), (3e20);
      """)
    var values: [Int64] = []
    let rowids = try connection.prepare("SELECT rowid FROM t ORDER BY v, rowid")
    while try rowids.step() { values.append(rowids.integer(at: 0)) }
    #expect(values.count == 13)
    let left = try connection.prepare("SELECT v FROM t WHERE rowid = ?")
    let right = try connection.prepare("SELECT v FROM t WHERE rowid = ?")
    for (i, a) in values.enumerated() {
      for (j, b) in values.enumerated() {
        try left.bind(a, at: 1)
        try right.bind(b, at: 1)
        #expect(try left.step() && right.step())
        let order = left.order(at: 0, against: right)
        // 2 and 2.0 are equal; so is each value to itself.
        let equal = i == j || Set([a, b]) == Set<Int64>([2, 5])
        #expect(equal ? order == 0 : (order < 0) == (i < j), "rows \(a) and \(b)")
        _ = try left.step()
        _ = try right.step()
      }
    }
  }
}
