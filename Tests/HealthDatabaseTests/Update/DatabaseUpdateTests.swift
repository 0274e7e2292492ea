import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// `--update` on one generated person's older and newer exports (`UpdateFixture`): the update
/// gives the rows a fresh build of the newer export gives, keeps ids, keeps what was deleted in
/// `removed`, and a second update with the same export changes nothing.
@Suite struct DatabaseUpdateTests {
  let fixture = UpdateFixture.shared

  /// The records of a database: id, type, start and value.
  private func records(_ path: String, where condition: String = "1") throws -> [String] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    defer { try? connection.close() }
    return try connection.rows(
      "SELECT id, type, start_unix, value, value_text FROM records WHERE \(condition) ORDER BY id"
    )
    .map { $0.map(\.description).joined(separator: "|") }
  }

  private func lines(_ sql: String, in path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    defer { try? connection.close() }
    return try connection.rows(sql).map { $0.map(\.description).joined(separator: "|") }
  }

  /// The top-level records of the types summarized as written (all but blood pressure and food)
  /// that start at least 7 days before the latest of their type: those an update compares by
  /// digest.
  static let digestedCount = """
    SELECT count(*) FROM records AS r WHERE correlation_id IS NULL
      AND type NOT LIKE 'HKQuantityTypeIdentifierBloodPressure%' AND type NOT LIKE 'HKQuantityTypeIdentifierDietary%'
      AND start_unix <= (SELECT max(start_unix) FROM records WHERE type = r.type) - 7 * 86400
    """

  /// A newer export that adds readings among the dates the database compares by digest (the five
  /// the newer export lacks, here given back, with every date up to the latest compared so) is
  /// built whole beside it, and compared as it is.
  @Test func readingsAddedAmongTheDatesComparedByDigestBuildTheExportWhole() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.newerPath, at: kept)
    let whole = fixture.folder.file("generated.xml")
    let outcome = try UpdateFixture.update(kept, with: whole, recentSeconds: 0)
    #expect(outcome.comparedByDigest == 0)
    #expect(outcome.added == 5 && outcome.removed == 0)
    #expect(
      outcome.byType.map { "\($0.type) +\($0.added) -\($0.removed)" }.sorted()
        == Dictionary(grouping: fixture.deleted, by: \.type).map { "\($0.key) +\($0.value.count) -0" }
        .sorted())
    #expect(try folder.contents().sorted() == ["kept.sqlite"])
    let fresh = folder.file("fresh.sqlite")
    try UpdateFixture.build(whole, at: fresh)
    try DatabaseComparison.expectSameRows(kept, fresh)
  }

  @Test func anUpdateGivesWhatAFreshBuildGivesKeepingIDsAndWhatWasDeleted() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.olderPath, at: kept)
    let before = try records(kept)
    let keyed = try lines(
      """
      SELECT (SELECT count(*) FROM records) + (SELECT count(*) FROM correlations) + (SELECT count(*) FROM workouts)
        + (SELECT count(*) FROM activity_summaries) + (SELECT count(*) FROM clinical_records)
      """, in: kept)
    let digested = try lines(Self.digestedCount, in: kept)
    let outcome = try UpdateFixture.update(kept, with: fixture.newerPath)
    // The older export's records of the types summarized as written were compared by digest.
    #expect([String(outcome.comparedByDigest)] == digested && digested != ["0"])
    // Nothing of the update is left beside the database: the export's own database is removed,
    // and the log is checkpointed into the file as the update closes it.
    #expect(try folder.contents().sorted() == ["kept.sqlite"])

    // The rows of a fresh build of the newer export, in the same zone.
    let fresh = folder.file("fresh.sqlite")
    try UpdateFixture.build(fixture.newerPath, at: fresh)
    try DatabaseComparison.expectSameRows(kept, fresh)

    // Exactly the five deleted readings are in `removed`, whole.
    let removed = try lines(
      """
      SELECT json_extract(row_json, '$.type'), json_extract(row_json, '$.start_unix'),
        json_extract(row_json, '$.value'), json_extract(row_json, '$.source_name'), json_extract(row_json, '$.import_id')
      FROM removed WHERE import_id = 2 AND table_name = 'records' ORDER BY 1
      """, in: kept)
    let expected = fixture.deleted.sorted { $0.type < $1.type }
    #expect(removed.count == 5)
    for (row, deleted) in zip(removed, expected) {
      let parts = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      #expect(parts[0] == deleted.type)
      #expect(parts[1] == String(deleted.start))
      #expect(Double(parts[2]) == Double(deleted.value))
      #expect(parts[4] == "1")
    }
    #expect(try lines("SELECT count(*) FROM removed", in: kept) == ["5"])

    // The ids of the readings kept did not change; the new ones were added by import 2.
    let removedIDs = Set(
      try lines("SELECT json_extract(row_json, '$.id') FROM removed WHERE table_name = 'records'", in: kept))
    let keptBefore = before.filter { !removedIDs.contains(String($0.prefix { $0 != "|" })) }
    #expect(try records(kept, where: "import_id = 1") == keptBefore)
    let cut = fixture.cutByType.values.reduce(0, +)
    #expect(try lines("SELECT count(*) FROM records WHERE import_id = 2", in: kept) == [String(cut)])
    #expect(
      try lines("SELECT * FROM imports ORDER BY id", in: kept) == [
        "1|1782878400|older.xml|2026-06-16 23:59:59 -0400|1781668799|\(keyed[0])|0|0",
        "2|1782878400|newer.xml|2026-06-30 23:59:59 -0400|1782878399|\(cut)|5|\(Int(keyed[0])! - 5)",
      ])
    #expect(outcome.added == cut && outcome.removed == 5 && outcome.importID == 2)
    var byType: [String: (added: Int, removed: Int)] = [:]
    for (type, count) in fixture.cutByType { byType[type, default: (0, 0)].added += count }
    for deleted in fixture.deleted { byType[deleted.type, default: (0, 0)].removed += 1 }
    #expect(outcome.byType.count == byType.count)
    for entry in outcome.byType {
      #expect(
        byType[entry.type]?.added == entry.added && byType[entry.type]?.removed == entry.removed,
        "\(entry.type)")
    }

    // Updating again with the same export changes nothing but the history.
    let afterFirst = try records(kept)
    let digestedAgain = try lines(Self.digestedCount, in: kept)
    let again = try UpdateFixture.update(kept, with: fixture.newerPath)
    #expect([String(again.comparedByDigest)] == digestedAgain)
    #expect(again.added == 0 && again.removed == 0 && again.unchanged == Int(keyed[0])! - 5 + cut)
    #expect(try records(kept) == afterFirst)
    #expect(try lines("SELECT added, removed FROM imports WHERE id = 3", in: kept) == ["0|0"])
    try DatabaseComparison.expectSameRows(kept, fresh)
    #expect(try lines("PRAGMA integrity_check", in: kept) == ["ok"])
    #expect(try lines("PRAGMA journal_mode", in: kept) == ["wal"])
  }

  @Test(.enabled(if: SQLiteShell.isAvailable, "the sqlite3 shell is not installed (apt-get install sqlite3)"))
  func theUpdatedDatabasePassesTheShellsIntegrityCheck() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.olderPath, at: kept)
    _ = try UpdateFixture.update(kept, with: fixture.newerPath)
    let check = try SQLiteShell.run(
      "PRAGMA integrity_check; PRAGMA foreign_key_check; SELECT count(*) FROM imports;", on: kept)
    #expect(check.standardOutput == "ok\n2\n")
    #expect(check.standardError == "")
  }

  /// A reader with the database open keeps reading the old content until the update commits,
  /// and sees the new content on its next query.
  @Test func aReaderKeepsItsViewAndSeesTheUpdateOnItsNextQuery() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.olderPath, at: kept)
    let reader = try SQLiteConnection(path: kept, mode: .readOnly)
    let count = "SELECT count(*) FROM records"
    let old = try reader.value(count)
    try reader.execute("BEGIN")
    #expect(try reader.value(count) == old)
    _ = try UpdateFixture.update(kept, with: fixture.newerPath)
    #expect(try reader.value(count) == old)
    try reader.execute("COMMIT")
    let cut = fixture.cutByType.values.reduce(0, +)
    guard case .integer(let before) = old else {
      throw DatabaseError(path: kept, code: 1, message: "no count")
    }
    #expect(try reader.value(count) == .integer(before + Int64(cut) - 5))
  }
}
