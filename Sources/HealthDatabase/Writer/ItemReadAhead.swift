import Foundation
import HealthArchive
import HealthExport

/// The items of an input read on a thread of their own, ahead of the one that writes them: the
/// reader parses the next items on one core while SQLite inserts the last ones on the other.
///
/// The items come out in input order, in batches through a queue of at most `depth` batches (a
/// batch ends after `batchSize` items, or after an item that may be large: a FHIR resource, an
/// ECG, a batch of route points), so memory stays bounded whatever the input's size (a queue of
/// four batches of 256 items kept 14 MB more at 1 GB than two of 64, for no speed). The reader's
/// error comes after the items read before it. When the writer fails, the reader is stopped and
/// waited for before the writer's error is thrown, so that nothing reads the input afterwards;
/// cancelling the task that writes stops the reading too.
struct ItemReadAhead {
  let items: HealthItems
  var batchSize = 64
  var depth = 2

  /// Reads every item, handing each to `body` on the calling thread, in input order.
  /// - Throws: the input's errors (after the items before them), `CancellationError` when the
  ///   task is cancelled, what `body` throws.
  func read(_ body: (HealthItem) throws -> Void) throws {
    let queue = ItemBatchQueue(depth: max(depth, 1))
    let producer = ItemProducer(items: items, queue: queue, batchSize: max(batchSize, 1))
    let thread = Thread { producer.run() }
    thread.name = "read-items"
    // As much stack as a main thread has (a secondary thread on Apple's platforms gets 512 KiB).
    thread.stackSize = 8 << 20
    thread.start()
    defer { queue.stop() }
    while true {
      switch queue.take() {
      case .items(let batch):
        for item in batch { try body(item) }
        if Task.isCancelled { throw CancellationError() }
      case .end:
        return
      case .failure(let error):
        throw error
      }
    }
  }
}

/// Reads the items into batches and queues them, on the reading thread.
private final class ItemProducer: @unchecked Sendable {
  // Unchecked: `items` is used only by the thread that runs `run()`, once the producer is made.
  private var items: HealthItems?
  private let queue: ItemBatchQueue
  private let batchSize: Int

  /// Thrown inside the reader's loop to leave it once the writer has stopped.
  private struct Stopped: Error {}

  init(items: HealthItems, queue: ItemBatchQueue, batchSize: Int) {
    self.items = items
    self.queue = queue
    self.batchSize = batchSize
  }

  func run() {
    defer {
      // The input is released before the writer is told, so that its files are closed once
      // the reading has ended.
      items = nil
      queue.producerEnded()
    }
    guard let items else { return }
    var batch: [HealthItem] = []
    batch.reserveCapacity(batchSize)
    do {
      try items.read { item, _ in
        batch.append(item)
        guard batch.count >= batchSize || Self.mayBeLarge(item) else { return }
        guard queue.put(.items(batch)) else { throw Stopped() }
        batch = []
        batch.reserveCapacity(batchSize)
      }
      if !batch.isEmpty { _ = queue.put(.items(batch)) }
      _ = queue.put(.end)
    } catch is Stopped {
      return
    } catch {
      // The items read before the error come first, as when they are written as they are read.
      if !batch.isEmpty { _ = queue.put(.items(batch)) }
      _ = queue.put(.failure(error))
    }
  }

  /// Whether an item may hold much memory, so that it ends its batch.
  private static func mayBeLarge(_ item: HealthItem) -> Bool {
    switch item {
    case .clinicalRecord, .electrocardiogram, .routePoints, .workout: true
    default: false
    }
  }
}

/// The batches between the two threads, under one lock.
private final class ItemBatchQueue: @unchecked Sendable {
  // Unchecked: every stored property is read and written only while `condition` is locked.
  enum Entry {
    case items([HealthItem])
    case end
    case failure(any Error)
  }

  private let condition = NSCondition()
  private let depth: Int
  private var entries: [Entry] = []
  private var start = 0
  private var isStopped = false
  private var isProducerRunning = true

  init(depth: Int) {
    self.depth = depth
  }

  /// Queues an entry, waiting while `depth` batches are queued (the end and a failure do not
  /// wait); false once the writer has stopped.
  func put(_ entry: Entry) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if case .items = entry {
      while !isStopped && entries.count - start >= depth { condition.wait() }
    }
    guard !isStopped else { return false }
    entries.append(entry)
    condition.broadcast()
    return true
  }

  /// The next entry, waiting for the reader.
  func take() -> Entry {
    condition.lock()
    defer { condition.unlock() }
    while start == entries.count {
      if !isProducerRunning { return .end }
      condition.wait()
    }
    let entry = entries[start]
    start += 1
    if start == entries.count {
      entries.removeAll(keepingCapacity: true)
      start = 0
    }
    condition.broadcast()
    return entry
  }

  /// Called by the reading thread when it returns.
  func producerEnded() {
    condition.lock()
    defer { condition.unlock() }
    isProducerRunning = false
    condition.broadcast()
  }

  /// Stops the reading thread and waits until it has returned.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    isStopped = true
    entries.removeAll()
    start = 0
    condition.broadcast()
    while isProducerRunning { condition.wait() }
  }
}
