import HealthModel
import SystemShim

/// Reads a health XML that can be opened at any offset (a file, bytes in memory) in chunks, on two
/// threads at once, handing the items over in the order of the file, with what the reader of the
/// whole file would have given: the same items at the same lines and columns, the same
/// diagnostics, the same header, and the same first error.
///
/// The file is cut where a line starts with one space and a start tag (`\n <Record`), which is how
/// the export writes the root's children, about every `chunkSize` bytes. Each chunk is read by a
/// reader of its own that starts inside the root element and stops at the first markup between
/// the root's children at or past the next cut (`XMLTokenizer.stopOffset`). The cut is a guess:
/// it holds only when the chunk before stops exactly on it. When it does not (the cut fell inside
/// a workout, a comment), what was read from it is dropped and the bytes from where the chunk
/// before stopped are read again. A chunk that runs on far past its cut (one element of megabytes,
/// a file with no line breaks) gives way to one reader for the rest of the file, as without
/// chunks, so that what is held stays bounded.
///
/// Lines are counted from each chunk's start and made the file's as the chunk is handed over;
/// progress is told, and cancellation checked, once a chunk.
final class ChunkedXMLReading {
  /// Where a chunk starts and where it ends.
  struct Plan {
    /// The offset of its first markup (0 for the file's start).
    var start: Int64
    /// The offset of the first byte of `start`'s line.
    var lineStart: Int64
    /// The offset of the next chunk's first markup; `.max` when none follows.
    var stop: Int64

    var isFirst: Bool { start == 0 }
  }

  /// What is read of a chunk.
  struct Outcome {
    enum Event {
      case item(HealthItem, SourceLocation)
      case diagnostic(Diagnostic)
    }

    /// Items and diagnostics, in the order the reader gave them, located from the chunk's line.
    var events = HandOverQueue<Event>(capacity: 1)
    /// What the reader threw, after its events; nil when it did not.
    var failure: (any Error)?
    /// Where it stopped: the offset of the markup at or past `Plan.stop`, and its location from the
    /// chunk's line; nil when the root element ended (or the input) first.
    var stop: (offset: Int64, location: SourceLocation)?
    /// What its reader learned.
    var header = ExportHeader()
    /// The root element's line, read by the first chunk.
    var rootLine: Int?
    /// Whether it ran so far past its plan's stop that it was given up.
    var wasAbandoned = false
  }

  /// One chunk, read on a worker.
  final class Job: @unchecked Sendable {
    // Unchecked: `plan` and `reading` are set once, before the job is handed over; the outcome is
    // under its lock.
    let plan: Plan
    let reading: ChunkedXMLReading
    private let outcome = Locked<Outcome?>(nil)

    init(plan: Plan, reading: ChunkedXMLReading) {
      self.plan = plan
      self.reading = reading
    }

    /// Reads the chunk (on the worker's thread).
    func run() {
      let read = reading.readChunk(plan)
      outcome.withLock { $0 = read }
    }

    /// Waits for the chunk to be read, and gives what was.
    func wait() -> Outcome {
      outcome.wait(until: { $0 != nil })
      return outcome.withLock { outcome in
        defer { outcome = Outcome() }
        return outcome ?? Outcome()
      }
    }
  }

  /// Thrown by a chunk's stream past its budget: the chunk is given up.
  private struct ChunkTooLong: Error {}

  let source: any OffsetByteSource
  let size: Int64
  let chunkSize: Int
  let filter: ItemFilter
  /// How many chunks are read ahead of the one handed over (`ItemFilter.chunksReadAhead`).
  var lookahead: Int { min(max(filter.chunksReadAhead, 1), 8) }
  /// The bytes of its own tokenizer's buffer each chunk reader starts with (small: a chunk's
  /// reader reads little past its stop).
  let bufferSize: Int

  /// How the reading went: the chunks handed over, those read again from where the chunk before
  /// stopped, and whether the rest of the file was read by one reader.
  struct Counts: Equatable {
    var chunks = 0
    var readAgain = 0
    var restReadAtOnce = false
  }

  private(set) var counts = Counts()

  /// What the readers learned: the first chunk's locale and version once it is handed over, every
  /// chunk's counts once all are.
  private(set) var header = ExportHeader()

  /// - Parameters:
  ///   - source: the health XML, opened at offsets.
  ///   - size: its size in bytes.
  ///   - chunkSize: about how many bytes each chunk holds.
  ///   - filter: which items to deliver.
  init(source: any OffsetByteSource, size: Int64, chunkSize: Int, filter: ItemFilter) {
    self.source = source
    self.size = size
    self.chunkSize = max(chunkSize, 64)
    self.filter = filter
    bufferSize = min(max(chunkSize / 16, 4096), 64 << 10)
  }

  /// A reading of a health XML that `open` opens again at any offset (a file, bytes in memory).
  convenience init(
    open: @escaping (Int64) throws -> any ByteStream, size: Int64, chunkSize: Int, filter: ItemFilter
  ) {
    self.init(source: ReopenedBytes(opening: open), size: size, chunkSize: chunkSize, filter: filter)
  }

