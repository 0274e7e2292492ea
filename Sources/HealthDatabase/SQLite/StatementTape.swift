/// A run of calls to a connection's statements written down as plain bytes, to be made later on
/// the thread that owns the connection (`SQLiteThread`): the binds of each statement (integers,
/// reals, text, NULL), then its `run()` (a statement of one row) or `endRow()` (a batched insert),
/// in order.
///
/// The bytes are one preallocated buffer, filled by the writing thread and replayed, then given
/// back, by the SQLite thread: no object is made or handed over per row, and the same few buffers
/// go back and forth for the whole database. A call is an operation byte, the statement's number
/// and, for a bind, the parameter's index and the value; text is its length and its bytes.
final class StatementTape {
  /// The bytes written so far.
  private(set) var bytes: UnsafeMutableRawPointer
  private(set) var capacity: Int
  /// The capacity the tape has again once emptied.
  let standardCapacity: Int
  /// How many bytes are written.
  var count = 0

  /// The size of a tape by default: a few hundred records.
  static let defaultCapacity = 128 << 10

  /// The operations, in the first byte of each call.
  enum Operation: UInt8 {
    case integer = 1
    case real = 2
    case text = 3
    case null = 4
    case run = 5
    case endRow = 6
  }

  init(capacity: Int = StatementTape.defaultCapacity) {
    self.capacity = capacity
    standardCapacity = capacity
    bytes = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit {
    bytes.deallocate()
  }

  /// Empties the tape for the next calls, giving back the memory of a tape made larger for one
  /// long text.
  func reset() {
    count = 0
    if capacity > standardCapacity {
      bytes.deallocate()
      capacity = standardCapacity
      bytes = .allocate(byteCount: capacity, alignment: 16)
    }
  }

  /// Whether `size` more bytes fit.
  @inline(__always)
  func fits(_ size: Int) -> Bool { count + size <= capacity }

  /// Makes room for `size` more bytes on an empty tape (text longer than a tape).
  func reserve(_ size: Int) {
    precondition(count == 0)
    guard size > capacity else { return }
    bytes.deallocate()
    capacity = size
    bytes = .allocate(byteCount: capacity, alignment: 16)
  }

  /// Writes a call's head: the operation (its high bit set for a batched insert), the
  /// statement, the parameter.
  @inline(__always)
  func putHead(_ operation: UInt8, statement: UInt8, index: Int32) {
    let at = bytes + count
    at.storeBytes(of: operation, as: UInt8.self)
    (at + 1).storeBytes(of: statement, as: UInt8.self)
    (at + 2).storeBytes(of: UInt16(truncatingIfNeeded: index), toByteOffset: 0, as: UInt16.self)
    count += 4
  }

  @inline(__always)
  func put<T: BitwiseCopyable>(_ value: T) {
    (bytes + count).storeBytes(of: value, as: T.self)
    count += MemoryLayout<T>.size
  }

  @inline(__always)
  func put(_ text: UnsafeRawBufferPointer) {
    put(UInt32(text.count))
    if let base = text.baseAddress, text.count > 0 {
      (bytes + count).copyMemory(from: base, byteCount: text.count)
    }
    count += text.count
  }

  /// Makes the calls on the tape with `singles` (statements of one row, by number) and
  /// `batches` (batched inserts, by number), in order.
  /// - Throws: the first call's `DatabaseError`; the calls after it are not made.
  func replay(singles: [SQLiteStatement], batches: [BatchedInsert]) throws(DatabaseError) {
    var at = UnsafeRawPointer(bytes)
    let end = at + count
    // The statement of the last call (nil only where there are none, and no call names one), kept
    // from one call to the next: calls come in runs on
    // the same statement (a row's binds), and only a change of statement costs a reference count.
    // Each bind is spelled out for both kinds of statement: one generic helper for the two
    // brought back a retain and a release per call (9% more instructions on this thread).
    var singleNumber = -1
    var batchNumber = -1
    var single = singles.first
    var batch = batches.first
    while at < end {
      guard let operation = Operation(rawValue: at.load(as: UInt8.self) & 0x7F) else {
        preconditionFailure("a tape holds only the operations its recorder writes")
      }
      let isBatch = at.load(as: UInt8.self) & 0x80 != 0
      let number = Int(at.load(fromByteOffset: 1, as: UInt8.self))
      let index = Int32(at.loadUnaligned(fromByteOffset: 2, as: UInt16.self))
      at += 4
      if isBatch {
        if number != batchNumber {
          batch = batches[number]
          batchNumber = number
        }
      } else if number != singleNumber {
        single = singles[number]
        singleNumber = number
      }
      switch operation {
      case .integer:
        let value = at.loadUnaligned(as: Int64.self)
        at += 8
        if isBatch {
          try batch?.bind(value, at: index)
        } else {
          try single?.bind(value, at: index)
        }
      case .real:
        let value = at.loadUnaligned(as: Double.self)
        at += 8
        if isBatch {
          try batch?.bind(value, at: index)
        } else {
          try single?.bind(value, at: index)
        }
      case .text:
        let length = Int(at.loadUnaligned(as: UInt32.self))
        let text = UnsafeBufferPointer(start: (at + 4).assumingMemoryBound(to: UInt8.self), count: length)
        at += 4 + length
        if isBatch {
          try batch?.bind(text: text, at: index)
        } else {
          try single?.bind(text: text, at: index)
        }
      case .null:
        if isBatch {
          try batch?.bindNull(at: index)
        } else {
          try single?.bindNull(at: index)
        }
      case .run:
        try single?.run()
      case .endRow:
        try batch?.endRow()
      }
    }
  }
}

/// Writes calls onto tapes and hands each full tape to the SQLite thread, taking an empty one
/// back (`SQLiteThread`); used by the writing thread only.
final class TapeRecorder {
  private let thread: SQLiteThread
  private var tape: StatementTape

