import HealthArchive
import SystemShim

/// Stands between a job and the observer its caller gave: hands on progress that never goes
/// back, and, once the job is done, the total (the bytes or items done, where no total was
/// known), so that the caller sees the job complete.
///
final class ProgressTracker: ProgressObserver {
  private let observer: any ProgressObserver
  /// The progress last handed on.
  private let last = Locked<ReadProgress?>(nil)

  init(_ observer: any ProgressObserver) {
    self.observer = observer
  }

  func update(_ progress: ReadProgress) {
    let isNew = last.withLock { last in
      if let previous = last, previous.unit == progress.unit, progress.done < previous.done { return false }
      last = progress
      return true
    }
    if isNew { observer.update(progress) }
  }

  /// Tells the observer the job is done: its total, of the total.
  func complete() {
    let (final, isNew) = last.withLock { last in
      let final: ReadProgress
      if let previous = last {
        let total = max(previous.total ?? previous.done, previous.done)
        final = ReadProgress(previous.unit, done: total, total: total)
      } else {
        final = ReadProgress(.bytes, done: 0, total: 0)
      }
      defer { last = final }
      return (final, final != last)
    }
    if isNew { observer.update(final) }
  }
}
