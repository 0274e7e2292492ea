import Foundation
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The sources remembered in two generations, those forgotten in a filter, and the rows that
/// may repeat a forgotten one joined with it when the database is finished.
@Suite struct SourceTableTests {
  /// A device description as export.xml writes it, with an address of its own.
  static func watch(_ address: Int) -> String {
    "<<HKDevice: 0x\(String(address, radix: 16))>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1>"
  }

  static func phone(_ address: Int) -> String {
    "<<HKDevice: 0x\(String(address, radix: 16))>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,1, software:17.2>"
  }

  @Test func remembersTwoGenerationsAndMarksTheForgottenAsPossibleRepeats() {
    var table = SourceTable(generationSize: 2)
    func id(_ name: String, _ device: String?) -> String {
      let found = table.id(name: name, version: "1", device: device)
      return "\(found.id)\(found.isNew ? " new" : "")\(found.isPossibleRepeat ? " repeat?" : "")"
    }
    #expect(id("Watch", Self.watch(1)) == "1 new")
    #expect(id("Watch", Self.watch(2)) == "2 new")
    #expect(id("Watch", Self.watch(1)) == "1")
    // The third key starts a generation: the first two are the older one.
    #expect(id("Watch", Self.watch(3)) == "3 new")
    // A key of the older generation keeps its id and moves to the newer one.
    #expect(id("Watch", Self.watch(1)) == "1")
    // The newer generation is full: the older one (the second key alone) is forgotten.
    #expect(id("Phone", Self.phone(4)) == "4 new")
    #expect(id("Watch", Self.watch(3)) == "3")
    #expect(id("Watch", Self.watch(2)) == "5 new repeat?")
    #expect(id("Watch", Self.watch(6)) == "6 new")
    #expect(id("Health", nil) == "7 new")
    #expect(table.count == 7)
    #expect(table.possibleRepeats == 1)
  }

  /// The row stores an empty text as NULL: a source without a version and one with an empty
  /// one are one row.
  @Test func takesAnEmptyTextAsNone() {
    var table = SourceTable()
    #expect(table.id(name: "Health", version: "", device: nil).id == 1)
    #expect(table.id(name: "Health", version: "1", device: nil).id == 2)
    #expect(table.id(name: "Health", version: nil, device: "").id == 1)
    #expect(table.count == 2)
  }

  /// A run of records from one source, as the reader gives them (the same strings again), and
  /// the same source in strings of their own, keep its id; a change of any part is another.
  @Test func aRunOfOneSourceKeepsItsID() {
    var table = SourceTable()
    let watch = Self.watch(1)
    func id(_ name: String, _ version: String?, _ device: String?) -> String {
      let found = table.id(name: name, version: version, device: device)
      return "\(found.id)\(found.isNew ? " new" : "")"
    }
    #expect(id("Watch", "1", watch) == "1 new")
    #expect(id("Watch", "1", watch) == "1")
    #expect(id(String("Wat") + "ch", "1", String(watch.utf8)) == "1")
    #expect(id("Watch", "2", watch) == "2 new")
    #expect(id("Watch", "1", watch) == "1")
    #expect(id("Watch", "1", Self.watch(2)) == "3 new")
    #expect(id("Watch", "1", nil) == "4 new")
    #expect(id("Watch", "1", "") == "4")
    #expect(id("Watch", "1", watch) == "1")
    #expect(table.count == 4)
  }

  @Test func givesEachNameTheHighestPriorityOfItsDevices() {
    var table = SourceTable(generationSize: 2)
    for (name, device) in [
      ("Health", nil), ("Phone", Self.phone(1)), ("Zepp", Self.watch(2)), ("Health", Self.phone(3)),
      ("Scale", "<<HKDevice: 0x4>, name:Body+, manufacturer:Withings, model:WBS05>"),
    ] {
      _ = table.id(name: name, version: nil, device: device)
    }
    let priorities = table.priorities().map { "\($0.name) \($0.priority)" }
    #expect(priorities == ["Health 2", "Phone 3", "Zepp 1", "Scale 4"])
  }

  @Test func aFilterNeverForgetsADigestItWasGiven() {
    var filter = SeenFilter()
    func digest(_ number: Int) -> ReadingDigest {
      var hasher = ReadingHasher()
      hasher.add(Int64(number))
      return hasher.finish()
    }
    let given = (0..<10_000).map(digest)
    for digest in given { filter.insert(digest) }
    #expect(given.allSatisfy { filter.mayContain($0) })
    #expect((10_000..<20_000).map(digest).filter { filter.mayContain($0) }.count < 10)
  }

