import Foundation
import HealthArchive

/// Stands between a job and the observer its caller gave: hands on progress that never goes
/// back, and, once the job is done, the total (the bytes or items done, where no total was
/// known), so that the caller sees the job complete.
///
/// `@unchecked Sendable`: its state is read and written only under its lock.
final class ProgressTracker: ProgressObserver, @unchecked Sendable {
  private let observer: any ProgressObserver
  private let lock = NSLock()
  private var last: ReadProgress?

  init(_ observer: any ProgressObserver) {
    self.observer = observer
  }

  func update(_ progress: ReadProgress) {
    lock.lock()
    if let last, last.unit == progress.unit, progress.done < last.done {
      lock.unlock()
      return
    }
    last = progress
    lock.unlock()
    observer.update(progress)
  }

  /// Tells the observer the job is done: its total, of the total.
  func complete() {
    lock.lock()
    let final: ReadProgress
    if let last {
      let total = max(last.total ?? last.done, last.done)
      final = ReadProgress(last.unit, done: total, total: total)
    } else {
      final = ReadProgress(.bytes, done: 0, total: 0)
    }
    let isNew = final != last
    last = final
    lock.unlock()
    if isNew { observer.update(final) }
  }
}
