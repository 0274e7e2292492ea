package import HealthArchive
import SystemShim

/// A progress observer that keeps every update, and can stop its job part way: it cancels a
/// flag, or the task the job runs in, at the first update past a part of the total.
package final class ProgressRecorder: ProgressObserver {
  /// What stops the job.
  package enum Stop: Sendable {
    /// Sets the flag.
    case flag(CancellationFlag)
    /// Cancels the Swift task that runs the job (the observer is called inside it).
    case currentTask
  }

  private let kept = Locked([ReadProgress]())
  private let stop: Stop?
  private let stopFraction: Double

  /// A recorder that stops its job with `stop` once `fraction` of the total is done (at the
  /// first update for a job without a total).
  package init(stopping stop: Stop? = nil, at fraction: Double = 0.5) {
    self.stop = stop
    self.stopFraction = fraction
  }

  package func update(_ progress: ReadProgress) {
    kept.withLock { $0.append(progress) }
    guard let stop, (progress.fractionDone ?? 1) >= stopFraction else { return }
    switch stop {
    case .flag(let flag): flag.cancel()
    case .currentTask: withUnsafeCurrentTask { $0?.cancel() }
    }
  }

  /// Every update, in order.
  package var updates: [ReadProgress] {
    kept.withLock { $0 }
  }

  /// Whether no update counts less than the one before it, and all count the same unit with the
  /// same total (the last aside, which may state a total that was unknown).
  package var isMonotone: Bool {
    let updates = updates
    return zip(updates, updates.dropFirst()).allSatisfy { $0.unit == $1.unit && $0.done <= $1.done }
      && Set(updates.dropLast().map(\.total)).count <= 1
  }
}
