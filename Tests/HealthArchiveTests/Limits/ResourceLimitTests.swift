import Foundation
import Testing

@testable import HealthArchive

/// The limits are data: docs/reliability.md shows the table this type makes, word for word.
@Suite struct ResourceLimitTests {
  static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/reliability.md")

  /// The table of docs/reliability.md, between its markers, and where it lies in the text.
  static func documentedTable() throws -> (table: String, text: String, range: Range<String.Index>) {
    let text = try String(contentsOf: document, encoding: .utf8)
    let start = try #require(text.range(of: "<!-- limits: begin -->\n"))
    let end = try #require(text.range(of: "<!-- limits: end -->"))
    return (String(text[start.upperBound..<end.lowerBound]), text, start.upperBound..<end.lowerBound)
  }

  /// With `HEALTH_EXPORTER_RECORD_GOLDEN=1`, the docs' table is rewritten from the code instead.
  @Test func theDocsListEveryLimitAsTheCodeHasIt() throws {
    let documented = try Self.documentedTable()
    if ProcessInfo.processInfo.environment["HEALTH_EXPORTER_RECORD_GOLDEN"] == "1" {
      var text = documented.text
      text.replaceSubrange(documented.range, with: ResourceLimit.markdownTable)
      try text.write(to: Self.document, atomically: true, encoding: .utf8)
      return
    }
    #expect(documented.table == ResourceLimit.markdownTable)
  }

  /// Every size the docs give a message of the assistant server is `ResourceLimit.messageSize`,
  /// and its batches hold at most `ResourceLimit.batchSize` messages.
  @Test func theDocsGiveTheAssistantsMessageLimitsAsTheCodeHasThem() throws {
    let docs = Self.document.deletingLastPathComponent()
    let assistant = try String(contentsOf: docs.appendingPathComponent("assistant.md"), encoding: .utf8)
    let reliability = try String(contentsOf: docs.appendingPathComponent("reliability.md"), encoding: .utf8)
    let size = ResourceLimit.messageSize.valueText
    #expect(assistant.contains("a message may be large (a megabyte and more is fine) up to \(size)"))
    #expect(assistant.contains("An answer is\n  one line of at most \(size) too"))
    #expect(assistant.contains("A batch holds at most \(ResourceLimit.batchSize.valueText) messages"))
    // A size in the same line as a message (a request, an answer) is the limit, in either doc.
    for line in (assistant + "\n" + reliability).split(separator: "\n")
    where line.contains("message") && !line.hasPrefix("| ") || line.hasPrefix("| message size") {
      var rest = line[...]
      while let unit = rest.range(of: " MiB") {
        let number = rest[..<unit.lowerBound].reversed().prefix { $0.isNumber }.reversed()
        #expect("\(String(number)) MiB" == size, "\(line)")
        rest = rest[unit.upperBound...]
      }
    }
  }

  @Test func anArchivesBudgetGrowsWithItsSize() {
    #expect(ResourceLimit.resourceBudget(forArchiveOf: 0) == 16 << 20)
    #expect(ResourceLimit.resourceBudget(forArchiveOf: 1_000_000) == (16 << 20) + 32_000_000)
    #expect(ResourceLimit.resourceBudget(forArchiveOf: .max) == .max)
  }

  @Test(arguments: [(64 << 20, "64 MiB"), (1 << 10, "1 KiB"), (1_500, "1500 bytes")])
  func sizesAreWrittenInTheirUnit(_ example: (Int, String)) {
    #expect(ResourceLimit.text(bytes: example.0) == example.1)
  }
}
