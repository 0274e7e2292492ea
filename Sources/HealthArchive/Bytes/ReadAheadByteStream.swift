import Foundation

/// A stream read ahead on a thread of its own: while the reader parses one buffer, the thread
/// fills the next from the stream underneath (inflating a zip entry, on the other core).
///
/// At most `depth` buffers of `bufferSize` bytes exist at once, so memory stays bounded whatever
/// the stream's size, and the thread waits when the reader falls behind. Bytes come out in the
/// order and with the errors of the stream underneath: an error is thrown after the bytes read
/// before it, and again by every later read. When the stream goes away before its end, the thread
/// is stopped and waited for, so that nothing reads the stream underneath afterwards.
package final class ReadAheadByteStream: ByteStream {
  package let name: String
  private let queue: BufferQueue
  /// The buffer being handed out, and how far.
  private var current: BufferQueue.Filled?
  private var position = 0
  private var failure: (any Error)?
  private var isFinished = false

  /// Starts reading `base` ahead.
  /// - Parameters:
  ///   - base: the stream read on the other thread; nothing else may read it afterwards.
  ///   - bufferSize: the bytes of one buffer.
  ///   - depth: how many buffers may be filled ahead (at least 2).
  package init(_ base: any ByteStream, bufferSize: Int = 256 << 10, depth: Int = 4) {
    name = base.name
    queue = BufferQueue(bufferSize: max(bufferSize, 1), depth: max(depth, 2))
    let producer = Producer(base: base, queue: queue)
    let thread = Thread { producer.run() }
    thread.name = "read-ahead"
    thread.start()
  }

  deinit {
    queue.stop()
    if let current { queue.recycle(current.buffer) }
  }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if let failure { throw failure }
    guard !isFinished, let target = buffer.baseAddress, buffer.count > 0 else { return 0 }
    var copied = 0
    while copied < buffer.count {
      if current == nil {
        // Waits only when nothing at all has been copied yet; otherwise hands back what it has.
        guard copied == 0 || queue.hasFilled else { break }
        switch queue.take() {
        case .bytes(let filled):
          current = filled
          position = 0
        case .end:
          isFinished = true
          return copied
        case .failure(let error):
          if copied > 0 {
            // Thrown at the next read, after the bytes that came before it.
            failure = error
            return copied
          }
          failure = error
          throw error
        }
      }
      guard let filled = current else { break }
      let count = min(buffer.count - copied, filled.count - position)
      if let start = filled.buffer.baseAddress {
        (target + copied).copyMemory(from: start + position, byteCount: count)
      }
      copied += count
      position += count
      if position == filled.count {
        queue.recycle(filled.buffer)
        current = nil
      }
    }
    return copied
  }
}

/// Reads the stream underneath into free buffers and queues them, on the read-ahead thread.
private final class Producer: @unchecked Sendable {
  // Unchecked: `base` is used only by the thread that runs `run()`, once the stream is made.
  private var base: (any ByteStream)?
  private let queue: BufferQueue

  init(base: any ByteStream, queue: BufferQueue) {
    self.base = base
    self.queue = queue
  }

  func run() {
    defer {
      // The stream underneath is released before the reader is told, so that its file is closed
      // once the read-ahead stream has gone away.
      base = nil
      queue.producerEnded()
    }
    guard let base else { return }
    while let buffer = queue.freeBuffer() {
      var count = 0
      do {
        // A buffer is filled before it is handed over, so that the reader waits less often.
        while count < buffer.count {
          let read = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
          if read == 0 { break }
          count += read
        }
      } catch {
        if count > 0 { queue.put(.bytes(.init(buffer: buffer, count: count))) } else { queue.recycle(buffer) }
        queue.put(.failure(error))
        return
      }
      if count > 0 { queue.put(.bytes(.init(buffer: buffer, count: count))) } else { queue.recycle(buffer) }
      if count < buffer.count {
        queue.put(.end)
        return
      }
    }
  }
}

/// The buffers between the two threads: free ones for the producer, filled ones for the reader,
/// under one lock.
private final class BufferQueue: @unchecked Sendable {
  // Unchecked: every stored property is read and written only while `condition` is locked.
  struct Filled {
    var buffer: UnsafeMutableRawBufferPointer
    var count: Int
  }

  enum Item {
    case bytes(Filled)
    case end
    case failure(any Error)
  }

  private let condition = NSCondition()
  private let bufferSize: Int
  private let depth: Int
  /// Buffers allocated so far, at most `depth`.
  private var allocated = 0
  private var free: [UnsafeMutableRawBufferPointer] = []
  private var filled: [Item] = []
  private var filledStart = 0
  private var isStopped = false
  private var isProducerRunning = true

  init(bufferSize: Int, depth: Int) {
    self.bufferSize = bufferSize
    self.depth = depth
  }

  deinit {
    for buffer in free { buffer.deallocate() }
    for case .bytes(let item) in filled[filledStart...] { item.buffer.deallocate() }
  }

  /// A buffer to fill, waiting while all are full; nil once the reader has stopped.
  func freeBuffer() -> UnsafeMutableRawBufferPointer? {
    condition.lock()
    defer { condition.unlock() }
    while !isStopped {
      if let buffer = free.popLast() { return buffer }
      if allocated < depth {
        allocated += 1
        return .allocate(byteCount: bufferSize, alignment: 16)
      }
      condition.wait()
    }
    return nil
  }

  /// Queues what the producer read.
  func put(_ item: Item) {
    condition.lock()
    defer { condition.unlock() }
    if isStopped, case .bytes(let filled) = item {
      free.append(filled.buffer)
      return
    }
    filled.append(item)
    condition.broadcast()
  }

  /// Whether something is queued for the reader.
  var hasFilled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return filledStart < filled.count
  }

  /// The next item for the reader, waiting for the producer.
  func take() -> Item {
    condition.lock()
    defer { condition.unlock() }
    while filledStart == filled.count {
      if !isProducerRunning { return .end }
      condition.wait()
    }
    let item = filled[filledStart]
    filledStart += 1
    if filledStart == filled.count {
      filled.removeAll(keepingCapacity: true)
      filledStart = 0
    }
    return item
  }

  /// Gives a buffer back to be filled again.
  func recycle(_ buffer: UnsafeMutableRawBufferPointer) {
    condition.lock()
    defer { condition.unlock() }
    free.append(buffer)
    condition.broadcast()
  }

  /// Called by the producer when it returns.
  func producerEnded() {
    condition.lock()
    defer { condition.unlock() }
    isProducerRunning = false
    condition.broadcast()
  }

  /// Stops the producer and waits until it has returned.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    isStopped = true
    condition.broadcast()
    while isProducerRunning { condition.wait() }
  }
}
