import Foundation

/// Gathers an output's bytes into blocks and hands each full block to the sink on a thread of its
/// own: while the kernel copies one block into the file, the thread that makes the bytes goes on
/// with the next (the profile's document, the CSV's rows, a spill file's runs).
///
/// At most `depth` blocks exist at once (a piece longer than a block makes one of them as long),
/// so memory stays bounded whatever the output's size, and the writing thread waits when the sink
/// falls behind. Blocks reach the sink in order. The sink's first error is thrown by the next call
/// that hands a block over, or by `drain` or `finish`; blocks queued after it are dropped. The
/// thread is stopped and waited for by `finish`, by `stop` and when the output goes away, so that
/// nothing calls the sink once the output's owner has returned.
package final class BackgroundOutput {
  /// The bytes of a block, by default.
  package static let defaultBlockSize = 1 << 20

  private let queue: BackgroundBlockQueue
  private let blockSize: Int
  /// The block being filled, and how far.
  private var block: UnsafeMutableRawBufferPointer
  private var count = 0

  /// Starts the sink's thread.
  /// - Parameters:
  ///   - sink: takes the blocks, in order, on the thread.
  ///   - blockSize: the bytes of a block.
  ///   - depth: how many blocks may exist at once (at least 2).
  package init(
    sink: @escaping (UnsafeRawBufferPointer) throws -> Void, blockSize: Int = defaultBlockSize, depth: Int = 4
  ) {
    self.blockSize = max(blockSize, 16)
    queue = BackgroundBlockQueue(sink: sink, depth: max(depth, 2))
    block = queue.freeBlock(ofAtLeast: self.blockSize, standard: self.blockSize)
  }

  deinit {
    queue.stop()
    queue.recycle(block)
  }

  /// Appends `bytes`.
  /// - Throws: the sink's first error.
  package func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard var source = bytes.baseAddress else { return }
    var rest = bytes.count
    while rest > 0 {
      if count == block.count { try handOver(needing: 1) }
      let piece = min(rest, block.count - count)
      (blockStart + count).copyMemory(from: source, byteCount: piece)
      count += piece
      source += piece
      rest -= piece
    }
  }

  /// Appends `bytes`.
  /// - Throws: the sink's first error.
  package func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Appends the UTF-8 of `text`.
  /// - Throws: the sink's first error.
  package func write(_ text: StaticString) throws {
    try write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Room for `needed` bytes at the end of the output, to be written there and then taken in with
  /// `advance(by:)`. When the block being filled has less room, `preserve` is called first, to copy
  /// what is still needed of the block's bytes, and the block is handed over.
  /// - Returns: where the bytes go; valid until the next call.
  /// - Throws: the sink's first error.
  @inline(__always)
  package func room(_ needed: Int, preserving preserve: () -> Void) throws -> UnsafeMutablePointer<UInt8> {
    if block.count - count < needed {
      preserve()
      try handOver(needing: needed)
    }
    return blockStart.assumingMemoryBound(to: UInt8.self) + count
  }

  /// Where the block being filled starts: a block is allocated, never empty, between calls.
  @inline(__always)
  private var blockStart: UnsafeMutableRawPointer {
    guard let start = block.baseAddress else { preconditionFailure("the block being filled is allocated") }
    return start
  }

  /// Takes in `written` bytes written at the pointer `room` returned.
  @inline(__always)
  package func advance(by written: Int) {
    count += written
  }

  /// Hands the block being filled over and waits until the sink has taken every block; the
  /// thread goes on, for more.
  /// - Throws: the sink's first error.
  package func drain() throws {
    if count > 0 { try handOver(needing: blockSize) }
    try queue.drain()
  }

  /// Hands the last block over and waits until the sink has taken every block.
  /// - Throws: the sink's first error.
  package func finish() throws {
    if count > 0 { try handOver(needing: 0) }
    try queue.finish()
  }

  /// Stops the sink's thread, dropping the blocks not yet taken, and waits for it.
  package func stop() {
    queue.stop()
  }

  /// Queues the block being filled, if it holds anything, and takes a free one of at least
  /// `needed` bytes.
  private func handOver(needing needed: Int) throws {
    let filled = UnsafeRawBufferPointer(rebasing: block[0..<count])
    let full = block
    count = 0
    block = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    block = try queue.submit(full, filled: filled.count, next: max(needed, blockSize), standard: blockSize)
  }
}

