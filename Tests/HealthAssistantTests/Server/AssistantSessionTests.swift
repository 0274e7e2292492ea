import Foundation
import HealthArchive
import SystemShim
import Testing

@testable import HealthAssistant

@Suite struct AssistantSessionTests {
  // MARK: - Handshake

  @Test(arguments: ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
  func initializeAnswersWithTheVersionTheClientAsksForWhenItIsServed(version: String) throws {
    let harness = SessionHarness(instructions: "Read health://schema first.")
    let answer = try harness.answer(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"claude-ai","version":"0.1.0"}}}"#
    )
    #expect(
      answer
        == #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"\#(version)","capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false},"logging":{}},"serverInfo":{"name":"health-exporter","title":"Health Exporter","version":"1.2.3"},"instructions":"Read health://schema first."}}"#
    )
    #expect(harness.session.protocolVersion == version)
    #expect(harness.session.clientDescription == "claude-ai 0.1.0")
    #expect(harness.logLines == ["health-exporter mcp: claude-ai 0.1.0 connected, speaking \(version)"])
  }

  @Test(arguments: ["2026-07-28", "2023-01-01", "draft"])
  func anotherVersionIsAnsweredWithTheNewest(version: String) throws {
    let harness = SessionHarness()
    let answer = try harness.answerValue(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{}}}"#
    )
    #expect(answer["result"]?["protocolVersion"] == "2025-11-25")
    #expect(
      harness.logLines == [
        "health-exporter mcp: a client connected, speaking 2025-11-25 (it asked for \(version))"
      ])
  }

  @Test func initializeWithoutAVersionOrTwiceIsAnError() throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"initialize needs the \"protocolVersion\" the client speaks, a string"}}"#
    )
    #expect(harness.session.protocolVersion == nil)
    try harness.run(SessionHarness.initialize + "\n")
    #expect(
      try harness.answer(SessionHarness.initialize.replacingOccurrences(of: #""id":0"#, with: #""id":2"#))
        == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"The session is already initialized; initialize is sent once"}}"#
    )
    #expect(harness.session.protocolVersion == "2025-06-18")
  }

  @Test func aWholeSessionIsAnsweredInOrderAndEndsAtTheEndOfInput() throws {
    let harness = SessionHarness()
    let lines = try harness.run(
      [
        SessionHarness.initialize,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi","times":2}}}"#,
      ].joined(separator: "\n") + "\n")
    #expect(lines.count == 3)
    #expect(lines[1] == #"{"jsonrpc":"2.0","id":"p","result":{}}"#)
    #expect(
      lines[2]
        == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\"text\":\"hihi\",\"length\":4}"}],"structuredContent":{"text":"hihi","length":4},"isError":false}}"#
    )
    #expect(harness.session.isInitialized)
  }

  // MARK: - Framing

  @Test(arguments: [1, 2, 7, 64])
  func messagesSplitOverReadsAndJoinedInOneAreEachAnswered(chunk: Int) throws {
    let harness = SessionHarness()
    let input =
      (1...3).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }.joined(separator: "\n") + "\n"
    #expect(
      try harness.run(input, chunk: chunk) == (1...3).map { #"{"jsonrpc":"2.0","id":\#($0),"result":{}}"# })
  }

  @Test func aMessageOfMoreThanOneMegabyteIsServed() throws {
    let harness = SessionHarness()
    let text = String(repeating: "é", count: 600_000)
    let request =
      #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"echo","arguments":{"text":"\#(text)"}}}"#
    #expect(request.utf8.count > 1_200_000)
    let answer = try JSONValue(parsing: Array(try harness.run(request + "\n", chunk: 65_536)[0].utf8))
    #expect(answer["result"]?["structuredContent"]?["length"] == 1_200_000)
    #expect(answer["result"]?["structuredContent"]?["text"]?.stringValue == text)
  }

  @Test func aMessageOverTheLimitIsRefusedAndTheSessionGoesOn() throws {
    let harness = SessionHarness(maximumMessageSize: 100)
    let long =
      #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"\#(String(repeating: "x", count: 200))"}}"#
    #expect(long.utf8.count == 260)
    let lines = try harness.run(long + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n", chunk: 30)
    #expect(
      lines == [
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"The message is \#(long.utf8.count) bytes long; this server reads messages of up to 100 bytes"}}"#,
        #"{"jsonrpc":"2.0","id":2,"result":{}}"#,
      ])
  }

  @Test func malformedJSONIsAParseErrorAndTheSessionGoesOn() throws {
    let harness = SessionHarness()
    let lines = try harness.run(
      #"{"jsonrpc":"2.0","id":1,"method":"ping""# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
    #expect(
      lines == [
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the message, byte 39, at method: the input ends where ',' or '}' was expected; the file may be truncated"}}"#,
        #"{"jsonrpc":"2.0","id":2,"result":{}}"#,
      ])
  }

  @Test func aLineOfBytesThatAreNotUTF8IsAParseError() throws {
    let harness = SessionHarness()
    let bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"#.utf8) + [0x22, 0xFF, 0x22, 0x7D, 0x0A]
    let answer = try JSONValue(parsing: Array(try harness.run(bytes: bytes)[0].utf8))
    #expect(answer["error"]?["code"] == -32700)
    #expect(answer["id"] == .null)
  }

  // MARK: - Methods

  @Test(arguments: ["server/discover", "prompts/list", "completion/complete", "tools/run"])
  func anUnknownMethodIsMethodNotFound(method: String) throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":5,"method":"\#(method)","params":{}}"#)
        == #"{"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"Method not found: '\#(method)'"}}"#)
  }

  @Test func notificationsAreNeverAnswered() throws {
    let harness = SessionHarness()
    let lines = try harness.run(
      [
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
        #"{"jsonrpc":"2.0","method":"ping"}"#,
        #"{"jsonrpc":"2.0","method":"no/such/method"}"#,
        #"{"jsonrpc":"2.0","id":4,"result":{}}"#,
      ].joined(separator: "\n"))
    #expect(lines == [])
  }

  @Test func paramsThatAreNotAnObjectAreInvalid() throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}"#)
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"The params of ping are an object"}}"#)
  }

  @Test func aBatchIsAnsweredWithAnArrayOfItsAnswers() throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(
        #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"}]"#
      )
        == #"[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found: 'nope'"}}]"#
    )
    #expect(try harness.run(#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#) == [])
    #expect(
      try harness.answer("[]")
        == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"An empty batch holds no request"}}"#
    )
    #expect(
      try harness.answer(#"[\#(SessionHarness.initialize)]"#)
        == #"[{"jsonrpc":"2.0","id":0,"error":{"code":-32600,"message":"initialize cannot be part of a batch"}}]"#
    )
  }

  @Test func toolsAreListedWithTheirSchemasAndReadOnlyAnnotations() throws {
    let harness = SessionHarness()
    let tools = try harness.answerValue(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)["result"]?[
      "tools"]
    #expect(tools?.arrayValue?.map { $0["name"]?.stringValue } == ["echo", "fail", "progress"])
    #expect(
      tools?[0]
        == [
          "name": "echo", "title": "Echo", "description": "Returns its text.",
          "inputSchema": SessionHarness.exampleTools[0].inputSchema,
          "outputSchema": SessionHarness.exampleTools[0].outputSchema,
          "annotations": [
            "title": "Echo", "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true,
            "openWorldHint": false,
          ],
        ])
  }

  @Test func aFailingToolIsAResultWithIsError() throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fail"}}"#)
        == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"It failed, as it always does."}],"isError":true}}"#
    )
    #expect(
      harness.logLines == [
        "health-exporter mcp: about to fail",
        "health-exporter mcp: fail failed: It failed, as it always does.",
      ])
  }

  @Test(arguments: [
    (#"{"text":"a","times":4}"#, "The argument 'times' is 4; it must be from 1 to 3."),
    (#"{"text":"a","times":1.5}"#, "The argument 'times' is a whole number, not 1.5."),
    (#"{"text":"a","times":"2"}"#, #"The argument 'times' is a whole number, not the string \"2\"."#),
    (#"{"text":7}"#, "The argument 'text' is a string, not the number 7."),
    (#"{"times":2}"#, "echo needs the argument 'text'."),
    (#"{"text":"a","loud":true}"#, "echo has no argument 'loud'; it takes 'text', 'times'."),
    (#"["a"]"#, "The arguments of echo are an object, not an array."),
  ])
  func badArgumentsAreAResultWithIsErrorThatSaysWhatIsWrong(arguments: String, message: String) throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":\#(arguments)}}"#)
        == #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"\#(message)"}],"isError":true}}"#
    )
  }

  @Test func anUnknownToolIsAProtocolError() throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete_everything"}}"#)
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool: 'delete_everything'; the tools are echo, fail, progress"}}"#
    )
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}"#)
        == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"tools/call needs the \"name\" of the tool, a string"}}"#
    )
  }

  @Test func progressIsSentOnlyWhenTheRequestAskedForIt() throws {
    let harness = SessionHarness()
    #expect(
      try harness.run(
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"progress","_meta":{"progressToken":"t1"}}}"#
      )
        == [
          #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":1,"total":2,"message":"half"}}"#,
          #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":2,"total":2,"message":"done"}}"#,
          #"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"done\":true}"}],"structuredContent":{"done":true},"isError":false}}"#,
        ])
    #expect(
      try harness.run(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"progress"}}"#).count
        == 1)
  }

  @Test func resourcesAreListedAndRead() throws {
    let harness = SessionHarness()
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#)
        == #"{"jsonrpc":"2.0","id":1,"result":{"resources":[{"uri":"test://hello","name":"hello","title":"Hello","description":"A greeting.","mimeType":"text/plain"},{"uri":"test://broken","name":"broken","title":"Broken","description":"Cannot be read.","mimeType":"text/plain"}]}}"#
    )
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"test://hello"}}"#)
        == #"{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"test://hello","mimeType":"text/plain","text":"Hello\nworld"}]}}"#
    )
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"test://nothing"}}"#)
        == #"{"jsonrpc":"2.0","id":3,"error":{"code":-32002,"message":"Resource not found: 'test://nothing'; the resources are test://hello, test://broken","data":{"uri":"test://nothing"}}}"#
    )
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"test://broken"}}"#)
        == #"{"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"The database is not ready"}}"#)
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":5,"method":"resources/templates/list"}"#)
        == #"{"jsonrpc":"2.0","id":5,"result":{"resourceTemplates":[]}}"#)
  }

  @Test func logLinesGoToTheClientOnceItAsksForTheirLevel() throws {
    let harness = SessionHarness()
    let failing = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fail"}}"#
    #expect(try harness.run(failing).count == 1)
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"warning"}}"#)
        == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
    #expect(
      try harness.run(failing) == [
        #"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"warning","logger":"health-exporter","data":"about to fail"}}"#,
        #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"It failed, as it always does."}],"isError":true}}"#,
      ])
    #expect(
      try harness.answer(#"{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"loud"}}"#)
        == #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"logging/setLevel needs a \"level\": one of debug, info, notice, warning, error, critical, alert, emergency"}}"#
    )
  }

  @Test func theSessionSurvivesEveryKindOfError() throws {
    let harness = SessionHarness()
    let lines = try harness.run(
      [
        "not json", "{}", "[]", #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fail"}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{}}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"x"}}"#,
        String(repeating: "[", count: 600),
        #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"still here"}}}"#,
      ].joined(separator: "\n"))
    #expect(lines.count == 9)
    let last = try JSONValue(parsing: Array(lines[8].utf8))
    #expect(last["result"]?["structuredContent"]?["text"] == "still here")
  }

  @Test func aClosedOutputEndsTheSessionWithTheWriteError() throws {
    struct Closed: Error {}
    let session = AssistantSession(
      info: AssistantServerInfo(version: "1"), tools: [], resources: [],
      output: MessageOutput(sink: ByteSink { _ in throw Closed() }), log: { _ in })
    #expect(throws: Closed.self) {
      try session.serve(
        input: MemoryByteStream(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8), name: "in"))
    }
  }
}
