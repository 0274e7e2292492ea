import HealthArchive
import SystemShim

/// The process's standard input, as a stream of bytes.
package final class StandardInput: ByteStream {
  package let name = "standard input"

  package init() {}

  package func read(into output: inout OutputRawSpan) throws {
    do {
      try SystemCall.read(0, appendingTo: &output, path: name)
    } catch {
      throw InputError.readFailed(path: name, reason: error.reason)
    }
  }
}

/// Writing to the process's standard output and standard error.
package enum StandardStreams {
  /// Writes all of `bytes` to standard output.
  /// - Throws: `SystemError` when the pipe is closed or the write fails.
  package static func writeStandardOutput(_ bytes: RawSpan) throws {
    try SystemCall.writeAll(1, bytes, path: "standard output")
  }

  /// Writes a line to standard error, ignoring a failure (there is nowhere to report it). What a
  /// client sent (its name in the handshake, a tool's arguments) may be in it, so its control
  /// characters are shown as escapes, never acted on by a terminal (`standardErrorLine`).
  package static func writeStandardError(_ line: String) {
    try? ByteSink { try SystemCall.writeAll(2, $0, path: "standard error") }.write(standardErrorLine(line))
  }

  /// `line` as standard error shows it: control characters escaped (`Terminal.printable`), one
  /// line feed at its end.
  package static func standardErrorLine(_ line: String) -> String {
    let body = line.hasSuffix("\n") ? String(line.dropLast()) : line
    return Terminal.printable(body) + "\n"
  }
}
