import Foundation
import Testing

/// docs/library.md shows the example package's code as it is: its getting-started blocks, the
/// app's HealthKit mapping aside, are the example's main.swift, every line in order.
@Suite struct LibraryDocumentationTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(of path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The Swift blocks of `section`, each with its last newline.
  static func swiftBlocks(in section: Substring) -> [String] {
    var blocks: [String] = []
    var block: [Substring]?
    for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```swift" {
        block = []
      } else if line == "```", let lines = block {
        blocks.append(lines.map { $0 + "\n" }.joined())
        block = nil
      } else {
        block?.append(line)
      }
    }
    return blocks
  }

  @Test func gettingStartedIsTheExamplesCode() throws {
    let doc = try Self.text(of: "docs/library.md")
    let start = try #require(doc.range(of: "## Getting started\n"))
    let end = try #require(doc.range(of: "\n## The jobs\n", range: start.upperBound..<doc.endIndex))
    let blocks = Self.swiftBlocks(in: doc[start.upperBound..<end.lowerBound])
      .filter { !$0.hasPrefix("import HealthKit\n") }
    let main = try Self.text(of: "Examples/GettingStarted/Sources/GettingStarted/main.swift")
    #expect(blocks.count == 5)
    #expect(blocks.joined(separator: "\n") == main)
  }
}
