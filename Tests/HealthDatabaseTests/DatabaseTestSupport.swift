import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// A database written by the writer from items, opened for reading.
struct TestDatabase {
  let folder: TestDirectory
  let path: String
  let counts: DatabaseCounts
  let connection: SQLiteConnection

  /// Writes `items` (with `header`) into a new database in a fresh folder.
  init(
    items: [HealthItem], header: ExportHeader = ExportHeader(), timeZone: String = "UTC",
    summaries: [SummaryRow] = [], sourceGeneration: Int? = nil
  ) throws {
    folder = try TestDirectory()
    path = folder.file("health.sqlite")
    let writer = try DatabaseWriter(
      path: path, temporaryFolder: folder.path,
      configuration: DatabaseWriter.Configuration(
        toolVersion: "test", inputName: "export.xml", inputShape: "XML file",
        timeZone: .named(TimeZone(identifier: timeZone)!), created: Timestamp(secondsSince1970: 1_768_910_400)
      ))
    if let sourceGeneration { writer.sources = SourceTable(generationSize: sourceGeneration) }
    for item in items { try writer.add(item) }
    try writer.addSummaries(summaries)
    counts = try writer.finish(header: header)
    connection = try SQLiteConnection(path: path, mode: .readOnly)
  }

  /// Writes the items `xml` gives through the export reader.
  init(xml: String, timeZone: String = "UTC", sourceGeneration: Int? = nil) throws {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: "export.xml"), diagnostics: Diagnostics(isStrict: false)
    )
    var items: [HealthItem] = []
    try reader.read { item, _ in items.append(item) }
    try self.init(items: items, header: reader.header, timeZone: timeZone, sourceGeneration: sourceGeneration)
  }

  /// Expects the rows of `sql`, as `lines` gives them, to be `expected`; a failure shows the
  /// lines that differ.
  func expect(_ sql: String, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
  {
    let actual = try lines(sql)
    #expect(
      actual == expected,
      "\(Golden.difference(expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n")))",
      sourceLocation: sourceLocation)
  }

  /// The rows of `sql`, each as the sqlite3 shell prints it in list mode (`|` between columns).
  func lines(_ sql: String) throws -> [String] {
    try connection.rows(sql).map { $0.map(\.description).joined(separator: "|") }
  }
}
