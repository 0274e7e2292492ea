import Foundation

/// A bounded hand-off between two threads: a producer fills free elements and queues them, a
/// consumer takes them in order and gives them back to be filled again, under one lock.
///
/// At most `depth` elements exist at once (made when first needed, then reused), so memory stays
/// bounded whatever is handed over, and the producer waits when the consumer falls behind. The
/// consumer can stop the producer early (`stop()`); the producer tells when it has returned
/// (`producerEnded()`), after which the consumer takes what is queued, then `.end`.
///
/// The read-ahead stream hands filled buffers over with it; the export pipeline, batches of items.
package final class HandOffQueue<Element>: @unchecked Sendable {
  // Unchecked: every stored property is read and written only while `condition` is locked; the
  // elements themselves belong to one side at a time, from `put` to `take`, from `recycle` to
  // `freeElement`.

  /// What the consumer takes.
  package enum Item {
    /// An element the producer filled.
    case element(Element)
    /// The producer has returned and nothing more is queued.
    case end
    /// The producer failed after the elements before it.
    case failure(any Error)
  }

  private let condition = NSCondition()
  private let depth: Int
  private let make: () -> Element
  private let discard: (Element) -> Void
  /// Elements made so far, at most `depth`.
  private var made = 0
  private var free: [Element] = []
  private var queued: [Item] = []
  private var queuedStart = 0
  private var isStopped = false
  private var isProducerRunning = true

  /// - Parameters:
  ///   - depth: how many elements may exist at once (at least 1).
  ///   - make: makes an element, when fewer than `depth` exist and none is free.
  ///   - discard: called on every element still held when the queue goes away.
  package init(depth: Int, make: @escaping () -> Element, discard: @escaping (Element) -> Void = { _ in }) {
    self.depth = max(depth, 1)
    self.make = make
    self.discard = discard
  }

  deinit {
    for element in free { discard(element) }
    for case .element(let element) in queued[queuedStart...] { discard(element) }
  }

  // MARK: - The producer's side

  /// An element to fill, waiting while all `depth` are out; nil once the consumer has stopped.
  package func freeElement() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while !isStopped {
      if let element = free.popLast() { return element }
      if made < depth {
        made += 1
        return make()
      }
      condition.wait()
    }
    return nil
  }

  /// Queues an item for the consumer; once the consumer has stopped, an element is kept free.
  package func put(_ item: Item) {
    condition.lock()
    defer { condition.unlock() }
    if isStopped, case .element(let element) = item {
      free.append(element)
      return
    }
    queued.append(item)
    condition.broadcast()
  }

  /// Called by the producer when it returns, whatever ended it.
  package func producerEnded() {
    condition.lock()
    defer { condition.unlock() }
    isProducerRunning = false
    condition.broadcast()
  }

  // MARK: - The consumer's side

  /// Whether something is queued for the consumer.
  package var hasQueued: Bool {
    condition.lock()
    defer { condition.unlock() }
    return queuedStart < queued.count
  }

  /// The next item, waiting for the producer; `.end` once it has returned and all is taken.
  package func take() -> Item {
    condition.lock()
    defer { condition.unlock() }
    while queuedStart == queued.count {
      if !isProducerRunning { return .end }
      condition.wait()
    }
    let item = queued[queuedStart]
    queuedStart += 1
    if queuedStart == queued.count {
      queued.removeAll(keepingCapacity: true)
      queuedStart = 0
    }
    return item
  }

  /// Gives an element back to be filled again.
  package func recycle(_ element: Element) {
    condition.lock()
    defer { condition.unlock() }
    free.append(element)
    condition.broadcast()
  }

  /// Stops the producer (its next `freeElement()` is nil) and waits until it has returned.
  package func stop() {
    condition.lock()
    defer { condition.unlock() }
    isStopped = true
    condition.broadcast()
    while isProducerRunning { condition.wait() }
  }
}
