import SystemShim

/// A stream that can be read only from its start (an archive's entry, as it inflates), read once
/// on a thread of its own into blocks that several readers read at once, each from an offset of
/// its own: what lets `ChunkedXMLReading` read an archive's health XML on both cores.
///
/// The thread reads only as far as the readers have asked, and `readAhead` blocks more. A block is
/// let go once every stream open is past it and none will be opened before it
/// (`release(before:)`), so what is held is the span the readers cover, whatever the stream's size.
/// Bytes come with the errors of the stream underneath, where they happened: a reader gets the
/// bytes before the point where it failed, then its error, at every read from there on.
package final class SharedByteWindow: OffsetByteSource, Sendable {
  let core: Core
  private let worker: HandOffWorker<Core, Never>

  /// Starts reading `base` on a thread of its own.
  /// - Parameters:
  ///   - base: the stream read; nothing else may read it afterwards.
  ///   - blockSize: the bytes of one block.
  ///   - readAhead: how many blocks are read past the farthest byte asked for.
  package init(_ base: any ByteStream, blockSize: Int, readAhead: Int = 2) {
    let blockSize = max(blockSize, 1)
    core = Core(base: base, blockSize: blockSize, readAhead: Int64(max(readAhead, 1) * blockSize))
    worker = HandOffWorker(name: "window", depth: 1) { $0.run() }
    worker.submit(core)
  }

  deinit {
    core.stop()
    // Waits for the thread, so that nothing reads the stream underneath afterwards.
    worker.stop()
  }

  /// - Throws: `InputError.unreadable` when the bytes at `offset` have been let go.
  package func open(at offset: Int64) throws -> any ByteStream {
    try WindowStream(core: core, offset: offset)
  }

  package func release(before offset: Int64) {
    core.release(before: offset)
  }

  /// How many blocks are held: the readers' span, in blocks.
  var heldBlocks: Int { core.state.withLock { $0.blocks.count } }
}

extension SharedByteWindow {
  /// What the thread and the readers share.
  final class Core: @unchecked Sendable {
    // Unchecked: `base` is read only on the window's thread, and let go there; the rest is in
    // `state`, under its lock.
    struct State {
      /// The blocks held: `blocks[i]` holds the bytes from `(firstBlock + i) * blockSize`. Full
      /// but the last, and never written once here.
      var blocks: [ByteBlock] = []
      var firstBlock: Int64 = 0
      /// How many bytes have been read from the stream underneath.
      var end: Int64 = 0
      /// Whether the stream underneath has ended or failed, or the reading was stopped.
      var isFinished = false
      var failure: (any Error)?
      /// The farthest byte a reader has asked for, and one.
      var wanted: Int64 = 0
      /// No stream is opened before this.
      var floor: Int64 = 0
      /// The open streams' positions, by stream.
      var readers: [Int: Int64] = [:]
      var nextReader = 0
      var isStopped = false
    }

    let state = Locked(State())
    let blockSize: Int
    private let readAhead: Int64
    let name: String
    private var base: (any ByteStream)?

    init(base: any ByteStream, blockSize: Int, readAhead: Int64) {
      self.base = base
      self.blockSize = blockSize
      self.readAhead = readAhead
      name = base.name
    }

    /// Reads blocks while the readers need them, on the window's thread.
    func run() {
      while let base,
        state.withLock(
          waitingUntil: { $0.isStopped || $0.end < $0.wanted + readAhead }, then: { !$0.isStopped })
      {
        let block = ByteBlock(capacity: blockSize)
        var failure: (any Error)?
        do {
          try block.fill { try base.read(untilFull: &$0) }
        } catch {
          failure = error
        }
        let isFinished = failure != nil || block.count < block.capacity
        state.withLock { state in
          if block.count > 0 {
            state.blocks.append(block)
            state.end += Int64(block.count)
          }
          // A stop that came while the block was read has already finished the reading (and
          // told the readers why): it stays finished.
          if isFinished {
            state.isFinished = true
            state.failure = failure
          }
          dropPassed(&state)
        }
        if isFinished { self.base = nil }
      }
      // Stopped, or at the end: the stream underneath is let go here, on its thread.
      base = nil
    }

    /// Stops the thread; a reader that asks for more than was read from then on is told.
    func stop() {
      state.withLock { state in
        state.isStopped = true
        if !state.isFinished {
          state.isFinished = true
          state.failure = InputError.unreadable(path: name, reason: "its reading was stopped")
        }
      }
    }

    func release(before offset: Int64) {
      state.withLock { state in
        state.floor = max(state.floor, offset)
        dropPassed(&state)
      }
    }

    /// Lets go of the blocks that end at or before every open stream's position and the floor.
    private func dropPassed(_ state: inout State) {
      let lowest = state.readers.values.reduce(state.floor, min)
      let passed = min(lowest / Int64(blockSize) - state.firstBlock, Int64(state.blocks.count))
      guard passed > 0 else { return }
      state.blocks.removeFirst(Int(passed))
      state.firstBlock += passed
    }

    /// A new stream at `offset`: its number.
    func open(at offset: Int64) throws -> Int {
      try state.withLock { state in
        guard offset >= state.firstBlock * Int64(blockSize) else {
          throw InputError.unreadable(path: name, reason: "its bytes at \(offset) were read and let go")
        }
        let reader = state.nextReader
        state.nextReader += 1
        state.readers[reader] = offset
        return reader
      }
    }

    func close(_ reader: Int) {
      state.withLock { state in
        state.readers[reader] = nil
        dropPassed(&state)
      }
    }

    /// The block that holds the byte at `position`, and where it starts, once read (after `ask`);
    /// nil at the end.
    /// - Throws: the stream's error, at and past where it happened.
    func block(at position: Int64, for reader: Int) throws -> (block: ByteBlock, start: Int64)? {
      try state.withLock(
        waitingUntil: { $0.end > position || $0.isFinished },
        then: { state in
          guard position < state.end else {
            if let failure = state.failure { throw failure }
            return nil
          }
          let index = Int(position / Int64(blockSize) - state.firstBlock)
          return (state.blocks[index], (state.firstBlock + Int64(index)) * Int64(blockSize))
        })
    }

    /// Says that a reader wants the byte at `position`, before it waits for it.
    func ask(for position: Int64, by reader: Int) {
      state.withLock { state in
        state.readers[reader] = position
        state.wanted = max(state.wanted, position + 1)
      }
    }
  }

  /// One reader of the window, from an offset of its own.
  private final class WindowStream: ByteStream {
    let core: Core
    let reader: Int
    private var position: Int64
    /// The block being read, and where it starts.
    private var current: (block: ByteBlock, start: Int64)?

    init(core: Core, offset: Int64) throws {
      self.core = core
      reader = try core.open(at: offset)
      position = offset
    }

    deinit {
      core.close(reader)
    }

    var name: String { core.name }

    func read(into output: inout OutputRawSpan) throws {
      guard !output.isFull else { return }
      if current.map({ position >= $0.start + Int64($0.block.count) }) ?? true {
        core.ask(for: position, by: reader)
        current = try core.block(at: position, for: reader)
      }
      guard let (block, start) = current else { return }
      let from = Int(position - start)
      let count = min(output.freeCapacity, block.count - from)
      block.withFilledBytes { output.append($0.extracting(from..<from + count)) }
      position += Int64(count)
    }
  }
}
