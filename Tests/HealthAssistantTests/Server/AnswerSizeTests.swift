import HealthArchive
import Testing

@testable import HealthAssistant

/// An answer is one line of at most the message size, a batch's answers in all: a call whose
/// answer would make the line longer gets an error that asks for less, and a batch holds at most
/// `ResourceLimit.batchSize` messages.
@Suite struct AnswerSizeTests {
  /// `echo` of `text` three times (its text twice in the result: as content and as structured
  /// content).
  static func echo(_ id: Int, _ text: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"echo","arguments":{"text":"\#(text)","times":3}}}"#
  }

  static let tooLargeInBatch =
    "The answer would make the batch's answers larger than 4 KiB, the most one message may hold; ask for less (a lower limit, fewer columns, fewer calls in one batch)."

  @Test func callsOfABatchPastTheLimitAskForLessAndTheRestAreAnswered() throws {
    let harness = SessionHarness(maximumMessageSize: 4096)
    let text = String(repeating: "a", count: 400)
    let batch =
      "["
      + [Self.echo(1, text), Self.echo(2, text), #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#].joined(
        separator: ",") + "]"
    let lines = try harness.run(batch + "\n")
    try #require(lines.count == 1)
    #expect(lines[0].utf8.count + 1 <= 4096)
    let answers = try #require(try JSONValue(parsing: Array(lines[0].utf8)).arrayValue)
    #expect(answers.count == 3)
    #expect(answers[0]["result"]?["structuredContent"]?["length"] == 1200)
    #expect(answers[1]["id"] == 2)
    #expect(answers[1]["result"]?["isError"] == true)
    #expect(answers[1]["result"]?["content"]?[0]?["text"]?.stringValue == Self.tooLargeInBatch)
    #expect(lines[0].hasSuffix(#",{"jsonrpc":"2.0","id":3,"result":{}}]"#))
    #expect(
      harness.logLines.last
        == "health-exporter mcp: an answer of a batch was too large for its message; the call was asked for less"
    )
  }

  @Test func aSingleAnswerPastTheLimitAsksForLess() throws {
    let harness = SessionHarness(maximumMessageSize: 4096)
    let answer = try harness.answerValue(Self.echo(7, String(repeating: "b", count: 1000)))
    #expect(answer["id"] == 7)
    #expect(answer["result"]?["isError"] == true)
    #expect(
      answer["result"]?["content"]?[0]?["text"]?.stringValue
        == "The answer would be larger than 4 KiB, the most one message may hold; ask for less (a lower limit, fewer columns, fewer calls in one batch)."
    )
  }

  @Test func anotherMethodsAnswerPastTheLimitIsAnInternalError() throws {
    let resource = AssistantResource(
      uri: "health://big", name: "big", title: "Big", description: "Large.", mimeType: "text/plain",
      read: { _ throws(ToolFailure) in String(repeating: "c", count: 5000) })
    let harness = SessionHarness(resources: [resource], maximumMessageSize: 4096)
    #expect(
      try harness.answer(
        #"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"health://big"}}"#)
        == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"The answer would be larger than 4 KiB, the most one message may hold; ask for less (a lower limit, fewer columns, fewer calls in one batch)."}}"#
    )
  }

  @Test func aBatchOfMoreThanTheBatchSizeIsRefused() throws {
    let harness = SessionHarness()
    let pings = (0...ResourceLimit.batchSize.value).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
    #expect(
      try harness.answer("[" + pings.joined(separator: ",") + "]")
        == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"The batch holds 1001 messages; this server answers batches of up to 1000"}}"#
    )
    let allowed = try harness.answer("[" + pings.dropLast().joined(separator: ",") + "]")
    #expect(try JSONValue(parsing: Array(allowed.utf8)).arrayValue?.count == 1000)
  }

  @Test func theServersLimitsAreTheResourceLimits() {
    #expect(AssistantSession.defaultMaximumMessageSize == 16 << 20)
    #expect(AssistantSession.defaultMaximumMessageSize == ResourceLimit.messageSize.value)
    #expect(AssistantSession.maximumBatchSize == ResourceLimit.batchSize.value)
  }
}