/// The blocks between the two threads: free ones for the writer of the document, filled ones for
/// the sink's thread, under one lock.
private final class BackgroundBlockQueue: @unchecked Sendable {
  // Unchecked: every stored property but `sink` is read and written only while `condition` is
  // locked; `sink` is called only on the queue's thread, and the owner waits for that thread to
  // end (`finish`, `stop`) before it returns, so the sink is never called from two threads.
  private struct Filled {
    var block: UnsafeMutableRawBufferPointer
    var count: Int
  }

  private let condition = NSCondition()
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  private let depth: Int
  /// Blocks that exist, at most `depth`.
  private var allocated = 0
  private var free: [UnsafeMutableRawBufferPointer] = []
  private var filled: [Filled] = []
  private var filledStart = 0
  private var failure: (any Error)?
  /// Whether no more blocks come (`finish`) or the queued ones are dropped (`stop`).
  private var isFinishing = false
  private var isStopped = false
  private var isRunning = true
  /// Whether the sink has a block.
  private var isSinking = false

  init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void, depth: Int) {
    self.sink = sink
    self.depth = depth
    let thread = Thread { [self] in run() }
    thread.name = "output"
    thread.start()
  }

  deinit {
    for block in free { block.deallocate() }
    for item in filled[filledStart...] { item.block.deallocate() }
  }

  /// A free block of at least `size` bytes, waiting while all are in use.
  func freeBlock(ofAtLeast size: Int, standard: Int) -> UnsafeMutableRawBufferPointer {
    condition.lock()
    defer { condition.unlock() }
    return takeFree(ofAtLeast: size, standard: standard)
  }

  private func takeFree(ofAtLeast size: Int, standard: Int) -> UnsafeMutableRawBufferPointer {
    while true {
      if let index = free.lastIndex(where: { $0.count >= size }) {
        return free.remove(at: index)
      }
      if let smaller = free.popLast() {
        // Only a line longer than a block asks for more than the free blocks hold: one of them
        // is made that long.
        smaller.deallocate()
        return .allocate(byteCount: size, alignment: 16)
      }
      if allocated < depth {
        allocated += 1
        return .allocate(byteCount: max(size, standard), alignment: 16)
      }
      condition.wait()
    }
  }

  /// Queues the first `count` bytes of `block` for the sink and returns a free block of at least
  /// `next` bytes, waiting while all are in use.
  /// - Throws: the sink's first error (the block is then not queued).
  func submit(
    _ block: UnsafeMutableRawBufferPointer, filled count: Int, next: Int, standard: Int
  ) throws -> UnsafeMutableRawBufferPointer {
    condition.lock()
    defer { condition.unlock() }
    if let failure {
      free.append(block)
      throw failure
    }
    if count > 0 {
      filled.append(Filled(block: block, count: count))
      condition.broadcast()
    } else {
      free.append(block)
    }
    return takeFree(ofAtLeast: next, standard: standard)
  }

  /// Gives back a block that was not queued.
  func recycle(_ block: UnsafeMutableRawBufferPointer) {
    guard block.baseAddress != nil else { return }
    condition.lock()
    defer { condition.unlock() }
    free.append(block)
  }

  /// Waits until every queued block is taken and the thread has ended.
  /// - Throws: the sink's first error.
  func finish() throws {
    condition.lock()
    defer { condition.unlock() }
    isFinishing = true
    condition.broadcast()
    while isRunning { condition.wait() }
    if let failure { throw failure }
  }

  /// Waits until every queued block is taken; the thread goes on.
  /// - Throws: the sink's first error.
  func drain() throws {
    condition.lock()
    defer { condition.unlock() }
    while filledStart < filled.count || isSinking { condition.wait() }
    if let failure { throw failure }
  }

  /// Drops the queued blocks and waits until the thread has ended.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    isFinishing = true
    isStopped = true
    condition.broadcast()
    while isRunning { condition.wait() }
  }

  private func run() {
    condition.lock()
    while true {
      while filledStart == filled.count && !isFinishing { condition.wait() }
      guard filledStart < filled.count, !isStopped else { break }
      let item = filled[filledStart]
      filledStart += 1
      if filledStart == filled.count {
        filled.removeAll(keepingCapacity: true)
        filledStart = 0
      }
      let skips = failure != nil
      isSinking = true
      condition.unlock()
      var failed: (any Error)?
      if !skips {
        do { try sink(UnsafeRawBufferPointer(rebasing: item.block[0..<item.count])) } catch { failed = error }
      }
      condition.lock()
      isSinking = false
      if let failed, failure == nil { failure = failed }
      free.append(item.block)
      condition.broadcast()
    }
    for item in filled[filledStart...] { free.append(item.block) }
    filled.removeAll()
    filledStart = 0
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }
}
