import SystemShim

/// The part of a stream a byte-level reader is looking at: one buffer, refilled from the stream,
/// that keeps the bytes of the token being read when it moves on and grows only for a token
/// larger than itself, up to a limit. The XML tokenizer and the JSON reader scan it in place.
///
/// The window owns its buffer and frees it when it goes away; it cannot be copied, so that no
/// second owner can free it or keep a pointer past a refill.
struct ByteWindow: ~Copyable {
  /// What a refill did.
  enum Refill {
    /// Bytes were added behind `end`.
    case added
    /// The stream has ended; nothing was added.
    case ended
    /// The kept bytes fill the largest buffer allowed; nothing was added.
    case full
  }

  /// The buffer; valid bytes are `storage[0..<end]`.
  private var storage: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int
  /// One past the last valid byte.
  private(set) var end = 0
  /// The offset in the stream of the first byte.
  private(set) var offset: Int64 = 0
  private(set) var isAtEndOfStream = false
  /// The largest the buffer may grow to.
  let maximumCapacity: Int

  init(capacity: Int, maximumCapacity: Int) {
    self.capacity = max(capacity, 16)
    self.maximumCapacity = max(maximumCapacity, self.capacity)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Says that the stream read into this window starts at `offset` of the input (a stream opened
  /// partway into a file), before anything is read.
  mutating func startsAt(_ offset: Int64) {
    precondition(end == 0, "a window's start is set before it is filled")
    self.offset = offset
  }

  // MARK: - Views, valid until the next refill

  /// The first valid byte, for scanning loops that index positions below `end`.
  var base: UnsafePointer<UInt8> { UnsafePointer(storage) }

  /// The valid bytes.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: end) }

  /// The bytes `start..<end` of the window.
  @inline(__always)
  func bytes(from start: Int, to end: Int) -> UnsafeBufferPointer<UInt8> {
    bytes.slice(from: start, to: end)
  }

  /// Whether the bytes `start..<end` of the window are exactly `text` (names compared on every
  /// tag, so without making a view).
  @inline(__always)
  func bytes(from start: Int, to end: Int, equal text: StaticString) -> Bool {
    let length = text.utf8CodeUnitCount
    guard end - start == length, start >= 0, end <= self.end else { return false }
    return memoryEqual(storage + start, text.utf8Start, length)
  }

  /// The byte at `position`, which must be below `end`.
  @inline(__always)
  subscript(position: Int) -> UInt8 {
    precondition(position >= 0 && position < end, "a byte inside the window")
    return storage[position]
  }

  /// Runs `body` on the bytes `start..<end` of the window.
  @inline(__always)
  func withBytes<Value, Failure: Error>(
    from start: Int, to end: Int, _ body: (Span<UInt8>) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    precondition(0 <= start && start <= end && end <= self.end, "byte range out of bounds")
    return try body(Span(_unsafeStart: storage + start, count: end - start))
  }

  /// Appends the bytes `start..<end` of the window to `output`.
  @inline(__always)
  func appendBytes(from start: Int, to end: Int, to output: inout [UInt8]) {
    output.append(contentsOf: bytes(from: start, to: end))
  }

  /// The hash of the bytes `start..<end` of the window.
  func hash(from start: Int, to end: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes(from: start, to: end)))
    return hasher.finalize()
  }

  /// The offset from `start` of the first `byte` before `end`, if any: a vectorised search.
  @inline(__always)
  func firstOffset(of byte: UInt8, from start: Int, to end: Int) -> Int? {
    precondition(start >= 0 && end <= self.end, "a search inside the window")
    return MemorySearch.firstOffset(of: byte, in: UnsafeRawPointer(storage + start), count: end - start)
  }

  /// The bytes `start..<end` of the window as text, invalid UTF-8 repaired.
  func text(from start: Int, to end: Int) -> String {
    String(decoding: bytes(from: start, to: end), as: UTF8.self)
  }

  // MARK: - Refilling

  /// Moves the bytes from `keptFrom` on to the front of the buffer (positions shift down by
  /// `keptFrom`, whatever the result) and reads more behind them.
  ///
  /// When many bytes are kept (a large token being scanned again), it reads at least as many again
  /// before returning, so that a token is rescanned only a logarithmic number of times.
  /// - Throws: the stream's errors.
  mutating func refill(keepingFrom keptFrom: Int, from stream: any ByteStream) throws -> Refill {
    let kept = end - keptFrom
    if keptFrom > 0 {
      if kept > 0 { storage.update(from: storage + keptFrom, count: kept) }
      offset += Int64(keptFrom)
      end = kept
    }
    if isAtEndOfStream { return .ended }
    let wanted = kept >= 4096 ? kept : 1
    var added = 0
    while added < wanted {
      if end == capacity {
        // A full buffer with new bytes in it is scanned again before it grows any further.
        if added > 0 { return .added }
        guard capacity < maximumCapacity else { return .full }
        grow(to: min(capacity * 2, maximumCapacity))
      }
      let free = UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end)
      var output = OutputRawSpan(buffer: free, initializedCount: 0)
      try stream.read(into: &output)
      let count = output.finalize(for: free)
      if count == 0 {
        isAtEndOfStream = true
        return added > 0 ? .added : .ended
      }
      end += count
      added += count
    }
    return .added
  }

  /// Moves the valid bytes into a larger buffer.
  private mutating func grow(to newCapacity: Int) {
    let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStorage.update(from: storage, count: end)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
  }
}
