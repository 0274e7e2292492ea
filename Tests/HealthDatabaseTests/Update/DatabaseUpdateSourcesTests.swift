import Foundation
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The sources of an update: the records compared by digest write no source, yet their devices
/// still decide the names' priorities, as in a fresh build of the newer export.
@Suite struct DatabaseUpdateSourcesTests {
  static func steps(_ source: String, device: String?, day: Int, value: Int) -> String {
    let date = "2026-01-\(day < 10 ? "0" : "")\(day) 08:00:00 -0500"
    let device = device.map { " device=\"\($0)\"" } ?? ""
    return
      " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" sourceVersion=\"1\"\(device) unit=\"count\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\"/>"
  }

  static let watch = "&lt;&lt;HKDevice: 0x2a1&gt;, name:Zepp, manufacturer:Zepp Health, model:Watch&gt;"
  static let phone = "&lt;&lt;HKDevice: 0x2b2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone&gt;"

  static let olderSteps = (1...3).flatMap { day in
    [
      steps("Zepp", device: watch, day: day, value: 100 + day),
      steps("Phone", device: phone, day: day, value: 200 + day),
    ]
  }

  /// Updates a database of `older` with `newer`, the records of the older days compared by
  /// digest, and expects the rows of a fresh build of `newer`, with `priorities` by name.
  func expectUpdate(older: [String], newer: [String], added: Int, priorities: [String]) throws {
    let folder = try TestDirectory()
    let olderPath = try folder.write(ExportXML.document(older.joined(separator: "\n")), to: "older.xml")
    let newerPath = try folder.write(ExportXML.document(newer.joined(separator: "\n")), to: "newer.xml")
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(olderPath, at: kept)
    let outcome = try UpdateFixture.update(kept, with: newerPath, recentSeconds: 0)
    #expect(outcome.comparedByDigest == older.count)
    #expect(outcome.added == added && outcome.removed == 0 && outcome.unchanged == older.count)
    let fresh = folder.file("fresh.sqlite")
    try UpdateFixture.build(newerPath, at: fresh)
    try DatabaseComparison.expectSameRows(kept, fresh)
    let connection = try SQLiteConnection(path: kept, mode: .readOnly)
    defer { try? connection.close() }
    let found = try connection.rows("SELECT DISTINCT name, priority FROM sources ORDER BY name")
      .map { $0.map(\.description).joined(separator: "|") }
    #expect(found == priorities)
  }

  /// Zepp's steps carry a Watch only in the older days, compared by digest; its new steps carry
  /// no device: it stays a Watch source.
  @Test func theDevicesOfRecordsComparedByDigestStillRankTheirNames() throws {
    try expectUpdate(
      older: Self.olderSteps,
      newer: Self.olderSteps + [
        Self.steps("Zepp", device: nil, day: 15, value: 115),
        Self.steps("Phone", device: Self.phone, day: 15, value: 215),
      ], added: 2, priorities: ["Phone|2", "Zepp|1"])
  }

  /// Zepp has no new records: no row of the export's database beside names it, yet its
  /// priority moves behind another Watch source's name that sorts before it.
  @Test func aNameOfRecordsComparedByDigestAloneTakesItsNewPriority() throws {
    try expectUpdate(
      older: Self.olderSteps,
      newer: Self.olderSteps + [Self.steps("Amazfit", device: Self.watch, day: 15, value: 315)],
      added: 1, priorities: ["Amazfit|1", "Phone|3", "Zepp|2"])
  }
}
