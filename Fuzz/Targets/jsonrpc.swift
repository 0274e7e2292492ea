import HealthArchive
import SystemShim

// The assistant server's side of the stdio transport: any bytes as what a client sends, cut into
// lines by the framer in reads of 1 to 29 bytes, each line parsed, dispatched and answered by a
// session (messages limited to 4 KiB) with a tool that reads its arguments and a resource.
@testable import HealthAssistant

// libFuzzer calls the target from one thread.
nonisolated(unsafe) private let tools = [
  AssistantTool(
    name: "echo", title: "Echo", description: "Returns its text.",
    inputSchema: [
      "type": "object",
      "properties": ["text": ["type": "string"], "times": ["type": "integer", "minimum": 1, "maximum": 3]],
      "required": ["text"], "additionalProperties": false,
    ],
    outputSchema: ["type": "object"],
    run: { arguments, call throws(ToolFailure) in
      let text = try arguments.string("text") ?? ""
      let times = try arguments.integer("times", default: 1, in: 1...3)
      call.reportProgress(1, total: 2, message: text)
      return ["text": .string(String(repeating: text, count: times))]
    })
]

nonisolated(unsafe) private let resources = [
  AssistantResource(
    uri: "test://hello", name: "hello", title: "Hello", description: "A greeting.", mimeType: "text/plain",
    read: { _ in "Hello" })
]

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssistantSession(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let chunk = count > 0 ? Int(bytes[0] % 29) + 1 : 1
  var written = 0
  let session = AssistantSession(
    info: AssistantServerInfo(version: "fuzz"), tools: tools, resources: resources,
    output: MessageOutput(sink: ByteSink { written += $0.byteCount }), maximumMessageSize: 4096, log: { _ in }
  )
  do {
    try session.serve(input: MemoryByteStream(bytes, name: "fuzz", chunkLimit: chunk))
  } catch {
    _ = "\(error)"
  }
  _ = written
  return 0
}
