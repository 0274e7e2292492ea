import SystemShim

/// A request to stop a job, made from any thread and checked by the job between chunks of its
/// work: the bytes of the input it reads, the items an app supplies, the stages of the job.
///
///     let cancellation = CancellationFlag()
///     Task.detached { try job.run(input, to: destination, cancellation: cancellation) }
///     cancellation.cancel()     // later, from a Cancel button
///
/// A job that stops throws `CancellationError` and leaves no output behind. A check made inside a
/// Swift task also stops when that task is cancelled.
public final class CancellationFlag: Sendable {
  private let cancelled = Locked(false)

  /// A flag not yet cancelled.
  public init() {}

  /// Asks the job to stop; the job stops at its next check. Calling it again does nothing.
  public func cancel() {
    cancelled.withLock { $0 = true }
  }

  /// Whether `cancel()` has been called.
  public var isCancelled: Bool {
    cancelled.withLock { $0 }
  }

  /// Stops the job when it is cancelled, or when the Swift task it runs in is.
  /// - Throws: `CancellationError` when `cancel()` has been called or the current task is
  ///   cancelled.
  public func check() throws(CancellationError) {
    if isCancelled || Task.isCancelled { throw CancellationError() }
  }
}
