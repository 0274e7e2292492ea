import CSQLite
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// Calls written on tapes and made on the SQLite thread insert the rows the same calls made
/// directly insert, whatever the tapes' boundaries; SQLite's first failure stops the calls after it
/// and is thrown on the writing thread.
@Suite struct StatementTapeTests {
  /// A connection on the SQLite thread with one statement of one row and one batched insert (4
  /// rows a statement) into `t`.
  final class State: SQLiteThreadState {
    let connection: SQLiteConnection
    let single: SQLiteStatement
    let batch: BatchedInsert

    init(path: String) throws(DatabaseError) {
      connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
      try connection.execute(
        "CREATE TABLE t (i INTEGER NOT NULL CHECK (i >= 0), r REAL, s TEXT, kind TEXT NOT NULL)")
      single = try connection.prepare("INSERT INTO t (i, r, s, kind) VALUES (?, ?, ?, 'single')")
      batch = try BatchedInsert(connection, table: "t", columns: "i, r, s, kind", batchSize: 4)
    }

    func replay(_ tape: StatementTape) throws(DatabaseError) {
      try tape.replay(singles: [single], batches: [batch])
    }
  }

  /// The thread, its state open on a file of `folder`, and the two statements on tape.
  static func open(_ folder: TestDirectory, tapeCapacity: Int) throws -> (
    SQLiteThread, TapeRecorder, single: TapeStatement, batch: TapeStatement
  ) {
    let thread = SQLiteThread(depth: 2, tapeCapacity: tapeCapacity)
    let path = folder.file("tape.sqlite")
    try thread.perform { () throws(DatabaseError) in thread.state = try State(path: path) }
    let recorder = TapeRecorder(thread: thread)
    return (
      thread, recorder, TapeStatement(recorder: recorder, number: 0, isBatch: false),
      TapeStatement(recorder: recorder, number: 0, isBatch: true)
    )
  }

  /// Row `n`: every third with a NULL real, every fifth with empty text, every seventh with text
  /// longer than the smallest tape, one with a number that is not finite (bound as NULL).
  static func bind(_ n: Int, to statement: TapeStatement) throws {
    try statement.bind(Int64(n * 1000), at: 1)
    if n % 3 == 2 {
      try statement.bindNull(at: 2)
    } else {
      try statement.bind(n == 4 ? .infinity : Double(n) / 4, at: 2)
    }
    try statement.bind(text(n), at: 3)
  }

  static func text(_ n: Int) -> String {
    n % 5 == 0 ? "" : n % 7 == 0 ? String(repeating: "long \(n) ", count: 40) : "row \(n)"
  }

  static func line(_ n: Int, kind: String) -> String {
    let real = n % 3 == 2 || n == 4 ? "" : String(Double(n) / 4)
    return "\(n * 1000)|\(real)|\(text(n))|\(kind)"
  }

  static func lines(_ thread: SQLiteThread) throws -> [String] {
    try thread.perform { () throws(DatabaseError) in
      let state = thread.state as! State
      return try state.connection.rows("SELECT i, r, s, kind FROM t ORDER BY rowid").map {
        $0.map(\.description).joined(separator: "|")
      }
    }
  }

  /// Tapes of 64 bytes (a few calls each, text longer than a tape on a tape of its own), of 1 KiB
  /// and the default; rows of both statements interleaved, the batch's last rows flushed.
  @Test(arguments: [64, 1024, StatementTape.defaultCapacity])
  func makesTheCallsInOrderWhateverTheTapes(tapeCapacity: Int) throws {
    let folder = try TestDirectory()
    let (thread, recorder, single, batch) = try Self.open(folder, tapeCapacity: tapeCapacity)
    defer { thread.stop() }
    var expected: [String] = []
    var batched: [String] = []
    for n in 0..<23 {
      if n % 4 == 3 {
        try Self.bind(n, to: single)
        try single.run()
        expected.append(Self.line(n, kind: "single"))
      } else {
        try Self.bind(n, to: batch)
        try batch.bind("batch", at: 4)
        try batch.endRow()
        batched.append(Self.line(n, kind: "batch"))
        // The batched rows are inserted 4 at a time, in the order bound.
        if batched.count == 4 {
          expected += batched
          batched = []
        }
      }
    }
    try recorder.handOver()
    #expect(try Self.lines(thread) == expected)
    try thread.perform { () throws(DatabaseError) in try (thread.state as! State).batch.flush() }
    #expect(try Self.lines(thread) == expected + batched)
  }

