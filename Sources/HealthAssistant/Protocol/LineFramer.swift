/// Cuts the bytes of the stdio transport into messages: one message a line, ended by a line feed
/// (a carriage return before it is dropped), however the bytes arrive — a message split over many
/// reads, or many messages in one. Lines of nothing but spaces and tabs are skipped.
///
/// A line longer than `maximumLineLength` is not kept: its bytes are dropped as they come, and the
/// line is reported as `.tooLong` with its length once it ends, so that memory stays bounded
/// whatever the client sends.
package struct LineFramer {
  /// What a line of input turned out to be.
  package enum Line: Hashable, Sendable {
    /// A message's bytes, without the line feed.
    case message([UInt8])
    /// A line longer than the limit, with its length in bytes.
    case tooLong(byteCount: Int)
  }

  /// The longest line kept, in bytes.
  package let maximumLineLength: Int
  private var pending: [UInt8] = []
  /// The length of the line being dropped, or nil while the line is kept.
  private var droppedCount: Int?

  package init(maximumLineLength: Int) {
    self.maximumLineLength = max(maximumLineLength, 1)
  }

  /// Takes the next bytes and hands each line they end to `body`, in order.
  package mutating func append(_ bytes: ArraySlice<UInt8>, _ body: (Line) throws -> Void) rethrows {
    var rest = bytes
    while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
      keep(rest[..<newline])
      try endLine(body)
      rest = rest[(newline + 1)...]
    }
    keep(rest)
  }

  /// Takes the next bytes and hands each line they end to `body`, in order.
  package mutating func append(_ bytes: [UInt8], _ body: (Line) throws -> Void) rethrows {
    try append(bytes[...], body)
  }

  /// Ends the input: a last line without a line feed is handed to `body` like any other.
  package mutating func finish(_ body: (Line) throws -> Void) rethrows {
    if !pending.isEmpty || droppedCount != nil { try endLine(body) }
  }

  private mutating func keep(_ bytes: ArraySlice<UInt8>) {
    guard !bytes.isEmpty else { return }
    if let dropped = droppedCount {
      droppedCount = dropped + bytes.count
    } else if pending.count + bytes.count > maximumLineLength {
      droppedCount = pending.count + bytes.count
      pending = []
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  private mutating func endLine(_ body: (Line) throws -> Void) rethrows {
    if let dropped = droppedCount {
      droppedCount = nil
      try body(.tooLong(byteCount: dropped))
      return
    }
    var line = pending
    pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
    try body(.message(line))
  }
}
