import SystemShim

/// Where the tool writes: data to standard output, messages to standard error.
package protocol ToolOutput: AnyObject {
  /// Writes data (a CSV, a table) to standard output.
  func writeStandardOutput(_ bytes: RawSpan) throws
  /// Writes a message to standard error.
  func writeStandardError(_ text: String)
  /// Whether standard error is a terminal, where a progress line may be drawn.
  var isStandardErrorTerminal: Bool { get }
  /// Whether standard input and standard output are a terminal, where the guided export may ask
  /// its questions.
  var isInteractive: Bool { get }
  /// The width of the terminal, in columns, where known.
  var terminalColumns: Int? { get }
  /// Reads one line of standard input, without its line feed; nil at the end of the input.
  func readLine() -> String?
}

extension ToolOutput {
  package var isStandardErrorTerminal: Bool { false }
  package var isInteractive: Bool { false }
  package var terminalColumns: Int? { nil }
  package func readLine() -> String? { nil }

  /// Writes text to standard output.
  func print(_ text: String) throws {
    try ByteSink { try self.writeStandardOutput($0) }.write(text)
  }

  /// Writes bytes (a document, a file's content) to standard output.
  func writeStandardOutput(_ bytes: [UInt8]) throws {
    try bytes.withRawSpan { try writeStandardOutput($0) }
  }

  /// Writes bytes (a part of a document) to standard output.
  func writeStandardOutput(_ bytes: ArraySlice<UInt8>) throws {
    try bytes.withRawSpan { try writeStandardOutput($0) }
  }

  /// Writes a message for a person to standard error, with every control character that came from
  /// an input (a source name, a path, an attribute) shown as an escape (`Terminal.printable`).
  func message(_ text: String) {
    writeStandardError(Terminal.printable(text))
  }

  /// Writes text for a person to standard output (what `inspect` shows), escaped as `message`.
  func show(_ text: String) throws {
    try print(Terminal.printable(text))
  }
}

/// The process's own standard output and standard error.
package final class ProcessOutput: ToolOutput {
  package init() {}

  package var isStandardErrorTerminal: Bool { Terminal.isTerminal(Terminal.standardError) }

  package var isInteractive: Bool {
    Terminal.isTerminal(Terminal.standardInput) && Terminal.isTerminal(Terminal.standardOutput)
  }

  package var terminalColumns: Int? {
    Terminal.columns(Terminal.standardError) ?? Terminal.columns(Terminal.standardOutput)
  }

  package func readLine() -> String? {
    Swift.readLine(strippingNewline: true)
  }

  package func writeStandardOutput(_ bytes: RawSpan) throws {
    try SystemCall.writeAll(1, bytes, path: "standard output")
  }

  package func writeStandardError(_ text: String) {
    try? ByteSink { try SystemCall.writeAll(2, $0, path: "standard error") }.write(text)
  }
}