  /// Row 13 refused by SQLite (the `CHECK` on `i`) in the fourth statement of the batch (rows 12 to 15):
  /// the rows of the first three are in, none of the refused statement's or after it; the failure is thrown by the
  /// next hand-over and by `perform`, as SQLite gave it.
  @Test func stopsAtTheFirstFailureAndThrowsIt() throws {
    let folder = try TestDirectory()
    let (thread, recorder, _, batch) = try Self.open(folder, tapeCapacity: 256)
    defer { thread.stop() }
    let failure = DatabaseError(
      path: folder.file("tape.sqlite"), code: SQLITE_CONSTRAINT | 1 << 8,  // SQLITE_CONSTRAINT_CHECK
      message: "CHECK constraint failed: i >= 0",
      sql: "INSERT INTO t (i, r, s, kind) VALUES "
        + Array(repeating: "(?, ?, ?, ?)", count: 4).joined(separator: ", "))
    #expect(throws: failure) {
      for n in 0..<100 {
        try Self.bind(n, to: batch)
        if n == 13 { try batch.bind(Int64(-1), at: 1) }
        try batch.bind("batch", at: 4)
        try batch.endRow()
      }
      try recorder.handOver()
    }
    #expect(thread.failure == failure)
    #expect(throws: failure) { try thread.perform {} }
    thread.stop()
    let rows = try SQLiteConnection(path: folder.file("tape.sqlite"), mode: .readOnly)
      .rows("SELECT i FROM t ORDER BY rowid").map(\.[0].description)
    #expect(rows == (0..<12).map { String($0 * 1000) })
  }

  /// A tape made larger for one long text is given back at its standard size.
  /// Work queued with `performLater` runs between the tapes handed over before it and after it,
  /// while the writing thread goes on writing.
  @Test func runsWorkQueuedForLaterInItsPlace() throws {
    let folder = try TestDirectory()
    let (thread, recorder, single, _) = try Self.open(folder, tapeCapacity: 64)
    defer { thread.stop() }
    for n in 0..<3 {
      try Self.bind(n, to: single)
      try single.run()
    }
    try recorder.handOver()
    thread.performLater { () throws(DatabaseError) in
      try (thread.state as! State).connection.execute("INSERT INTO t (i, kind) VALUES (-0, 'later')")
    }
    for n in 3..<6 {
      try Self.bind(n, to: single)
      try single.run()
    }
    try recorder.handOver()
    #expect(
      try Self.lines(thread)
        == (0..<3).map { Self.line($0, kind: "single") } + ["0|||later"]
        + (3..<6).map { Self.line($0, kind: "single") })
  }

  /// What work queued for later throws is SQLite's failure: the calls after it are not made, and
  /// the next hand-over and `perform` throw it.
  @Test func throwsTheFailureOfWorkQueuedForLater() throws {
    let folder = try TestDirectory()
    let (thread, recorder, single, _) = try Self.open(folder, tapeCapacity: 64)
    defer { thread.stop() }
    let failure = DatabaseError(
      path: folder.file("tape.sqlite"), code: SQLITE_ERROR, message: "refused later")
    thread.performLater { () throws(DatabaseError) in throw failure }
    #expect(throws: failure) {
      for n in 0..<100 {
        try Self.bind(n, to: single)
        try single.run()
      }
      try recorder.handOver()
    }
    #expect(thread.failure == failure)
    #expect(throws: failure) { try thread.perform {} }
    thread.stop()
    let connection = try SQLiteConnection(path: folder.file("tape.sqlite"), mode: .readOnly)
    #expect(try connection.rows("SELECT i FROM t").isEmpty)
  }

  @Test func givesBackTheMemoryOfALongText() {
    let tape = StatementTape(capacity: 64)
    tape.reserve(10_000)
    #expect(tape.capacity == 10_000)
    tape.count = 10_000
    tape.reset()
    #expect(tape.capacity == 64)
    #expect(tape.count == 0)
  }
}
