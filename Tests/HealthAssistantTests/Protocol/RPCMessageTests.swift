import HealthArchive
import Testing

@testable import HealthAssistant

@Suite struct RPCMessageTests {
  private func read(_ text: String) throws -> Result<RPCMessage, RPCFailure> {
    RPCMessage.read(try JSONValue(parsing: Array(text.utf8)))
  }

  @Test func requestsNotificationsAndResponsesAreToldApart() throws {
    #expect(
      try read(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)
        == .success(.request(id: 7, method: "ping", params: nil)))
    #expect(
      try read(#"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}"#)
        == .success(.request(id: "a", method: "tools/list", params: [:])))
    #expect(
      try read(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        == .success(.notification(method: "notifications/initialized", params: nil)))
    #expect(try read(#"{"jsonrpc":"2.0","id":3,"result":{}}"#) == .success(.response(id: 3)))
    #expect(
      try read(#"{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"x"}}"#) == .success(.response(id: 3)))
  }

  @Test(arguments: [
    (#"[1]"#, JSONValue.null, "A JSON-RPC message is an object"),
    (#""ping""#, .null, "A JSON-RPC message is an object"),
    (#"{"id":1,"method":"ping"}"#, 1, #"A JSON-RPC 2.0 message has "jsonrpc": "2.0""#),
    (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, 1, #"A JSON-RPC 2.0 message has "jsonrpc": "2.0""#),
    (#"{"jsonrpc":"2.0","id":1}"#, 1, #"A request has a "method"; this message has none"#),
    (#"{"jsonrpc":"2.0","id":"x","method":5}"#, "x", #"The "method" of a request is a string"#),
    (
      #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, .null,
      #"The "id" of a request is a string or a number, not null"#
    ),
    (
      #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, .null,
      #"The "id" of a request is a string or a number, not an object, an array or a boolean"#
    ),
  ])
  func messagesThatAreNotRequestsAreInvalid(text: String, id: JSONValue, message: String) throws {
    #expect(try read(text) == .failure(RPCFailure(id: id, error: .invalidRequest(message))))
  }
}
