package import HealthArchive
package import SystemShim

/// Where the server's messages go: each one as compact JSON on a line of its own, ended by a line
/// feed, written whole (JSON escapes every line feed inside strings, so a message never spans
/// lines). Messages may be sent from more than one thread; each is written in one piece.
package final class MessageOutput: @unchecked Sendable {
  // Unchecked: `sink` is called only under `writing`'s lock.
  private let sink: ByteSink
  private let writing = Locked(())

  /// Creates an output.
  /// - Parameter sink: writes bytes, all of them, or throws (standard output's pipe is closed).
  package init(sink: ByteSink) {
    self.sink = sink
  }

  /// Writes one message and its line feed.
  /// - Throws: the sink's error.
  package func send(_ message: JSONValue) throws {
    try send(line: JSONWriter.bytes(of: message, formatting: .compact))
  }

  /// Writes one message already encoded as compact JSON, and its line feed (added in place: a
  /// batch's line of up to 16 MiB is not copied).
  /// - Throws: the sink's error.
  package func send(line: consuming [UInt8]) throws {
    var bytes = consume line
    bytes.append(UInt8(ascii: "\n"))
    try writing.withLock { _ in try sink.write(bytes) }
  }
}
