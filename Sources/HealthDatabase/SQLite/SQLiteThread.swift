import CSQLite
import SystemShim

/// What a `SQLiteThread` owns: the connection and its statements, made and used on that thread
/// only, and released by `stop` once the thread has ended.
protocol SQLiteThreadState: AnyObject {
  /// Makes the calls of a tape.
  /// - Throws: the first call's `DatabaseError`.
  func replay(_ tape: StatementTape) throws(DatabaseError)
}

/// A thread of its own for a connection: every use of the connection runs there, in the order it
/// was asked for, while the thread that writes the database goes on reading its input.
///
/// The writing thread hands over `StatementTape`s (the binds and runs of the inserts, as plain
/// bytes) without waiting, and gets an empty tape back: at most `depth` tapes exist, so it waits
/// when SQLite falls behind, and memory stays bounded. Anything else (opening the database,
/// finishing it) is `perform`ed on the thread while the writing thread waits, so that the two
/// never touch the connection, or the writer's state, at the same time; or queued with
/// `performLater`, for work that shares nothing with what the writing thread does meanwhile.
///
/// The first failure of SQLite stops the calls that follow (the tapes queued after it are
/// dropped, `perform` throws it) and is thrown on the writing thread by the next `submit` or
/// `perform`: the same `DatabaseError` SQLite gave, as if the calls had been made there.
///
/// The thread is a `HandOffWorker` whose jobs are the tapes and the calls; a tape replayed goes
/// back to the pool of empty ones.
final class SQLiteThread: @unchecked Sendable {
  // Unchecked: `side` is used only on the thread (and released once the thread has ended); the
  // worker and the pool are Sendable.
  private enum Job {
    case tape(StatementTape)
    case call(() throws(DatabaseError) -> Void)
  }

  private let worker: HandOffWorker<Job, DatabaseError>
  /// Empty tapes; the worker's depth bounds how many exist, a tape being made only when none is.
  private let free = Locked([StatementTape]())
  private let tapeCapacity: Int
  private let side = ConnectionSide()
  /// The connection's side: set and used on the thread only.
  var state: (any SQLiteThreadState)? {
    get { side.state }
    set { side.state = newValue }
  }

  /// Tapes at most, by default: one being written, two waiting or being replayed.
  static let defaultDepth = 3

  /// Starts the thread.
  /// - Parameters:
  ///   - depth: how many tapes may exist at once (at least 3): one being written, one being
  ///     replayed, the others waiting.
  ///   - tapeCapacity: the bytes of a tape.
  init(depth: Int = SQLiteThread.defaultDepth, tapeCapacity: Int = StatementTape.defaultCapacity) {
    self.tapeCapacity = max(tapeCapacity, 64)
    let (free, side) = (free, side)
    worker = HandOffWorker(name: "sqlite", depth: max(depth - 2, 1)) { (job: Job) throws(DatabaseError) in
      switch job {
      case .tape(let tape):
        defer {
          tape.reset()
          free.withLock { $0.append(tape) }
        }
        try side.state?.replay(tape)
      case .call(let body):
        try body()
      }
    }
  }

  deinit {
    stop()
  }

  /// SQLite's first failure, if it has failed.
  var failure: DatabaseError? {
    worker.failure
  }

  /// An empty tape to write on.
  func emptyTape() -> StatementTape {
    free.withLock { $0.popLast() } ?? StatementTape(capacity: tapeCapacity)
  }

  /// Queues a tape's calls and returns an empty tape, waiting while the tapes queued are as many
  /// as the depth allows.
  /// - Throws: SQLite's failure, when it has failed (the tape is then not queued).
  func submit(_ tape: StatementTape) throws(DatabaseError) -> StatementTape {
    try worker.submit(.tape(tape))
    return emptyTape()
  }

  /// Runs `body` on the thread once everything queued before it is done, and waits for it.
  /// - Throws: SQLite's failure, when it has failed before (`body` is then not run), else what
  ///   `body` throws.
  func perform<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
    var result: Result<T, DatabaseError>?
    try withoutActuallyEscaping(body) { body throws(DatabaseError) in
      // What `body` throws is its caller's, not a failure that stops the calls after it.
      try worker.submit(
        .call { () throws(DatabaseError) in
          do throws(DatabaseError) { result = .success(try body()) } catch { result = .failure(error) }
        })
      try worker.drain()
    }
    guard let result else {
      throw failure ?? DatabaseError(path: "", code: SQLITE_MISUSE, message: "the SQLite thread has stopped")
    }
    return try result.get()
  }

  /// Queues `body` to run on the thread once everything queued before it is done, and returns at
  /// once: the writing thread goes on (writing tapes, which run after it) while it runs. What it
  /// throws is SQLite's failure, as a tape's would be: the calls after it are not made, and the
  /// next `submit` or `perform` throws it. `body` must touch only what the writing thread leaves
  /// alone until its next `perform`.
  func performLater(_ body: @escaping () throws(DatabaseError) -> Void) {
    // A failure before it is thrown by the next `submit` or `perform`.
    try? worker.submit(.call(body))
  }

  /// Stops the thread once it has finished what it is doing, drops what is queued and waits for
  /// it to end; then releases the connection's side.
  func stop() {
    worker.stop()
    state = nil
  }
}

/// The connection's side, where the thread's jobs and its owner both reach it.
private final class ConnectionSide: @unchecked Sendable {
  // Unchecked: used on the SQLite thread only, and by its owner once that thread has ended.
  var state: (any SQLiteThreadState)?
}
