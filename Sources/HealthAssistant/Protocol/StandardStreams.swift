import HealthArchive
import SystemShim

/// The process's standard input, as a stream of bytes.
package final class StandardInput: ByteStream {
  package let name = "standard input"

  package init() {}

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    do {
      return try SystemCall.read(0, into: base, count: buffer.count, path: name)
    } catch {
      throw InputError.readFailed(path: name, reason: error.reason)
    }
  }
}

/// Writing to the process's standard output and standard error.
package enum StandardStreams {
  /// Writes all of `bytes` to standard output.
  /// - Throws: `SystemError` when the pipe is closed or the write fails.
  package static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) throws {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    try SystemCall.writeAll(1, base, count: bytes.count, path: "standard output")
  }

  /// Writes a line to standard error, ignoring a failure (there is nowhere to report it). What a
  /// client sent (its name in the handshake, a tool's arguments) may be in it, so its control
  /// characters are shown as escapes, never acted on by a terminal (`standardErrorLine`).
  package static func writeStandardError(_ line: String) {
    var text = standardErrorLine(line)
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return }
      try? SystemCall.writeAll(2, base, count: buffer.count, path: "standard error")
    }
  }

  /// `line` as standard error shows it: control characters escaped (`Terminal.printable`), one
  /// line feed at its end.
  package static func standardErrorLine(_ line: String) -> String {
    let body = line.hasSuffix("\n") ? String(line.dropLast()) : line
    return Terminal.printable(body) + "\n"
  }
}
