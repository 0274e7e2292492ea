import Foundation

/// A thread of its own that does the jobs handed to it, one at a time, in the order they came,
/// while the thread that hands them over goes on.
///
///     let worker = HandOffWorker<Block, OutputError>(name: "output", depth: 2) { block in
///       try file.write(block)
///     }
///     try worker.submit(block)    // waits while two jobs wait; throws the worker's failure
///     try worker.finish()         // every job done, the thread ended
///
/// At most `depth` jobs wait at once, besides the one being done: `submit` waits while the
/// queue is full, so that the thread handing jobs over waits when the worker falls behind, and
/// what the jobs hold stays bounded. The first job that throws stops the worker: the jobs queued
/// after it are dropped (released, not done) and the thread ends; its error is thrown by the next
/// `submit`, `drain` or `finish`, on the thread that hands the jobs over. `stop` drops the jobs
/// not begun and waits for the thread to end; it is called when the worker goes away, so that no
/// job runs once its owner has returned.
///
/// Jobs are handed over: once submitted, only the worker's thread touches what a job holds, until
/// it is done (`drain`, `finish`) or the job hands it back on its own (through a `Locked` pool).
package final class HandOffWorker<Job, Failure: Error>: @unchecked Sendable {
  // Unchecked: everything it has is in `core`, which is.
  private let core: WorkerCore<Job, Failure>

  /// Starts the worker's thread.
  /// - Parameters:
  ///   - name: the thread's name, as a debugger shows it.
  ///   - depth: how many jobs may wait at once (at least 1).
  ///   - stackSize: the thread's stack, in bytes, where the platform's default is not enough.
  ///   - perform: does one job, on the worker's thread.
  package init(
    name: String, depth: Int, stackSize: Int? = nil, perform: @escaping (Job) throws(Failure) -> Void
  ) {
    core = WorkerCore(depth: max(depth, 1), perform: perform)
    // The thread holds the core, not the worker, so that the worker goes away (and stops the
    // thread) when its owner lets it go.
    let thread = Thread { [core] in core.run() }
    thread.name = name
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  deinit {
    core.stop()
  }

  /// The worker's first failure, if a job has thrown.
  package var failure: Failure? {
    core.state.withLock { $0.failure }
  }

  /// Queues `job`, waiting while `depth` jobs wait.
  /// - Throws: the worker's first failure; `job` is then dropped.
  package func submit(_ job: consuming Job) throws(Failure) {
    try core.submit(job)
  }

  /// Waits until every job submitted is done; the thread goes on, for more.
  /// - Throws: the worker's first failure.
  package func drain() throws(Failure) {
    core.state.wait(until: { $0.isIdle || !$0.isRunning })
    if let failure { throw failure }
  }

  /// Waits until every job submitted is done and the thread has ended.
  /// - Throws: the worker's first failure.
  package func finish() throws(Failure) {
    core.state.withLock { $0.isFinishing = true }
    core.state.wait(until: { !$0.isRunning })
    if let failure { throw failure }
  }

  /// Takes no more jobs: the thread ends once it has done those queued. Returns at once.
  package func close() {
    core.state.withLock { $0.isFinishing = true }
  }

  /// Drops the jobs not begun and waits until the thread has ended (after the job it is doing).
  /// Called on the worker's own thread (by a job that lets go of the worker's owner), it does not
  /// wait: the thread ends once that job returns.
  package func stop() {
    core.stop()
  }
}

/// A worker's queue and flags.
private struct WorkerState<Job, Failure: Error> {
  var jobs: [Job] = []
  var failure: Failure?
  /// Whether a job is being done.
  var isBusy = false
  /// Whether no more jobs come: the thread ends once the queue is empty.
  var isFinishing = false
  /// Whether the queued jobs are dropped.
  var isStopped = false
  var isRunning = true
  /// The worker's thread, once it runs: `stop` called there (by a job's last reference going
  /// away) must not wait for itself.
  var thread: ObjectIdentifier?

  var isIdle: Bool { jobs.isEmpty && !isBusy }
}

/// What the worker's thread and its owner share.
private final class WorkerCore<Job, Failure: Error>: @unchecked Sendable {
  // Unchecked: the queue and flags are in `state`, under its lock; `perform` is called only on
  // the worker's thread.
  let state = Locked(WorkerState<Job, Failure>())
  private let depth: Int
  private let perform: (Job) throws(Failure) -> Void

  init(depth: Int, perform: @escaping (Job) throws(Failure) -> Void) {
    self.depth = depth
    self.perform = perform
  }

  func submit(_ job: consuming Job) throws(Failure) {
    let job = consume job
    try state.withLock(
      waitingUntil: { $0.jobs.count < depth || $0.failure != nil || !$0.isRunning },
      then: {
        (state: inout WorkerState<Job, Failure>) throws(Failure) in
        if let failure = state.failure { throw failure }
        precondition(state.isRunning && !state.isFinishing, "a job submitted to a worker that has finished")
        state.jobs.append(job)
      })
  }

  func stop() {
    let isOwnThread = state.withLock { state in
      state.isFinishing = true
      state.isStopped = true
      return state.thread == ObjectIdentifier(Thread.current)
    }
    // On the worker's own thread (a job let go of the worker's owner), the thread ends once this
    // job returns; waiting for it here would wait forever.
    guard !isOwnThread else { return }
    state.wait(until: { !$0.isRunning })
  }

  func run() {
    state.withLock { $0.thread = ObjectIdentifier(Thread.current) }
    while let outcome = doNextJob() {
      state.withLock {
        $0.isBusy = false
        if case .failure(let error) = outcome, $0.failure == nil { $0.failure = error }
      }
    }
  }

  /// Does the next job, waiting for one; nil once the thread is to end. The job is released
  /// before this returns, so that whoever waits for it (`drain`) finds nothing of it held here.
  private func doNextJob() -> Result<Void, Failure>? {
    guard let job = next() else { return nil }
    do throws(Failure) {
      try perform(job)
      return .success(())
    } catch {
      return .failure(error)
    }
  }

  /// The next job to do, waiting for one; nil once the thread is to end (the queue dropped, when
  /// the worker has failed or is stopped). Dropped jobs are released outside the lock, before the
  /// thread is marked as ended: a job's last reference may take the worker's owner with it, whose
  /// `stop` takes the lock, and nothing of a job outlives `stop`. Until they are released the
  /// worker counts as busy, so that `drain` does not return while a job is still held here (a
  /// job lent for the length of a call must be gone when the call returns).
  private func next() -> Job? {
    let (job, dropped) = state.withLock(
      waitingUntil: { !$0.jobs.isEmpty || $0.isFinishing || $0.failure != nil },
      then: { state -> (Job?, [Job]) in
        var dropped: [Job] = []
        if state.failure != nil || state.isStopped { swap(&dropped, &state.jobs) }
        state.isBusy = true
        guard !state.jobs.isEmpty else { return (nil, dropped) }
        return (state.jobs.removeFirst(), [])
      })
    if let job { return job }
    _ = consume dropped
    state.withLock {
      $0.isBusy = false
      $0.isRunning = false
    }
    return nil
  }
}
