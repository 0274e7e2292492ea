import SystemShim

/// A stream read ahead on a thread of its own: while the reader parses one buffer, the thread
/// fills the next from the stream underneath (inflating a zip entry, on the other core).
///
/// At most `depth` buffers of `bufferSize` bytes exist at once, so memory stays bounded whatever
/// the stream's size, and the thread waits when the reader falls behind. Bytes come out in the
/// order and with the errors of the stream underneath: an error is thrown after the bytes read
/// before it, and again by every later read. When the stream goes away before its end, the thread
/// is stopped and waited for, so that nothing reads the stream underneath afterwards.
///
/// The thread is a `HandOffWorker` whose jobs are the empty buffers: each is filled, in turn, and
/// put in the queue of filled ones, which the reader takes from.
package final class ReadAheadByteStream: ByteStream {
  package let name: String
  private let producer: Producer
  private let worker: HandOffWorker<ByteBlock, Never>
  /// The buffer being handed out, and how far.
  private var current: ByteBlock?
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
    let depth = max(depth, 2)
    let producer = Producer(base: base)
    self.producer = producer
    worker = HandOffWorker(name: "read-ahead", depth: depth) { producer.fill($0) }
    for _ in 0..<depth { worker.submit(ByteBlock(capacity: max(bufferSize, 1))) }
  }

  deinit {
    worker.stop()
    // The stream underneath is released once nothing reads it, so that its file is closed once
    // the read-ahead stream has gone away.
    producer.release()
  }

  package func read(into output: inout OutputRawSpan) throws {
    if let failure { throw failure }
    guard !isFinished else { return }
    var copied = 0
    while !output.isFull {
      if current == nil {
        // Waits only when nothing at all has been copied yet; otherwise hands back what it has.
        guard let item = producer.take(waiting: copied == 0) else { break }
        switch item {
        case .bytes(let filled):
          current = filled
          position = 0
        case .end:
          isFinished = true
          return
        case .failure(let error):
          // Thrown now, or at the next read, after the bytes that came before it.
          failure = error
          if copied > 0 { return }
          throw error
        }
      }
      guard let filled = current else { break }
      let count = min(output.freeCapacity, filled.count - position)
      filled.withFilledBytes { output.append($0.extracting(position..<position + count)) }
      copied += count
      position += count
      if position == filled.count {
        current = nil
        // Filled again, unless the stream underneath has ended (the buffer is then released).
        worker.submit(filled)
      }
    }
  }
}

/// Reads the stream underneath into the buffers it is handed, on the read-ahead thread, and
/// queues them, filled, for the reader.
private final class Producer: @unchecked Sendable {
  // Unchecked: `base` is used only by the worker's thread, and released by the reader once that
  // thread has ended; `filled` is under its lock.
  enum Item {
    case bytes(ByteBlock)
    case end
    case failure(any Error)
  }

  private var base: (any ByteStream)?
  private let filled = Locked([Item]())

  init(base: any ByteStream) {
    self.base = base
  }

  /// Fills `buffer` from the stream underneath and queues it; queues the end or the error when
  /// the stream has ended. Once it has, buffers are released as they come.
  func fill(_ buffer: ByteBlock) {
    guard let base else { return }
    buffer.count = 0
    do {
      // A buffer is filled before it is handed over, so that the reader waits less often.
      try buffer.fill { try base.read(untilFull: &$0) }
    } catch {
      self.base = nil
      put(buffer, then: .failure(error))
      return
    }
    guard buffer.count < buffer.capacity else { return put(buffer, then: nil) }
    // The stream underneath is released before the reader is told, so that its file is closed
    // once the reader has read to the end.
    self.base = nil
    put(buffer, then: .end)
  }

  private func put(_ buffer: ByteBlock, then last: Item?) {
    filled.withLock { items in
      if buffer.count > 0 { items.append(.bytes(buffer)) }
      if let last { items.append(last) }
    }
  }

  /// The next filled buffer, the end or the error; waiting for it when asked, else nil when
  /// nothing is queued yet.
  func take(waiting: Bool) -> Item? {
    filled.withLock(
      waitingUntil: { !waiting || !$0.isEmpty },
      then: { items in
        items.isEmpty ? nil : items.removeFirst()
      })
  }

  /// Releases the stream underneath; called once the worker's thread has ended.
  func release() {
    base = nil
  }
}
