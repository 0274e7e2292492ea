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
///
/// The thread is a `HandOffWorker` whose jobs are the filled blocks; it puts each block back in
/// the pool of free ones once the sink has taken it.
package final class BackgroundOutput {
  /// The bytes of a block, by default.
  package static let defaultBlockSize = 1 << 20

  private let worker: HandOffWorker<ByteBlock, any Error>
  private let pool: BlockPool
  private let blockSize: Int
  /// The block being filled, and how far.
  private var block: ByteBlock
  private var count = 0

  /// Starts the sink's thread.
  /// - Parameters:
  ///   - sink: takes the blocks, in order, on the thread.
  ///   - blockSize: the bytes of a block.
  ///   - depth: how many blocks may exist at once (at least 3, fewer counting as 3): the one
  ///     being filled, the one the sink has, and those waiting between.
  package init(
    sink: ByteSink, blockSize: Int = defaultBlockSize, depth: Int = 4
  ) {
    self.blockSize = max(blockSize, 16)
    let pool = BlockPool()
    self.pool = pool
    // One block is being filled and one is with the sink: the rest wait.
    worker = HandOffWorker(name: "output", depth: max(depth, 3) - 2) { block in
      try block.withFilledBytes { try sink.write($0) }
      pool.put(block)
    }
    block = pool.take(ofAtLeast: self.blockSize, standard: self.blockSize)
  }

  deinit {
    worker.stop()
  }

  /// Appends `bytes`.
  /// - Throws: the sink's first error.
  package func write(_ bytes: RawSpan) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  private func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard var source = bytes.baseAddress else { return }
    var rest = bytes.count
    while rest > 0 {
      if count == block.capacity { try handOver(needing: 1) }
      let piece = min(rest, block.capacity - count)
      (block.start + count).copyMemory(from: source, byteCount: piece)
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

  /// Appends `bytes`.
  /// - Throws: the sink's first error.
  package func write(_ bytes: ArraySlice<UInt8>) throws {
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
    if block.capacity - count < needed {
      preserve()
      try handOver(needing: needed)
    }
    return block.start.assumingMemoryBound(to: UInt8.self) + count
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
    try worker.drain()
  }

  /// Hands the last block over and waits until the sink has taken every block.
  /// - Throws: the sink's first error.
  package func finish() throws {
    if count > 0 { try handOver(needing: 0) }
    try worker.finish()
  }

  /// Stops the sink's thread, dropping the blocks not yet taken, and waits for it.
  package func stop() {
    worker.stop()
  }

  /// Queues the block being filled, if it holds anything, and takes a free one of at least
  /// `needed` bytes.
  private func handOver(needing needed: Int) throws {
    if count > 0 {
      block.count = count
      count = 0
      try worker.submit(block)
    } else {
      pool.put(block)
    }
    block = pool.take(ofAtLeast: max(needed, blockSize), standard: blockSize)
  }
}

/// The blocks the sink has taken, to be filled again. The worker's depth bounds how many exist:
/// a block is made only when none is free.
private final class BlockPool: @unchecked Sendable {
  // Unchecked: the blocks are in `free`, under its lock; a block taken out belongs to the taker.
  private let free = Locked([ByteBlock]())

  func put(_ block: ByteBlock) {
    free.withLock { $0.append(block) }
  }

  /// A free block of at least `size` bytes, or a new one (of `standard` bytes, at least).
  func take(ofAtLeast size: Int, standard: Int) -> ByteBlock {
    let found: ByteBlock? = free.withLock { blocks in
      if let index = blocks.lastIndex(where: { $0.capacity >= size }) { return blocks.remove(at: index) }
      // Only a line longer than a block asks for more than the free blocks hold: one of them is
      // let go, and one that long made.
      if !blocks.isEmpty { blocks.removeLast() }
      return nil
    }
    return found ?? ByteBlock(capacity: max(size, standard))
  }
}
