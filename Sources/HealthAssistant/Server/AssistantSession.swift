package import HealthArchive

/// What the server says about itself in the handshake.
package struct AssistantServerInfo: Sendable {
  /// `health-exporter`.
  package var name: String
  /// `Health Exporter`.
  package var title: String
  /// The tool's version.
  package var version: String
  /// What the assistant is told about using the server.
  package var instructions: String?

  package init(
    name: String = "health-exporter", title: String = "Health Exporter", version: String,
    instructions: String? = nil
  ) {
    self.name = name
    self.title = title
    self.version = version
    self.instructions = instructions
  }
}

/// One session of the Model Context Protocol with one client: the lifecycle (`initialize` and its
/// version negotiation, `notifications/initialized`, `ping`), one small dispatcher from method
/// names to handlers, and the tools and resources it serves as data.
///
/// Each message is answered in order as it arrives. Nothing a client sends ends the session or
/// stops the server: a line that is not JSON is answered with -32700, an unknown method with
/// -32601, a failing tool with a result that has `isError: true`; a notification is never
/// answered. Only a failure to write the answer (the client closed its end) is thrown.
package final class AssistantSession {
  /// The protocol versions served, newest first.
  package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
  /// The longest message read or written, in bytes (`ResourceLimit.messageSize`): a longer line
  /// is answered with -32600 and dropped; an answer that would be longer, a batch's included, is
  /// an error that asks for less.
  package static let defaultMaximumMessageSize = ResourceLimit.messageSize.value
  /// The most messages a batch may hold (`ResourceLimit.batchSize`).
  package static let maximumBatchSize = ResourceLimit.batchSize.value

  package typealias Method = (_ params: JSONValue?, _ call: ToolCall) throws(RPCError) -> JSONValue

  package let info: AssistantServerInfo
  package let tools: [AssistantTool]
  package let resources: [AssistantResource]
  package let maximumMessageSize: Int
  let output: MessageOutput
  private let writeLog: (String) -> Void
  private var methods: [String: Method] = [:]

  /// The protocol version agreed in the handshake; nil before it.
  package internal(set) var protocolVersion: String?
  /// The client's name and version from the handshake (`claude-ai 0.1.0`).
  package internal(set) var clientDescription: String?
  /// Whether the client has said `notifications/initialized`.
  package private(set) var isInitialized = false
  /// The least severe level the client asked to be sent with `logging/setLevel`; nil for none.
  package internal(set) var clientLogLevel: AssistantLogLevel?

  /// Creates a session.
  /// - Parameters:
  ///   - info: the server's name, version and instructions.
  ///   - tools: the tools, in the order `tools/list` shows them.
  ///   - resources: the resources, in the order `resources/list` shows them.
  ///   - output: where messages to the client go.
  ///   - maximumMessageSize: the longest message read.
  ///   - log: writes one line to standard error.
  package init(
    info: AssistantServerInfo, tools: [AssistantTool], resources: [AssistantResource], output: MessageOutput,
    maximumMessageSize: Int = AssistantSession.defaultMaximumMessageSize, log: @escaping (String) -> Void
  ) {
    self.info = info
    self.tools = tools
    self.resources = resources
    self.output = output
    self.maximumMessageSize = maximumMessageSize
    self.writeLog = log
    methods = [
      "initialize": { [unowned self] params, _ throws(RPCError) in try initialize(params) },
      "ping": { _, _ in [:] },
      "tools/list": { [unowned self] _, _ in ["tools": .array(self.tools.map(\.listing))] },
      "tools/call": { [unowned self] params, call throws(RPCError) in try callTool(params, call) },
      "resources/list": { [unowned self] _, _ in ["resources": .array(self.resources.map(\.listing))] },
      "resources/templates/list": { _, _ in ["resourceTemplates": []] },
      "resources/read": { [unowned self] params, call throws(RPCError) in try readResource(params, call) },
      "logging/setLevel": { [unowned self] params, _ throws(RPCError) in try setLogLevel(params) },
    ]
  }

  // MARK: - Input

  /// Reads messages from `input` until it ends, answering each.
  /// - Throws: the input's read error; the output's write error.
  package func serve(input: any ByteStream) throws {
    var framer = LineFramer(maximumLineLength: maximumMessageSize)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try input.read(filling: &buffer)
      if count == 0 { break }
      try framer.append(buffer[0..<count]) { try receive($0) }
    }
    try framer.finish { try receive($0) }
  }

  /// Answers one line of input.
  /// - Throws: the output's write error.
  package func receive(_ line: LineFramer.Line) throws {
    switch line {
    case .tooLong(let byteCount):
      log(.error, "dropped a message of \(byteCount) bytes, over the limit of \(maximumMessageSize)")
      try output.send(
        RPCResponse.error(
          .invalidRequest(
            "The message is \(byteCount) bytes long; this server reads messages of up to \(maximumMessageSize) bytes"
          ),
          id: .null))
    case .message(let bytes):
      let value: JSONValue
      do {
        value = try JSONValue(parsing: bytes, name: "the message")
      } catch {
        log(.error, "a line that is not JSON: \(error)")
        try output.send(RPCResponse.error(.parseError("Parse error: \(error)"), id: .null))
        return
      }
      if case .array(let batch) = value {
        try receive(batch: batch)
      } else if let answer = handle(value) {
        var line = JSONWriter.bytes(of: answer)
        // The line feed ends the line too.
        if line.count + 1 > maximumMessageSize {
          line = JSONWriter.bytes(of: tooLarge(value, inBatch: false))
        }
        try output.send(line: line)
      }
    }
  }

  /// Answers a JSON-RPC batch with an array of the answers to its requests (none for a batch of
  /// notifications), one line of at most `maximumMessageSize` bytes: each answer is encoded as it
  /// comes, and one that would make the line longer is an error that asks for less.
  private func receive(batch: [JSONValue]) throws {
    guard !batch.isEmpty else {
      try output.send(RPCResponse.error(.invalidRequest("An empty batch holds no request"), id: .null))
      return
    }
    guard batch.count <= Self.maximumBatchSize else {
      log(.error, "refused a batch of \(batch.count) messages, over the limit of \(Self.maximumBatchSize)")
      try output.send(
        RPCResponse.error(
          .invalidRequest(
            "The batch holds \(batch.count) messages; this server answers batches of up to \(Self.maximumBatchSize)"
          ), id: .null))
      return
    }
    // `[`, the answers separated by commas, `]` and the line feed.
    var line: [UInt8] = [UInt8(ascii: "[")]
    var tooLargeCount = 0
    for message in batch {
      let answer: JSONValue
      if message["method"] == .string("initialize") {
        answer = RPCResponse.error(
          .invalidRequest("initialize cannot be part of a batch"), id: message["id"] ?? .null)
      } else if let handled = handle(message) {
        answer = handled
      } else {
        continue
      }
      let separator = line.count > 1 ? 1 : 0
      var bytes = JSONWriter.bytes(of: answer)
      if line.count + separator + bytes.count + 2 > maximumMessageSize {
        tooLargeCount += 1
        bytes = JSONWriter.bytes(of: tooLarge(message, inBatch: true))
        // Only an answer that echoes a huge id can still not fit; it is left out.
        guard line.count + separator + bytes.count + 2 <= maximumMessageSize else { continue }
      }
      if separator == 1 { line.append(UInt8(ascii: ",")) }
      line.append(contentsOf: bytes)
    }
    if tooLargeCount > 0 {
      log(
        .info,
        tooLargeCount == 1
          ? "an answer of a batch was too large for its message; the call was asked for less"
          : "\(tooLargeCount) answers of a batch were too large for its message; each call was asked for less"
      )
    }
    guard line.count > 1 else { return }
    line.append(UInt8(ascii: "]"))
    try output.send(line: line)
  }

  /// The answer to `request` when its own would make the line (the batch's answers before it,
  /// `before`) longer than `maximumMessageSize`: for a tool, a result with `isError: true`, which
  /// the assistant reads and can act on; for any other method, -32603.
  private func tooLarge(_ request: JSONValue, inBatch: Bool) -> JSONValue {
    let limit = ResourceLimit.text(bytes: maximumMessageSize)
    let text =
      (inBatch
        ? "The answer would make the batch's answers larger than \(limit), the most one message may hold"
        : "The answer would be larger than \(limit), the most one message may hold")
      + "; ask for less (a lower limit, fewer columns, fewer calls in one batch)."
    let id = request["id"] ?? .null
    if request["method"] == .string("tools/call") {
      return RPCResponse.result(
        ["content": [["type": "text", "text": .string(text)]], "isError": true], id: id)
    }
    return RPCResponse.error(.internalError(text), id: id)
  }

  /// The answer to one message: a response for a request, nil for a notification or a response.
  package func handle(_ message: JSONValue) -> JSONValue? {
    switch RPCMessage.read(message) {
    case .failure(let failure):
      log(.error, "answered a message that is not a request: \(failure.error.message)")
      return RPCResponse.error(failure.error, id: failure.id)
    case .success(.response):
      log(.debug, "ignored a response; this server sends no requests")
      return nil
    case .success(.notification(let method, _)):
      if method == "notifications/initialized" { isInitialized = true }
      return nil
    case .success(.request(let id, let method, let params)):
      guard let handler = methods[method] else {
        return RPCResponse.error(.methodNotFound(method), id: id)
      }
      if let params, params.members == nil {
        return RPCResponse.error(.invalidParams("The params of \(method) are an object"), id: id)
      }
      let call = ToolCall(
        progressToken: Self.progressToken(of: params),
        notify: { [unowned self] method, params in notify(method, params) },
        log: { [unowned self] level, message in log(level, message) })
      do throws(RPCError) {
        return RPCResponse.result(try handler(params, call), id: id)
      } catch {
        return RPCResponse.error(error, id: id)
      }
    }
  }

  /// A request's `_meta.progressToken`: a string or a number.
  private static func progressToken(of params: JSONValue?) -> JSONValue? {
    switch params?["_meta"]?["progressToken"] {
    case let token?: if case .string = token { token } else if case .number = token { token } else { nil }
    case nil: nil
    }
  }

  // MARK: - Output

  /// Sends a notification; a failure to write it is left for the next answer to meet.
  func notify(_ method: String, _ params: JSONValue) {
    try? output.send(RPCResponse.notification(method, params: params))
  }

  /// Logs a line on standard error, and to the client when it asked for this level.
  package func log(_ level: AssistantLogLevel, _ message: String) {
    if level >= .info { writeLog("health-exporter mcp: \(message)") }
    if let clientLogLevel, level >= clientLogLevel {
      notify(
        "notifications/message",
        ["level": .string(level.rawValue), "logger": .string(info.name), "data": .string(message)])
    }
  }
}
