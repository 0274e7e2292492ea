import Foundation
import HealthArchive
import HealthTestSupport
import Testing

@testable import HealthAssistant

@Suite struct QueryToolTests {
  private func compact(_ value: JSONValue?) -> String {
    value.map { String(decoding: JSONWriter.bytes(of: $0), as: UTF8.self) } ?? "nil"
  }

  @Test func aQueryGivesItsColumnsAndRows() throws {
    let fixture = try ToolFixture()
    #expect(
      compact(
        try fixture.success(
          "query",
          ["sql": "SELECT type, count(*) AS n, avg(value) FROM records GROUP BY type ORDER BY n DESC, type"]))
        == #"{"columns":["type","n","avg(value)"],"rows":[["HKQuantityTypeIdentifierHeartRate",3,70],["HKQuantityTypeIdentifierStepCount",2,1100],["HKCategoryTypeIdentifierSleepAnalysis",1,null]],"count":3,"truncated":false}"#
    )
  }

  @Test func aQueryIsCutAtItsLimitAndSaysSo() throws {
    let fixture = try ToolFixture()
    let result = try fixture.success(
      "query", ["sql": "SELECT value FROM records WHERE value IS NOT NULL ORDER BY value", "limit": 2])
    #expect(compact(result) == #"{"columns":["value"],"rows":[[60],[70]],"count":2,"truncated":true}"#)
  }

  @Test func aQueryWithoutRowsStillHasItsColumnsAndBlobsAreHex() throws {
    let fixture = try ToolFixture()
    #expect(
      compact(try fixture.success("query", ["sql": "SELECT id, type FROM records WHERE 0"]))
        == #"{"columns":["id","type"],"rows":[],"count":0,"truncated":false}"#)
    #expect(
      compact(try fixture.success("query", ["sql": "SELECT x'00ff10', 1.5, NULL, 'text'"])["rows"])
        == #"[["x'00ff10'",1.5,null,"text"]]"#)
  }

  @Test func readingQueriesOfEveryShapeAreRun() throws {
    let fixture = try ToolFixture()
    for sql in [
      "WITH t AS (SELECT 1 AS n) SELECT n FROM t",
      "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT sum(n) FROM r",
      "VALUES (1), (2)",
      "SELECT name FROM pragma_table_info('records') LIMIT 1",
      "SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 1",
      "  select 1 ; ",
      "SELECT 1 -- a comment",
      "SELECT 1; /* a comment */",
      "EXPLAIN QUERY PLAN SELECT * FROM records WHERE type = 'x'",
    ] {
      let result = try fixture.call("query", ["sql": .string(sql)])
      #expect(!result.isError, "\(sql): \(result.text)")
    }
  }

  static let refused: [(String, String)] = [
    ("DELETE FROM records", "it would delete from records"),
    ("INSERT INTO records (type) VALUES ('x')", "it would insert into records"),
    ("INSERT INTO sources SELECT * FROM sources", "it would insert into sources"),
    ("REPLACE INTO sources (id, name) VALUES (1, 'x')", "it would insert into sources"),
    ("UPDATE records SET value = 0", "it would update records"),
    ("WITH t AS (SELECT 1) DELETE FROM records", "it would delete from records"),
    ("CREATE TABLE notes (text)", "it would create 'notes'"),
    ("CREATE TEMP TABLE notes (text)", "it would create 'notes'"),
    ("CREATE TEMP VIEW v AS SELECT 1", "it would create 'v'"),
    ("CREATE INDEX i ON records (value)", "it would create 'i'"),
    ("CREATE TRIGGER t AFTER INSERT ON records BEGIN SELECT 1; END", "it would create 't'"),
    ("CREATE VIRTUAL TABLE v USING fts5(x)", "it would create or drop a virtual table"),
    ("DROP TABLE records", "it would drop 'records'"),
    ("DROP INDEX records_type_start", "it would drop 'records_type_start'"),
    ("ALTER TABLE records ADD COLUMN x", "it would alter a table"),
    ("ATTACH DATABASE '/tmp/other.sqlite' AS other", "it would attach another database"),
    ("DETACH DATABASE main", "it would detach a database"),
    ("BEGIN", "it would begin or end a transaction"),
    ("COMMIT", "it would begin or end a transaction"),
    ("ROLLBACK", "it would begin or end a transaction"),
    ("SAVEPOINT s", "it would set or release a savepoint"),
    ("RELEASE s", "it would set or release a savepoint"),
    ("ANALYZE", "it would create 'sqlite_stat1'"),
    ("REINDEX", "it would rebuild an index"),
    ("VACUUM", "only a SELECT or WITH query is run; this statement is not one"),
    ("VACUUM INTO '/tmp/copy.sqlite'", "only a SELECT or WITH query is run; this statement is not one"),
    (
      "PRAGMA journal_mode = WAL",
      "it runs PRAGMA journal_mode; only the schema's pragmas (pragma_table_info('records') and the like) are read, inside a SELECT"
    ),
    (
      "PRAGMA query_only = 0",
      "it runs PRAGMA query_only; only the schema's pragmas (pragma_table_info('records') and the like) are read, inside a SELECT"
    ),
    (
      "PRAGMA table_info(records)",
      "it runs PRAGMA table_info; only the schema's pragmas (pragma_table_info('records') and the like) are read, inside a SELECT"
    ),
    (
      "SELECT * FROM pragma_user_version",
      "it runs PRAGMA user_version; only the schema's pragmas (pragma_table_info('records') and the like) are read, inside a SELECT"
    ),
    (
      "SELECT load_extension('/tmp/evil.so')", "it calls load_extension(), which reaches outside the database"
    ),
    ("SELECT fts3_tokenizer('simple')", "it calls fts3_tokenizer(), which reaches outside the database"),
    (
      "SELECT 1; DELETE FROM records",
      "only one statement is run at a time; remove what follows the first ';'"
    ),
    ("SELECT 1; SELECT 2", "only one statement is run at a time; remove what follows the first ';'"),
    ("SELECT 1; garbage", "only one statement is run at a time; remove what follows the first ';'"),
    ("-- nothing", "the SQL holds no statement; give one SELECT or WITH query"),
  ]

  @Test(arguments: refused)
  func anythingButReadingIsRefusedWithWhatItWouldDo(sql: String, reason: String) throws {
    let fixture = try ToolFixture()
    #expect(try fixture.failure("query", ["sql": .string(sql)]) == "The query was refused: \(reason).")
  }

  @Test func theDatabaseIsUnchangedByEveryRefusedStatement() throws {
    let fixture = try ToolFixture()
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
    for (sql, _) in Self.refused { _ = try fixture.call("query", ["sql": .string(sql)]) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == before)
    #expect(try fixture.success("query", ["sql": "SELECT count(*) FROM records"])["rows"] == [[6]])
    #expect(!FileManager.default.fileExists(atPath: "/tmp/copy.sqlite"))
  }

  @Test func badSQLIsSQLitesMessage() throws {
    let fixture = try ToolFixture()
    #expect(
      try fixture.failure("query", ["sql": "SELECT * FROM nowhere"])
        == "SQLite could not run the query: no such table: nowhere.")
    #expect(
      try fixture.failure("query", ["sql": "SELEC 1"])
        == #"SQLite could not run the query: near "SELEC": syntax error."#)
    #expect(
      try fixture.failure("query", ["sql": "SELECT 1", "limit": 0])
        == "The argument 'limit' is 0; it must be from 1 to 10000.")
  }

  @Test func aQueryThatRunsForeverIsInterruptedAndTheSessionGoesOn() throws {
    let fixture = try ToolFixture(timeLimit: .milliseconds(300))
    let clock = ContinuousClock()
    let start = clock.now
    let message = try fixture.failure(
      "query",
      ["sql": "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r"])
    #expect(
      message
        == "The query ran for 0.3 seconds and was stopped; narrow it (a WHERE on records.type and start_unix, which are indexed, or a smaller range)."
    )
    #expect(clock.now - start < .seconds(5))
    #expect(try fixture.success("query", ["sql": "SELECT count(*) FROM records"])["rows"] == [[6]])
    #expect(try fixture.success("records", ["metric": "Steps"])["count"] == 2)
  }

  @Test func theSessionSurvivesRefusalsTimeOutsAndBadArguments() throws {
    let fixture = try ToolFixture(timeLimit: .milliseconds(200))
    _ = try fixture.failure("query", ["sql": "DROP TABLE records"])
    _ = try fixture.failure(
      "query", ["sql": "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT max(n) FROM r"]
    )
    _ = try fixture.failure("records", ["metric": "nothing"])
    _ = try fixture.failure("query", ["sql": "SELECT * FROM"])
    for tool in ["list_types", "profile", "workouts", "labs"] { _ = try fixture.success(tool) }
    #expect(try fixture.success("summary", ["metric": "Steps"])["count"] == 1)
  }
}
