import Foundation
package import HealthArchive
package import HealthModel

/// The items of an input read on the calling thread and handed, in batches through a bounded
/// queue, to their consumer on a thread of its own, so that reading and what is done with each
/// item (encoding it into a profile's column) run on two cores.
///
/// The consumer is handed every item in input order, as the sequential `readItems` would. The
/// reader stays on the calling thread, so that skipped records are reported to `Diagnostics`,
/// progress told and cancellation checked there, exactly as before. At most `depth` batches of
/// `batchSize` items exist at once: the reader waits when the consumer falls behind.
///
/// The run ends as the sequential one would: when the consumer throws, the reader is stopped at
/// its next batch and the consumer's error is thrown; when the reader throws (the input's errors,
/// `StrictModeError`, `CancellationError`), the consumer is handed the items read before it and
/// the reader's error is thrown, unless the consumer threw on one of those items first. Either
/// way the consumer's thread has returned before `run` does. The reader may have read up to
/// `depth` batches past an item the consumer threw on; what it reported about those records
/// stays in `Diagnostics`.
package struct ItemHandOff {
  /// The items of one batch.
  package var batchSize: Int
  /// How many batches may exist at once (at least 2: one filled while one is consumed).
  package var depth: Int

  /// Batches of 2048 items, four at most.
  package init(batchSize: Int = 2048, depth: Int = 4) {
    self.batchSize = max(batchSize, 1)
    self.depth = max(depth, 2)
  }

  /// Reads `source` on the calling thread, handing each item `filter` lets through to `consume`,
  /// with where it starts, on a thread of its own.
  /// - Throws: the input's errors, `StrictModeError` in strict mode, what `consume` throws.
  package func run(
    _ source: some HealthItemSource, filter: ItemFilter, diagnostics: Diagnostics,
    _ consume: @escaping (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let batchSize = batchSize
    let queue = HandOffQueue<Batch>(depth: depth, make: { Batch(capacity: batchSize) })
    let consumer = Consumer(queue: queue, consume: consume)
    let thread = Thread { consumer.run() }
    thread.name = "items"
    thread.start()
    var readError: (any Error)?
    if var batch = queue.freeElement() {
      do {
        try source.readItems(filter: filter, diagnostics: diagnostics) { item, location in
          batch.items.append((item, location))
          if batch.items.count == batchSize {
            queue.put(.element(batch))
            guard let next = queue.freeElement() else { throw ConsumerStopped() }
            batch = next
          }
        }
      } catch {
        readError = error
      }
      // The items read before an error are the consumer's too, as they are in a sequential read.
      if !(readError is ConsumerStopped) { queue.put(.element(batch)) }
    }
    queue.producerEnded()
    consumer.waitUntilEnded()
    if let error = consumer.failure { throw error }
    if let readError { throw readError }
  }
}

/// A batch of items and where each starts, kept with its capacity from one use to the next.
private struct Batch {
  var items: [(HealthItem, SourceLocation)] = []

  init(capacity: Int) {
    items.reserveCapacity(capacity)
  }
}

/// Thrown inside the reader when the consumer has stopped; the consumer's error is thrown instead.
private struct ConsumerStopped: Error {}

/// The consumer's side, run on its thread.
private final class Consumer: @unchecked Sendable {
  // Unchecked: `consume` is called only on the consumer's thread and let go of there, before
  // `hasEnded` is set; `failure` is written there before `hasEnded` is set and read only after
  // it is, both under `condition`.
  private let queue: HandOffQueue<Batch>
  /// Nil once the consumer has ended: what it holds (the writer, with its temporary files) goes
  /// away on the calling thread, not on this one as it exits after the run has returned.
  private var consume: ((HealthItem, SourceLocation) throws -> Void)?
  private let condition = NSCondition()
  private var hasEnded = false
  private var storedFailure: (any Error)?

  init(queue: HandOffQueue<Batch>, consume: @escaping (HealthItem, SourceLocation) throws -> Void) {
    self.queue = queue
    self.consume = consume
  }

  /// What the consumer threw, once it has ended.
  var failure: (any Error)? {
    condition.lock()
    defer { condition.unlock() }
    return storedFailure
  }

  func run() {
    let failure = consumeAll()
    condition.lock()
    consume = nil
    storedFailure = failure
    hasEnded = true
    condition.broadcast()
    condition.unlock()
  }

  /// Consumes the batches until the end, or until `consume` throws.
  /// - Returns: what `consume` threw.
  private func consumeAll() -> (any Error)? {
    guard let consume else { return nil }
    while case .element(var batch) = queue.take() {
      do {
        for (item, location) in batch.items { try consume(item, location) }
      } catch {
        // Stops the reader at its next batch and waits until it has returned.
        queue.stop()
        return error
      }
      batch.items.removeAll(keepingCapacity: true)
      queue.recycle(batch)
    }
    return nil
  }

  /// Waits until `run` has let go of `consume` and is returning.
  func waitUntilEnded() {
    condition.lock()
    defer { condition.unlock() }
    while !hasEnded { condition.wait() }
  }
}