  private func open(_ offset: Int64) throws -> any ByteStream {
    try source.open(at: offset)
  }

  // MARK: - Handing chunks over

  /// Reads the whole file, handing each item to `consume` in the file's order.
  /// - Throws: what the reader of the whole file throws, at the same point: `XMLError` (its line
  ///   the file's), `StrictModeError` from `diagnostics`, the stream's errors; `CancellationError`
  ///   from `monitor`; whatever `consume` throws.
  func read(
    diagnostics: Diagnostics, monitor: ReadMonitor, _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    let workers = (0..<2).map { index in
      HandOffWorker<Job, Never>(name: "xml-chunk-\(index)", depth: lookahead) { $0.run() }
    }
    defer { for worker in workers { worker.stop() } }
    var submitted = 0
    var pending: [Job] = []
    /// Where the next chunk to plan starts; nil once the last is planned.
    var nextStart: Int64? = 0
    func plan() -> Plan? {
      guard let start = nextStart else { return nil }
      // A cut that cannot be read ends the plan: its chunk reads on to the fault, and meets it
      // after the items before it are handed over, as one reader of the whole file would.
      let stop = (try? cut(from: start + Int64(chunkSize))) ?? .max
      nextStart = stop == .max ? nil : stop
      // A cut's line starts at the space before its `<`.
      return Plan(start: start, lineStart: start == 0 ? 0 : start - 1, stop: stop)
    }
    func fill() {
      while pending.count < lookahead, let next = plan() {
        let job = Job(plan: next, reading: self)
        workers[submitted % workers.count].submit(job)
        submitted += 1
        pending.append(job)
      }
    }
    fill()
    var lineBase = 0
    var rootLine = 0
    while !pending.isEmpty {
      try monitor.check()
      let job = pending.removeFirst()
      // Nothing before this chunk is read again (a chunk read again starts where it stops).
      source.release(before: job.plan.start)
      fill()
      let outcome = job.wait()
      if outcome.wasAbandoned {
        counts.restReadAtOnce = true
        for worker in workers { worker.stop() }
        try readRest(
          from: job.plan, lineBase: lineBase, rootLine: rootLine, diagnostics: diagnostics, monitor: monitor,
          consume)
        return
      }
      if job.plan.isFirst { rootLine = outcome.rootLine ?? 0 }
      take(outcome.header, of: job.plan)
      counts.chunks += 1
      try hand(outcome, lineBase: lineBase, rootLine: rootLine, to: diagnostics, consume)
      guard let stop = outcome.stop else {
        monitor.report(ReadProgress(.bytes, done: size, total: size))
        return
      }
      monitor.report(ReadProgress(.bytes, done: stop.offset, total: size))
      lineBase += stop.location.line - 1
      if let next = pending.first, next.plan.start != stop.offset {
        // The cut was not between two of the root's children: read again from where this chunk
        // stopped to the next cut, here.
        let dropped = pending.removeFirst()
        let again = Job(
          plan: Plan(
            start: stop.offset, lineStart: stop.offset - Int64(stop.location.column - 1),
            stop: dropped.plan.stop),
          reading: self)
        again.run()
        counts.readAgain += 1
        pending.insert(again, at: 0)
      }
    }
  }

  /// Hands a chunk's events over, located in the file, then throws its failure.
  private func hand(
    _ outcome: Outcome, lineBase: Int, rootLine: Int, to diagnostics: Diagnostics,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    while let event = outcome.events.takeFirst() {
      // Consumed: the item is moved out of the event, not copied (and its strings retained).
      switch consume event {
      case .item(let item, var location):
        location.line += lineBase
        try consume(item, location)
      case .diagnostic(var diagnostic):
        diagnostic.location?.line += lineBase
        try diagnostics.report(diagnostic)
      }
    }
    if let failure = outcome.failure {
      throw Self.located(failure, lineBase: lineBase, rootLine: rootLine)
    }
  }

  /// Adds what a chunk's reader learned to `header`: the locale and version, read by the first.
  private func take(_ learned: ExportHeader, of plan: Plan) {
    if plan.isFirst {
      header.locale = learned.locale
      header.exportVersion = learned.exportVersion
    }
    header.add(learned)
  }

  /// An error of a chunk's reader, its lines the file's.
  static func located(_ error: any Error, lineBase: Int, rootLine: Int) -> any Error {
    guard var error = error as? XMLError else { return error }
    error.location.line += lineBase
    if case .endOfFileInsideElement(let name, let line) = error.reason {
      // Line 0 is the root's, which a chunk does not see.
      error.reason = .endOfFileInsideElement(name, openedAtLine: line == 0 ? rootLine : line + lineBase)
    }
    return error
  }

