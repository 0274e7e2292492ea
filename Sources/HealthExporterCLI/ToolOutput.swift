import SystemShim

/// Where the tool writes: data to standard output, messages to standard error.
public protocol ToolOutput: AnyObject {
  /// Writes data (a CSV, a table) to standard output.
  func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) throws
  /// Writes a message to standard error.
  func writeStandardError(_ text: String)
}

extension ToolOutput {
  /// Writes text to standard output.
  func print(_ text: String) throws {
    var text = text
    try text.withUTF8 { try writeStandardOutput(UnsafeRawBufferPointer($0)) }
  }
}

/// The process's own standard output and standard error.
public final class ProcessOutput: ToolOutput {
  public init() {}

  public func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) throws {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    try SystemCall.writeAll(1, base, count: bytes.count, path: "standard output")
  }

  public func writeStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return }
      try? SystemCall.writeAll(2, base, count: buffer.count, path: "standard error")
    }
  }
}
