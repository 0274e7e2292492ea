import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// `diff` on the older and newer exports of `UpdateFixture`, checked against what the fixture
/// itself cut and deleted: two exports, a database and an export, nothing left in the scratch
/// folder.
@Suite struct DatabaseDiffTests {
  let fixture = UpdateFixture.shared

  private func diff(_ old: DatabaseDiff.Side, _ new: DatabaseDiff.Side, in folder: TestDirectory) throws
    -> DatabaseDiff.Difference
  {
    let scratch = folder.file("scratch")
    defer { #expect(!FileManager.default.fileExists(atPath: scratch)) }
    return try DatabaseDiff(
      toolVersion: "test", timeZone: .named(UpdateFixture.timeZone), now: UpdateFixture.now,
      scratchFolder: scratch
    ).run(old: old, new: new)
  }

  private func export(_ path: String) throws -> DatabaseDiff.Side {
    .export(try HealthInput.open(path: path, timeZone: UpdateFixture.timeZone))
  }

  @Test func countsWhatWasAddedAndDeletedByType() throws {
    let folder = try TestDirectory()
    let difference = try diff(try export(fixture.olderPath), try export(fixture.newerPath), in: folder)
    var expected: [String: (added: Int, removed: Int)] = [:]
    for (type, count) in fixture.cutByType { expected[type, default: (0, 0)].added += count }
    for deleted in fixture.deleted { expected[deleted.type, default: (0, 0)].removed += 1 }
    #expect(difference.records.count == expected.count)
    for (type, change) in difference.records {
      #expect(expected[type]?.added == change.added && expected[type]?.removed == change.removed, "\(type)")
    }
    // Each deleted reading's span is its own start.
    for deleted in fixture.deleted {
      #expect(difference.records[deleted.type]?.removedSpan == deleted.start...deleted.start)
    }
    for change in [difference.workouts, difference.correlations, difference.clinicalRecords] {
      #expect(change == DatabaseDiff.Change())
    }
    // The JSON names the same counts, dates on the zone's clocks.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(difference.json.utf8)) as? [String: Any])
    let removed = try #require(json["removed"] as? [String: Int])
    #expect(removed == Dictionary(uniqueKeysWithValues: fixture.deleted.map { ($0.type, 1) }))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = UpdateFixture.timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    let spans = try #require(json["spans"] as? [String: [String: [String]]])
    for deleted in fixture.deleted {
      let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(deleted.start)))
      #expect(spans[deleted.type]?["removed"] == [text, text])
    }
    #expect(json["workouts"] as? [String: Int] == ["added": 0, "removed": 0])
  }

  @Test func aDatabaseAgainstTheExportItWasBuiltFromHasNoChanges() throws {
    let folder = try TestDirectory()
    let kept = folder.file("kept.sqlite")
    try UpdateFixture.build(fixture.olderPath, at: kept)
    let bytes = FileManager.default.contents(atPath: kept)
    let same = try diff(.database(kept), try export(fixture.olderPath), in: folder)
    #expect(same.isEmpty)
    #expect(
      same.text == "No changes between kept.sqlite and older.xml: the same \(same.unchanged) readings.\n")
    let newer = try diff(.database(kept), try export(fixture.newerPath), in: folder)
    #expect(newer.records.values.map(\.removed).reduce(0, +) == 5)
    // The database is read, never written.
    #expect(FileManager.default.contents(atPath: kept) == bytes)
    #expect(try folder.contents().sorted() == ["kept.sqlite"])
  }
}
