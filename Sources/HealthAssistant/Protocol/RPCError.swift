package import HealthArchive
import HealthModel

/// A JSON-RPC error: what the server answers a request it cannot serve (JSON-RPC 2.0 §5.1, with
/// the Model Context Protocol's own code for a resource it does not have).
package struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The error code.
  package var code: Int
  /// A short sentence saying what is wrong.
  package var message: String
  /// More about it, such as the URI of a resource that does not exist.
  package var data: JSONValue?

  package init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// -32700: the line is not JSON.
  package static let parseErrorCode = -32700
  /// -32600: JSON, but not a JSON-RPC request.
  package static let invalidRequestCode = -32600
  /// -32601: no such method.
  package static let methodNotFoundCode = -32601
  /// -32602: the method's parameters are wrong.
  package static let invalidParamsCode = -32602
  /// -32603: the server failed.
  package static let internalErrorCode = -32603
  /// -32002: no resource has the URI (MCP).
  package static let resourceNotFoundCode = -32002

  package static func parseError(_ message: String) -> RPCError {
    RPCError(code: parseErrorCode, message: message)
  }

  package static func invalidRequest(_ message: String) -> RPCError {
    RPCError(code: invalidRequestCode, message: message)
  }

  package static func methodNotFound(_ method: String) -> RPCError {
    RPCError(code: methodNotFoundCode, message: "Method not found: \(Quoted(method))")
  }

  package static func invalidParams(_ message: String) -> RPCError {
    RPCError(code: invalidParamsCode, message: message)
  }

  package static func internalError(_ message: String) -> RPCError {
    RPCError(code: internalErrorCode, message: message)
  }

  /// The `error` member of a response.
  package var json: JSONValue {
    var members: [JSONValue.Member] = [
      JSONValue.Member(key: "code", value: .number(JSONNumber(code))),
      JSONValue.Member(key: "message", value: .string(message)),
    ]
    if let data { members.append(JSONValue.Member(key: "data", value: data)) }
    return .object(members)
  }

  package var description: String { "\(message) (\(code))" }
}
