import HealthArchive
import HealthModel

/// The methods of the protocol the server answers.
extension AssistantSession {
  /// `initialize`: agrees on the protocol version (the client's when it is one served here, else
  /// the newest) and says what the server offers.
  func initialize(_ params: JSONValue?) throws(RPCError) -> JSONValue {
    guard protocolVersion == nil else {
      throw .invalidRequest("The session is already initialized; initialize is sent once")
    }
    guard let requested = params?["protocolVersion"]?.stringValue else {
      throw .invalidParams("initialize needs the \"protocolVersion\" the client speaks, a string")
    }
    let version = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
    protocolVersion = version
    let client = params?["clientInfo"]
    clientDescription = [client?["name"]?.stringValue, client?["version"]?.stringValue].compactMap { $0 }
      .joined(separator: " ")
    log(
      .info,
      "\(clientDescription.flatMap { $0.isEmpty ? nil : $0 } ?? "a client") connected, speaking \(version)"
        + (version == requested ? "" : " (it asked for \(requested))"))
    var result: JSONValue = [
      "protocolVersion": .string(version),
      "capabilities": ["tools": ["listChanged": false], "resources": ["listChanged": false], "logging": [:]],
      "serverInfo": [
        "name": .string(info.name), "title": .string(info.title), "version": .string(info.version),
      ],
    ]
    if let instructions = info.instructions, case .object(var members) = result {
      members.append(JSONValue.Member(key: "instructions", value: .string(instructions)))
      result = .object(members)
    }
    return result
  }

  /// `tools/call`: runs a tool. An unknown tool is a protocol error (-32602); anything that goes
  /// wrong inside a tool, bad arguments included, is a result with `isError: true` that the
  /// assistant reads and can act on.
  func callTool(_ params: JSONValue?, _ call: ToolCall) throws(RPCError) -> JSONValue {
    guard let name = params?["name"]?.stringValue else {
      throw .invalidParams("tools/call needs the \"name\" of the tool, a string")
    }
    guard let tool = tools.first(where: { $0.name == name }) else {
      throw RPCError(
        code: RPCError.invalidParamsCode,
        message: "Unknown tool: \(Quoted(name)); the tools are \(tools.map(\.name).joined(separator: ", "))")
    }
    do throws(ToolFailure) {
      let arguments = try ToolArguments(params?["arguments"], for: tool)
      let structured = try tool.run(arguments, call)
      let text = String(decoding: JSONWriter.bytes(of: structured), as: UTF8.self)
      return [
        "content": [["type": "text", "text": .string(text)]], "structuredContent": structured,
        "isError": false,
      ]
    } catch {
      log(.info, "\(name) failed: \(error.message)")
      return ["content": [["type": "text", "text": .string(error.message)]], "isError": true]
    }
  }

  /// `resources/read`: the text of a resource; -32002 for a URI the server does not have.
  func readResource(_ params: JSONValue?, _ call: ToolCall) throws(RPCError) -> JSONValue {
    guard let uri = params?["uri"]?.stringValue else {
      throw .invalidParams("resources/read needs the \"uri\" of the resource, a string")
    }
    guard let resource = resources.first(where: { $0.uri == uri }) else {
      throw RPCError(
        code: RPCError.resourceNotFoundCode,
        message:
          "Resource not found: \(Quoted(uri)); the resources are \(resources.map(\.uri).joined(separator: ", "))",
        data: ["uri": .string(uri)])
    }
    do throws(ToolFailure) {
      let text = try resource.read(call)
      return [
        "contents": [["uri": .string(uri), "mimeType": .string(resource.mimeType), "text": .string(text)]]
      ]
    } catch {
      throw .internalError(error.message)
    }
  }

  /// `logging/setLevel`: from now on, log lines of this level and above are sent to the client
  /// as `notifications/message`.
  func setLogLevel(_ params: JSONValue?) throws(RPCError) -> JSONValue {
    guard let text = params?["level"]?.stringValue, let level = AssistantLogLevel(rawValue: text) else {
      throw .invalidParams(
        "logging/setLevel needs a \"level\": one of \(AssistantLogLevel.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    clientLogLevel = level
    return [:]
  }
}
