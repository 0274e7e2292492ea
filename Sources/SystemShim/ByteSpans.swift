/// The doors between bytes in memory and the bounded views the rest of the library works on.
///
/// A `RawSpan` is bytes to read and an `OutputRawSpan` is room to fill; neither can outlive the
/// memory it views, and every access through them is checked against their bounds. Only the
/// basements (this module, HealthArchive's `Bytes/` and HealthDatabase's `SQLite/`) make them
/// from pointers: what the other folders hold is a span, an array or one of the basement's
/// readers and appenders.

extension Array where Element: BitwiseCopyable {
  /// Runs `body` on the bytes of the array's elements.
  @inlinable
  package func withRawSpan<Value, Failure: Error>(
    _ body: (RawSpan) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeBytes { bytes in Result { () throws(Failure) in try body(RawSpan(_unsafeBytes: bytes)) } }
      .get()
  }

  /// The elements whose bytes `fill` appends to an empty span of room for `count` of them; fewer
  /// when it appends fewer bytes (a part of an element left over is dropped).
  /// - Throws: what `fill` throws.
  @inlinable
  package init<Failure: Error>(
    count: Int, fromBytes fill: (inout OutputRawSpan) throws(Failure) -> Void
  ) throws(Failure) {
    var failure: Failure?
    self.init(unsafeUninitializedCapacity: Swift.max(count, 0)) { buffer, initialized in
      let room = UnsafeMutableRawBufferPointer(buffer)
      var output = OutputRawSpan(buffer: room, initializedCount: 0)
      do throws(Failure) { try fill(&output) } catch { failure = error }
      initialized = output.finalize(for: room) / MemoryLayout<Element>.stride
    }
    if let failure { throw failure }
  }
}

extension Array where Element == UInt8 {
  /// The bytes of `bytes`.
  @inlinable
  package init(_ bytes: RawSpan) {
    self = bytes.withUnsafeBytes { Array($0) }
  }

  /// Runs `body` on the array's bytes, as bytes to index.
  @inlinable
  package func withSpan<Value, Failure: Error>(
    _ body: (Span<UInt8>) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeBufferPointer { bytes in
      Result { () throws(Failure) in try body(Span(_unsafeElements: bytes)) }
    }.get()
  }

  /// Appends the bytes of `bytes`.
  @inlinable
  package mutating func append(_ bytes: RawSpan) {
    bytes.withUnsafeBytes { append(contentsOf: $0) }
  }

  /// The bytes of `bytes`.
  @inlinable
  package init(_ bytes: Span<UInt8>) {
    self = bytes.withUnsafeBufferPointer { Array($0) }
  }

  /// Appends the bytes of `bytes`.
  @inlinable
  package mutating func append(_ bytes: Span<UInt8>) {
    bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Appends the UTF-8 of `text`.
  @inlinable
  package mutating func append(_ text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Fills the array from `start` with what `fill` appends to an empty span of room for `count`
  /// bytes (up to the array's end when nil), the array's other bytes left as they were.
  /// - Returns: the bytes `fill` appended.
  @inlinable
  package mutating func fill<Failure: Error>(
    from start: Int = 0, upTo count: Int? = nil, _ fill: (inout OutputRawSpan) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    precondition(start >= 0 && start <= self.count, "a fill starts inside the array")
    let end = Swift.min(start + (count ?? self.count), self.count)
    let result: Result<Int, Failure> = withUnsafeMutableBytes { buffer in
      let part = UnsafeMutableRawBufferPointer(rebasing: buffer[start..<end])
      var output = OutputRawSpan(buffer: part, initializedCount: 0)
      do throws(Failure) { try fill(&output) } catch {
        _ = output.finalize(for: part)
        return .failure(error)
      }
      return .success(output.finalize(for: part))
    }
    return try result.get()
  }
}

extension String {
  /// The text of UTF-8 bytes, invalid sequences repaired.
  @inlinable
  package init(utf8 bytes: Span<UInt8>) {
    self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }

  /// Runs `body` on the text's UTF-8.
  @inlinable
  package func withUTF8Span<Value, Failure: Error>(
    _ body: (Span<UInt8>) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var text = self
    return try text.withUTF8 { bytes in
      Result { () throws(Failure) in try body(Span(_unsafeElements: bytes)) }
    }
    .get()
  }
}

extension ArraySlice where Element == UInt8 {
  /// Runs `body` on the slice's bytes.
  @inlinable
  package func withRawSpan<Value, Failure: Error>(
    _ body: (RawSpan) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try withUnsafeBytes { bytes in Result { () throws(Failure) in try body(RawSpan(_unsafeBytes: bytes)) } }
      .get()
  }
}

extension StaticString {
  /// Runs `body` on the text's UTF-8.
  @inlinable
  package func withRawSpan<Value, Failure: Error>(
    _ body: (RawSpan) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try body(RawSpan(_unsafeBytes: UnsafeRawBufferPointer(start: utf8Start, count: utf8CodeUnitCount)))
  }
}

extension OutputRawSpan {
  /// Appends the bytes of `bytes`, which must fit in the free capacity.
  @inlinable
  package mutating func append(_ bytes: RawSpan) {
    precondition(bytes.byteCount <= freeCapacity, "more bytes than the span has room for")
    withUnsafeMutableBytes { buffer, initialized in
      bytes.withUnsafeBytes { source in
        guard let start = source.baseAddress, let target = buffer.baseAddress else { return }
        (target + initialized).copyMemory(from: start, byteCount: source.count)
      }
      initialized += bytes.byteCount
    }
  }

  /// Appends as many bytes of `bytes`, from `offset` on, as fit in the free capacity (and no
  /// more than `limit`).
  /// - Returns: how many.
  @inlinable
  package mutating func append(from bytes: [UInt8], at offset: Int, upTo limit: Int = .max) -> Int {
    let count = Swift.min(freeCapacity, bytes.count - offset, limit)
    guard count > 0 else { return 0 }
    bytes.withRawSpan { append($0.extracting(offset..<offset + count)) }
    return count
  }
}