  /// Reads from `plan`'s start to the end of the file with one reader, handing items over as they
  /// come: what is left once a chunk has run too long. Its lines are counted from `lineBase`.
  private func readRest(
    from plan: Plan, lineBase: Int, rootLine: Int, diagnostics: Diagnostics, monitor: ReadMonitor,
    _ consume: (HealthItem, SourceLocation) throws -> Void
  ) throws {
    // Progress counted from the plan's start.
    let stream = try open(plan.start).observed(by: monitor, totalBytes: size - plan.start)
    // Nothing else is opened: what this stream has read can go.
    source.release(before: .max)
    let reader = makeReader(
      plan, stream: stream, diagnostics: diagnostics, bufferSize: 1 << 20, line: lineBase + 1,
      rootLine: rootLine)
    defer { take(reader.header, of: plan) }
    try read(plan, with: reader) { item, location in try consume(item, location) }
  }

  // MARK: - Reading one chunk

  /// Reads one chunk into memory (on a worker, or here when read again).
  func readChunk(_ plan: Plan) -> Outcome {
    var outcome = Outcome()
    let events = HandOverQueue<Outcome.Event>(capacity: chunkSize / 128)
    outcome.events = events
    // Diagnostics go into the queue as they are reported, in order with the items. Past
    // `Diagnostics.keptLimit` of them the chunk is given up (read by one reader, whose diagnostics
    // are counted as they come): what a chunk holds stays bounded.
    var forwarded = 0
    let recorder = Diagnostics(forwardingTo: { diagnostic in
      forwarded += 1
      if forwarded <= Diagnostics.keptLimit { events.append(.diagnostic(diagnostic)) }
    })
    do {
      // A chunk that reads this far past its stop is given up (`readRest`).
      let budget = (plan.stop == .max ? Int64(chunkSize) : plan.stop - plan.start) + Int64(chunkSize)
      let opened = try open(plan.start)
      // Named with a copy of the name of its own: every item's location holds the name, and one
      // string held by the items of every chunk would have its reference count passed from core
      // to core for each item.
      let name = String(decoding: Array(opened.name.utf8), as: UTF8.self)
      let stream = CappedByteStream(opened, cap: budget, name: name) { ChunkTooLong() }
      let reader = makeReader(plan, stream: stream, diagnostics: recorder, bufferSize: bufferSize)
      reader.tokenizer.stopOffset = plan.stop
      defer {
        outcome.header = reader.header
        outcome.stop = reader.tokenizer.stop
        if plan.isFirst { outcome.rootLine = reader.tokenizer.rootLine }
      }
      do {
        try read(plan, with: reader) { item, location in
          events.append(.item(consume item, location))
        }
      } catch {
        outcome.failure = error
      }
    } catch {
      outcome.failure = error
    }
    if outcome.failure is ChunkTooLong || forwarded > Diagnostics.keptLimit {
      return Outcome(wasAbandoned: true)
    }
    return outcome
  }

  /// A reader of `stream`, `plan`'s bytes: from the file's start, or from inside the root element
  /// on line `line` (1 when not known) with the root on `rootLine` (0 when not known).
  private func makeReader(
    _ plan: Plan, stream: any ByteStream, diagnostics: Diagnostics, bufferSize: Int, line: Int = 1,
    rootLine: Int = 0
  ) -> ExportXMLReader {
    let reader = ExportXMLReader(
      stream: stream, filter: filter, diagnostics: diagnostics, bufferSize: bufferSize)
    if !plan.isFirst {
      reader.tokenizer.startInsideRoot(
        "HealthData", at: plan.start, lineStart: plan.lineStart, line: line, rootLine: rootLine)
    }
    return reader
  }

  private func read(
    _ plan: Plan, with reader: ExportXMLReader,
    _ consume: (consuming HealthItem, SourceLocation) throws -> Void
  ) throws {
    if plan.isFirst {
      try reader.readTaking(consume)
    } else {
      try reader.readChunk(consume)
    }
  }

  // MARK: - Cuts

  /// The offset of the first start tag at or past `offset` that begins a line after one space
  /// (`\n <` and a letter), as the export writes the root's children; nil when none comes within
  /// four chunks, or before the end.
  func cut(from offset: Int64) throws -> Int64? {
    guard offset < size else { return nil }
    let stream = try open(max(offset - 1, 0))
    var position = max(offset - 1, 0)
    let limit = offset + 4 * Int64(chunkSize)
    var carried: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 16 << 10)
    while position < limit {
      let count = try stream.read(filling: &block)
      if count == 0 { return nil }
      let bytes = carried + block[0..<count]
      let first = position - Int64(carried.count)
      var i = 0
      while i + 3 < bytes.count {
        if bytes[i] == 0x0A, bytes[i + 1] == 0x20, bytes[i + 2] == UInt8(ascii: "<"),
          Self.isLetter(bytes[i + 3]), first + Int64(i) + 2 >= offset
        {
          return first + Int64(i) + 2
        }
        i += 1
      }
      carried = Array(bytes.suffix(3))
      position += Int64(count)
    }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}

extension ExportHeader {
  /// Adds what another part of the same file's reading counted.
  mutating func add(_ other: ExportHeader) {
    for (name, count) in other.otherElements { otherElements[name, default: 0] += count }
    timeZones.add(other.timeZones)
  }
}
