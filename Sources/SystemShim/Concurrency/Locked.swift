import Foundation

/// A value shared between threads: read and written only under its lock, and waited on until it
/// is as a thread needs it.
///
///     let state = Locked(Phase.building)
///     state.withLock { $0 = .ready }                         // on one thread
///     state.withLock(waitingUntil: { $0 == .ready }, then: { _ in })  // on another
///
/// It wraps the platform's lock and condition (Foundation's `NSCondition`), so it builds on every
/// platform the package declares; the standard library's `Mutex` needs macOS 15 and iOS 18. A
/// change made under the lock wakes the threads that wait, if any.
///
/// `@unchecked Sendable`: the value is reached only through `withLock`, under the lock. A value
/// that holds references hands them to whichever thread takes them out.
package final class Locked<Value>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Value
  /// Threads waiting in `withLock(waitingUntil:)`, so that a change wakes them only when there are
  /// any.
  private var waiting = 0

  /// A box holding `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, under the lock.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    condition.lock()
    defer { unlockWaking() }
    return try body(&value)
  }

  /// Waits until `isReady` holds of the value, or `limit` has passed, then runs `body` with it,
  /// under the lock.
  /// - Parameters:
  ///   - isReady: what the value must be; asked under the lock, again after each change.
  ///   - limit: how long to wait at most; nil to wait for as long as it takes. `body` is run
  ///     when it has passed even though the value is not ready: it looks for itself.
  ///   - body: what is done with the value.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  package func withLock<Result, Failure: Error>(
    waitingUntil isReady: (Value) -> Bool, atMost limit: Duration? = nil,
    then body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    condition.lock()
    defer { unlockWaking() }
    let deadline = limit.map { Date(timeIntervalSinceNow: Self.seconds($0)) }
    while !isReady(value) {
      waiting += 1
      if let deadline {
        let signalled = condition.wait(until: deadline)
        waiting -= 1
        if !signalled { break }
      } else {
        condition.wait()
        waiting -= 1
      }
    }
    return try body(&value)
  }

  /// Waits until `isReady` holds of the value, or `limit` has passed.
  /// - Parameters:
  ///   - isReady: what the value must be; asked under the lock, again after each change.
  ///   - limit: how long to wait at most; nil to wait for as long as it takes.
  package func wait(until isReady: (Value) -> Bool, atMost limit: Duration? = nil) {
    withLock(waitingUntil: isReady, atMost: limit, then: { _ in })
  }

  /// Unlocks, then wakes the threads that wait, if any: after the unlock, so that they do not
  /// wake only to wait for the lock. (A thread that begins to wait in between is woken for
  /// nothing, looks at the value and waits again.)
  private func unlockWaking() {
    let wakes = waiting > 0
    condition.unlock()
    if wakes { condition.broadcast() }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
