package import HealthArchive

/// One JSON-RPC message the client sent, told apart by its members (JSON-RPC 2.0 §4): a request
/// has an `id` and a `method`, a notification a `method` only, a response a `result` or an
/// `error`.
package enum RPCMessage: Hashable, Sendable {
  /// A request, answered with a result or an error carrying its `id`.
  case request(id: JSONValue, method: String, params: JSONValue?)
  /// A notification, never answered.
  case notification(method: String, params: JSONValue?)
  /// A response to a request of the server's (this server sends none, so it is ignored).
  case response(id: JSONValue)

  /// Reads the envelope of one message.
  /// - Returns: the message, or the error to answer with and the `id` to answer it under (`null`
  ///   when the message has none that can be used).
  package static func read(_ value: JSONValue) -> Result<RPCMessage, RPCFailure> {
    guard case .object = value else {
      return .failure(RPCFailure(id: .null, error: .invalidRequest("A JSON-RPC message is an object")))
    }
    let id = value["id"]
    let usableID: JSONValue
    switch id {
    case .string(let text)?: usableID = .string(text)
    case .number(let number)?: usableID = .number(number)
    default: usableID = .null
    }
    guard value["jsonrpc"] == .string("2.0") else {
      return .failure(
        RPCFailure(id: usableID, error: .invalidRequest("A JSON-RPC 2.0 message has \"jsonrpc\": \"2.0\"")))
    }
    guard let methodValue = value["method"] else {
      if value["result"] != nil || value["error"] != nil { return .success(.response(id: id ?? .null)) }
      return .failure(
        RPCFailure(id: usableID, error: .invalidRequest("A request has a \"method\"; this message has none")))
    }
    guard case .string(let method) = methodValue else {
      return .failure(
        RPCFailure(id: usableID, error: .invalidRequest("The \"method\" of a request is a string")))
    }
    let params = value["params"]
    guard id != nil else { return .success(.notification(method: method, params: params)) }
    guard usableID != .null else {
      let given = id == .null ? "null" : "an object, an array or a boolean"
      return .failure(
        RPCFailure(
          id: .null, error: .invalidRequest("The \"id\" of a request is a string or a number, not \(given)")))
    }
    return .success(.request(id: usableID, method: method, params: params))
  }
}

/// A message that cannot be served, with the `id` its error is answered under.
package struct RPCFailure: Error, Hashable, Sendable {
  package var id: JSONValue
  package var error: RPCError

  package init(id: JSONValue, error: RPCError) {
    self.id = id
    self.error = error
  }
}

/// The messages the server sends.
package enum RPCResponse {
  /// `{"jsonrpc":"2.0","id":…,"result":…}`.
  package static func result(_ result: JSONValue, id: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "result": result]
  }

  /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…}}`.
  package static func error(_ error: RPCError, id: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "error": error.json]
  }

  /// `{"jsonrpc":"2.0","method":…,"params":…}`.
  package static func notification(_ method: String, params: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
