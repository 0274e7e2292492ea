import Foundation
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// docs/database.md documents every table and every column of the schema.
@Suite struct DatabaseDocumentationTests {
  static let documentation: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("docs/database.md"), encoding: .utf8)) ?? ""
  }()

  /// The text under the `###` heading that names `table`, up to the next heading.
  static func section(of table: String) -> Substring? {
    let lines = documentation.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("### ") && $0.contains("`\(table)`") }) else {
      return nil
    }
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
    return lines[start..<end].joined(separator: "\n")[...]
  }

  @Test(arguments: DatabaseSchema.tables.map(\.name))
  func documentsEveryColumn(of table: String) throws {
    let section = try #require(Self.section(of: table), "docs/database.md has no section for \(table)")
    let missing = DatabaseSchema.columnNames(of: table).filter { !section.contains("`\($0)`") }
    #expect(missing == [], "docs/database.md does not name these columns of \(table)")
  }

  @Test func documentsEveryIndex() {
    for index in DatabaseSchema.indexes {
      let definition =
        index.definition.prefix { $0 != " " } + " ("
        + index.definition.drop { $0 != "(" }.dropFirst()
        .prefix { $0 != ")" } + ")"
      #expect(Self.documentation.contains("`\(definition)`"), "\(definition)")
    }
  }

  /// Each view's SQL is in the documentation as the database holds it (whitespace aside).
  @Test(arguments: DatabaseSchema.views.map(\.name))
  func givesTheSQLOf(view name: String) throws {
    func words(_ text: some StringProtocol) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let select = try #require(DatabaseSchema.views.first { $0.name == name }?.select)
    #expect(words(Self.documentation).contains(words("CREATE VIEW \(name) AS \(select);")))
  }
}
