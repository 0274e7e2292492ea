import Foundation
import HealthArchive
import Testing

@testable import HealthAssistant

/// The hostile-message corpus (`Corpus/NAME.jsonl`): what a client may send the server, each
/// answered exactly as `Corpus/NAME.answers` holds, one message a line, through a session whose
/// messages are limited to 4 KiB, read a few bytes at a time. The session never stops, never
/// answers a notification, and every line it writes is one JSON message.
///
/// With `HEALTH_EXPORTER_RECORD_GOLDEN=1`, the answers are written instead.
@Suite struct HostileMessagesTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Corpus")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
  }()

  @Test func theCorpusHasItsCases() {
    #expect(Self.names.count >= 18)
  }

  @Test(arguments: names)
  func answersEachMessageAsRecorded(_ name: String) throws {
    let input = try #require(
      FileManager.default.contents(atPath: Self.corpus.appendingPathComponent(name + ".jsonl").path))
    let harness = SessionHarness(maximumMessageSize: 4096)
    let lines = try harness.run(bytes: Array(input), chunk: 7)
    for line in lines {
      #expect((try? JSONValue(parsing: Array(line.utf8))) != nil, "not one JSON message: \(line)")
    }
    let answers = Self.corpus.appendingPathComponent(name + ".answers")
    let text = lines.map { $0 + "\n" }.joined()
    if ProcessInfo.processInfo.environment["HEALTH_EXPORTER_RECORD_GOLDEN"] == "1" {
      try text.write(to: answers, atomically: true, encoding: .utf8)
      return
    }
    #expect(text == (try String(contentsOf: answers, encoding: .utf8)))
  }

  /// What a client sent and the server logs (its name in the handshake) reaches a terminal with
  /// its control characters shown, never acted on.
  @Test func standardErrorShowsControlCharactersAsEscapes() {
    #expect(
      StandardStreams.standardErrorLine("health-exporter mcp: \u{1B}[31mevil \u{07} connected")
        == "health-exporter mcp: \\x1B[31mevil \\x07 connected\n")
    #expect(StandardStreams.standardErrorLine("done\n") == "done\n")
  }
}
