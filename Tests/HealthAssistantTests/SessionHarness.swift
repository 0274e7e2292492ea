import HealthArchive
import SystemShim
import Testing

@testable import HealthAssistant

/// A session with the tools and resources a test gives, fed from memory, its output kept as
/// lines.
final class SessionHarness {
  private(set) var output: [UInt8] = []
  private(set) var logLines: [String] = []
  private(set) var session: AssistantSession!

  init(
    tools: [AssistantTool] = SessionHarness.exampleTools,
    resources: [AssistantResource] = SessionHarness.exampleResources,
    maximumMessageSize: Int = AssistantSession.defaultMaximumMessageSize, instructions: String? = nil
  ) {
    let output = MessageOutput(sink: ByteSink { [unowned self] bytes in self.output.append(bytes) })
    session = AssistantSession(
      info: AssistantServerInfo(version: "1.2.3", instructions: instructions), tools: tools,
      resources: resources,
      output: output, maximumMessageSize: maximumMessageSize, log: { [unowned self] in logLines.append($0) })
  }

  /// Serves `input` read `chunk` bytes at a time; returns the lines written since the last call.
  @discardableResult
  func run(_ input: String, chunk: Int = .max) throws -> [String] {
    try run(bytes: Array(input.utf8), chunk: chunk)
  }

  @discardableResult
  func run(bytes: [UInt8], chunk: Int = .max) throws -> [String] {
    output = []
    try session.serve(input: MemoryByteStream(bytes, name: "input", chunkLimit: chunk))
    #expect(output.isEmpty || output.last == UInt8(ascii: "\n"), "every message ends with a line feed")
    return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// The one line `input` is answered with.
  func answer(_ input: String) throws -> String {
    let lines = try run(input + "\n")
    try #require(lines.count == 1, "\(lines)")
    return lines[0]
  }

  /// The answer to `input`, parsed.
  func answerValue(_ input: String) throws -> JSONValue {
    try JSONValue(parsing: Array(try answer(input).utf8))
  }

  static let initialize =
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#

  /// `echo` returns its text and count; `fail` always fails; `progress` reports progress twice.
  static var exampleTools: [AssistantTool] {
    [
      AssistantTool(
        name: "echo", title: "Echo", description: "Returns its text.",
        inputSchema: [
          "type": "object",
          "properties": [
            "text": ["type": "string"], "times": ["type": "integer", "minimum": 1, "maximum": 3],
          ],
          "required": ["text"], "additionalProperties": false,
        ],
        outputSchema: [
          "type": "object", "properties": ["text": ["type": "string"], "length": ["type": "integer"]],
          "required": ["text", "length"],
        ],
        run: { arguments, _ throws(ToolFailure) in
          let text = try arguments.string("text")!
          let times = try arguments.integer("times", default: 1, in: 1...3)
          let repeated = String(repeating: text, count: times)
          return ["text": .string(repeated), "length": .number(JSONNumber(repeated.utf8.count))]
        }),
      AssistantTool(
        name: "fail", title: "Fail", description: "Fails.",
        inputSchema: ["type": "object", "properties": [:], "additionalProperties": false],
        outputSchema: ["type": "object"],
        run: { _, call throws(ToolFailure) in
          call.log(.warning, "about to fail")
          throw ToolFailure("It failed, as it always does.")
        }),
      AssistantTool(
        name: "progress", title: "Progress", description: "Reports progress.",
        inputSchema: ["type": "object", "properties": [:]], outputSchema: ["type": "object"],
        run: { _, call in
          call.reportProgress(1, total: 2, message: "half")
          call.reportProgress(1, total: 2, message: "not sent: no progress")
          call.reportProgress(2, total: 2, message: "done")
          return ["done": true]
        }),
    ]
  }

  static var exampleResources: [AssistantResource] {
    [
      AssistantResource(
        uri: "test://hello", name: "hello", title: "Hello", description: "A greeting.",
        mimeType: "text/plain",
        read: { _ in "Hello\nworld" }),
      AssistantResource(
        uri: "test://broken", name: "broken", title: "Broken", description: "Cannot be read.",
        mimeType: "text/plain",
        read: { _ throws(ToolFailure) in throw ToolFailure("The database is not ready") }),
    ]
  }
}