  init(thread: SQLiteThread) {
    self.thread = thread
    tape = thread.emptyTape()
  }

  /// The tape to write `size` more bytes on: the current one, or, when it is full, a new one
  /// once the full one is handed over.
  /// - Throws: the SQLite thread's failure, when it has failed.
  @inline(__always)
  func tape(for size: Int) throws(DatabaseError) -> StatementTape {
    if !tape.fits(size) {
      try handOver()
      tape.reserve(size)
    }
    return tape
  }

  /// Hands the calls written so far to the SQLite thread.
  /// - Throws: the SQLite thread's failure, when it has failed.
  func handOver() throws(DatabaseError) {
    if tape.count > 0 {
      tape = try thread.submit(tape)
    } else if let failure = thread.failure {
      throw failure
    }
  }
}

/// A statement as the writing thread sees it: each bind, `run()` and `endRow()` written onto the
/// tape for the SQLite thread to make on the statement of the same number.
final class TapeStatement: SQLiteParameters {
  private let recorder: TapeRecorder
  /// The statement's number, with the high bit set for a batched insert.
  private let number: UInt8
  private let batchFlag: UInt8

  init(recorder: TapeRecorder, number: Int, isBatch: Bool) {
    precondition(number < 0x100)
    self.recorder = recorder
    self.number = UInt8(number)
    batchFlag = isBatch ? 0x80 : 0
  }

  @inline(__always)
  private func head(_ operation: StatementTape.Operation, _ index: Int32, extra: Int) throws(DatabaseError)
    -> StatementTape
  {
    let tape = try recorder.tape(for: 4 + extra)
    tape.putHead(operation.rawValue | batchFlag, statement: number, index: index)
    return tape
  }

  func bind(_ value: Int64?, at index: Int32) throws(DatabaseError) {
    guard let value else { return try bindNull(at: index) }
    try head(.integer, index, extra: 8).put(value)
  }

  func bind(_ value: Double?, at index: Int32) throws(DatabaseError) {
    // A number that is not finite is bound as NULL, as `SQLiteStatement` binds it.
    guard let value, value.isFinite else { return try bindNull(at: index) }
    try head(.real, index, extra: 8).put(value)
  }

  func bind(_ value: String?, at index: Int32) throws(DatabaseError) {
    guard let value else { return try bindNull(at: index) }
    // A head, the length and the bytes (`utf8.count` costs nothing for a native string), read in
    // place: no copy of the string (and of its reference) to make it contiguous, which a native
    // string is already.
    let tape = try recorder.tape(for: 8 + value.utf8.count)
    tape.putHead(StatementTape.Operation.text.rawValue | batchFlag, statement: number, index: index)
    let written: Void? = value.utf8.withContiguousStorageIfAvailable { tape.put(UnsafeRawBufferPointer($0)) }
    if written == nil {
      var copy = value
      copy.withUTF8 { tape.put(UnsafeRawBufferPointer($0)) }
    }
  }

  func bind(text bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(DatabaseError) {
    try head(.text, index, extra: 4 + bytes.count).put(UnsafeRawBufferPointer(bytes))
  }

  func bindNull(at index: Int32) throws(DatabaseError) {
    _ = try head(.null, index, extra: 0)
  }

  /// Runs the statement (of one row) with the values bound.
  func run() throws(DatabaseError) {
    _ = try head(.run, 0, extra: 0)
  }

  /// Ends the row being bound of a batched insert.
  func endRow() throws(DatabaseError) {
    _ = try head(.endRow, 0, extra: 0)
  }
}