  /// An export whose devices repeat far apart: the database built remembering two sources at a
  /// time holds the same sources, each once, and the same rows as one that remembers them all;
  /// the top-level copies of the correlation's members, whose source is forgotten by then, are
  /// still found and dropped.
  @Test func aDatabaseThatForgetsSourcesJoinsTheirRepeats() throws {
    func record(_ type: String, _ source: String, _ device: String?, _ minute: Int, _ value: Int) -> String {
      let date = "2026-01-10 08:\(minute < 10 ? "0" : "")\(minute):00 -0500"
      let escaped = device.map {
        " device=\""
          + $0.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
          + "\""
      }
      return
        " <Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"\(source)\" sourceVersion=\"1\"\(escaped ?? "") unit=\"count\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\"/>"
    }
    let cuff = "<<HKDevice: 0x99>, name:Cuff, manufacturer:Omron, model:BP7000>"
    let pressure = [
      record("BloodPressureSystolic", "Cuff", cuff, 30, 121).replacingOccurrences(
        of: "unit=\"count\"", with: "unit=\"mmHg\""),
      record("BloodPressureDiastolic", "Cuff", cuff, 30, 79).replacingOccurrences(
        of: "unit=\"count\"", with: "unit=\"mmHg\""),
    ]
    let lines =
      [
        record("HeartRate", "Watch", Self.watch(1), 0, 60),
        record("HeartRate", "Watch", Self.watch(2), 1, 61),
        record("HeartRate", "Health", nil, 2, 62), record("HeartRate", "Watch", Self.watch(3), 3, 63),
        record("HeartRate", "Watch", Self.watch(4), 4, 64),
      ] + pressure + [
        record("StepCount", "Phone", Self.phone(5), 5, 100),
        record("StepCount", "Watch", Self.watch(1), 6, 101),
        record("StepCount", "Watch", Self.watch(6), 7, 102), record("StepCount", "Health", nil, 8, 103),
        record("StepCount", "Watch", Self.watch(7), 9, 104),
        record("StepCount", "Watch", Self.watch(2), 10, 105),
        record("StepCount", "Watch", Self.watch(8), 11, 106),
        record("StepCount", "Watch", Self.watch(9), 12, 107),
        " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" sourceVersion=\"1\" device=\"&lt;&lt;HKDevice: 0x99&gt;, name:Cuff, manufacturer:Omron, model:BP7000&gt;\" startDate=\"2026-01-10 08:30:00 -0500\" endDate=\"2026-01-10 08:30:00 -0500\">",
      ] + pressure.map { " " + $0 } + [" </Correlation>"]
    let xml = ExportXML.document(lines.joined(separator: "\n"))
    let forgetting = try TestDatabase(xml: xml, sourceGeneration: 2)
    let remembering = try TestDatabase(xml: xml)
    #expect(forgetting.counts.sources == 11)
    #expect(forgetting.counts.sources == remembering.counts.sources)
    #expect(forgetting.counts.records == 15)
    #expect(forgetting.counts.records == remembering.counts.records)
    let sources = "SELECT name, version, device, device_model, priority FROM sources ORDER BY id"
    let rows = """
      SELECT r.id, r.type, r.value, r.correlation_id, s.name, s.device, s.priority
      FROM records AS r JOIN sources AS s ON s.id = r.source_id ORDER BY r.id
      """
    let correlations = """
      SELECT c.id, s.name, s.device FROM correlations AS c JOIN sources AS s ON s.id = c.source_id ORDER BY c.id
      """
    for sql in [sources, rows, correlations] {
      try forgetting.expect(sql, try remembering.lines(sql))
    }
    try forgetting.expect(
      "SELECT count(*) FROM (SELECT 1 FROM sources GROUP BY name, version, device HAVING count(*) > 1)", ["0"]
    )
    // The four rows joined (two watches, the source without a device and the cuff, met again
    // once forgotten) leave their ids unused: 11 sources among 15 ids, the last one joined.
    try forgetting.expect("SELECT count(*), max(id) FROM sources", ["11|14"])
    try forgetting.expect(
      "SELECT count(*) FROM records WHERE source_id NOT IN (SELECT id FROM sources)", ["0"])
    if SQLiteShell.isAvailable {
      let check = try SQLiteShell.run(
        "PRAGMA integrity_check; PRAGMA foreign_key_check;", on: forgetting.path)
      #expect(check.standardOutput == "ok\n")
    }
  }
}
