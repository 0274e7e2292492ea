import CSQLite
import Foundation

/// What a `SQLiteThread` owns: the connection and its statements, made, used and closed on that
/// thread only.
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
final class SQLiteThread: @unchecked Sendable {
  // Unchecked: `jobs`, `jobsStart`, `free`, `allocated`, `failureStorage`, `isStopping` and
  // `isRunning` are read and written only while `condition` is locked; `state` only on the thread.
  private enum Job {
    case tape(StatementTape)
    case call(Call)
    case stop
  }

  /// A body to run on the thread, and whether it ran.
  private final class Call {
    /// Dropped once run (or skipped), before the waiting thread is told.
    var body: (() -> Void)?
    var isDone = false
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  private let condition = NSCondition()
  private var jobs: [Job] = []
  private var jobsStart = 0
  private var free: [StatementTape] = []
  private var allocated = 0
  private let depth: Int
  private let tapeCapacity: Int
  private var failureStorage: DatabaseError?
  private var isStopping = false
  private var isRunning = true
  /// The connection's side: set and used on the thread only.
  var state: (any SQLiteThreadState)?

  /// Tapes at most, by default: one being written, two waiting or being replayed.
  static let defaultDepth = 3

  /// Starts the thread.
  /// - Parameters:
  ///   - depth: how many tapes may exist at once (at least 2).
  ///   - tapeCapacity: the bytes of a tape.
  init(depth: Int = SQLiteThread.defaultDepth, tapeCapacity: Int = StatementTape.defaultCapacity) {
    self.depth = max(depth, 2)
    self.tapeCapacity = max(tapeCapacity, 64)
    let thread = Thread { [self] in run() }
    thread.name = "sqlite"
    thread.start()
  }

  /// SQLite's first failure, if it has failed.
  var failure: DatabaseError? {
    condition.lock()
    defer { condition.unlock() }
    return failureStorage
  }

  /// An empty tape to write on, waiting while all are in use.
  func emptyTape() -> StatementTape {
    condition.lock()
    defer { condition.unlock() }
    return takeFreeTape()
  }

  private func takeFreeTape() -> StatementTape {
    while true {
      if let tape = free.popLast() { return tape }
      if allocated < depth {
        allocated += 1
        return StatementTape(capacity: tapeCapacity)
      }
      condition.wait()
    }
  }

  /// Queues a tape's calls and returns an empty tape, waiting while all are in use.
  /// - Throws: SQLite's failure, when it has failed (the tape is then not queued).
  func submit(_ tape: StatementTape) throws(DatabaseError) -> StatementTape {
    condition.lock()
    defer { condition.unlock() }
    if let failureStorage { throw failureStorage }
    jobs.append(.tape(tape))
    condition.broadcast()
    return takeFreeTape()
  }

  /// Runs `body` on the thread once everything queued before it is done, and waits for it.
  /// - Throws: SQLite's failure, when it has failed before (`body` is then not run), else what
  ///   `body` throws.
  func perform<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
    var result: Result<T, DatabaseError>?
    withoutActuallyEscaping(body) { body in
      let call = Call {
        do throws(DatabaseError) {
          result = .success(try body())
        } catch {
          result = .failure(error)
        }
      }
      condition.lock()
      defer { condition.unlock() }
      jobs.append(.call(call))
      condition.broadcast()
      while !call.isDone { condition.wait() }
    }
    guard let result else {
      // Not run: SQLite failed before (`perform` is not called once the thread is stopped).
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
    let call = Call { [self] in
      do throws(DatabaseError) {
        try body()
      } catch {
        condition.lock()
        if failureStorage == nil { failureStorage = error }
        condition.unlock()
      }
    }
    condition.lock()
    defer { condition.unlock() }
    jobs.append(.call(call))
    condition.broadcast()
  }

  /// Stops the thread once it has finished what it is doing, drops what is queued and waits for
  /// it to end; the connection's side is released on the thread.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    guard isRunning else { return }
    isStopping = true
    jobs.append(.stop)
    condition.broadcast()
    while isRunning { condition.wait() }
  }

  private func run() {
    while true {
      condition.lock()
      while jobsStart == jobs.count { condition.wait() }
      let job = jobs[jobsStart]
      jobsStart += 1
      if jobsStart == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        jobsStart = 0
      }
      let skips = failureStorage != nil || isStopping
      condition.unlock()
      switch job {
      case .tape(let tape):
        var failed: DatabaseError?
        if !skips, let state {
          do throws(DatabaseError) { try state.replay(tape) } catch { failed = error }
        }
        tape.reset()
        condition.lock()
        if let failed, failureStorage == nil { failureStorage = failed }
        free.append(tape)
        condition.broadcast()
        condition.unlock()
      case .call(let call):
        if !skips { call.body?() }
        call.body = nil
        condition.lock()
        call.isDone = true
        condition.broadcast()
        condition.unlock()
      case .stop:
        state = nil
        condition.lock()
        isRunning = false
        condition.broadcast()
        condition.unlock()
        return
      }
    }
  }
}
