import Foundation
import SystemShim

/// The lock a signal's cleanup takes (`TemporaryPaths.shared`), held by a thread of its own as a
/// cleanup holds it, to see what another thread does meanwhile.
public enum HeldCleanupLock {
  /// Runs `make` on a thread of its own while another thread holds the cleanup's lock, then lets
  /// the lock go.
  /// - Parameters:
  ///   - make: what tries to make something on disk (it may block until the lock is let go).
  ///   - isMade: whether it is made, asked once `make` has had a fifth of a second with the lock
  ///     held, and again once the lock is let go and `make` has returned.
  /// - Returns: what `isMade` said with the lock held, and after.
  public static func whileHeld(
    _ make: @escaping @Sendable () -> Void, isMade: () -> Bool
  ) -> (whileHeld: Bool, after: Bool) {
    enum Step { case waiting, held, letGo }
    let step = Locked(Step.waiting)
    let holder = HandOffWorker<Void, Never>(name: "cleanup's lock", depth: 1) { _ in
      TemporaryPaths.shared.whileLocked {
        step.withLock { $0 = .held }
        step.wait(until: { $0 == .letGo })
      }
    }
    let maker = HandOffWorker<Void, Never>(name: "maker", depth: 1) { _ in make() }
    holder.submit(())
    step.wait(until: { $0 == .held })
    maker.submit(())
    Thread.sleep(forTimeInterval: 0.2)
    let whileHeld = isMade()
    step.withLock { $0 = .letGo }
    maker.finish()
    holder.finish()
    return (whileHeld, isMade())
  }
}
