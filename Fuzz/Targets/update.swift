import Foundation
import HealthArchive
import HealthExport
import HealthModel
import SystemShim

// `database --update` against hostile databases: a database of a small export, with the input's
// bytes written over it (each five bytes a byte and the offset it goes to, little-endian), read
// back whole as an input (`DatabaseSource`), then updated with a slightly newer export. The update refuses, fails with an error or completes;
// it never crashes, and a database that passed SQLite's integrity check before an update that
// completed passes it after.
@testable import HealthDatabase

private let zone = TimeZone(identifier: "America/New_York") ?? .gmt

private func export(records: Int) -> String {
  var body = ""
  for index in 0..<records {
    body += """
       <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" \
      startDate="2026-01-09 10:\(10 + index):00 -0500" endDate="2026-01-09 10:\(10 + index):00 -0500" value="\(60 + index)"/>

      """
  }
  return """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <ExportDate value="2026-01-10 10:00:00 -0500"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-02-03"/>
    \(body)</HealthData>

    """
}

/// A folder of the run's own with the two exports and the database of the older one, removed
/// when the run ends.
private let folder: String = {
  do {
    let made = try SystemCall.makeTemporaryFolder(in: "/tmp", prefix: "health-exporter-fuzz-update.")
    atexit { SystemCall.removeTree(folder) }
    try export(records: 3).write(toFile: made + "/older.xml", atomically: false, encoding: .utf8)
    try export(records: 5).write(toFile: made + "/newer.xml", atomically: false, encoding: .utf8)
    _ = try DatabaseExport(toolVersion: "fuzz", timeZone: .named(zone), now: Timestamp(secondsSince1970: 1))
      .run(
        source: try HealthInput.open(path: made + "/older.xml", timeZone: zone),
        destination: .file(path: made + "/base.sqlite", overwrites: false), diagnostics: Diagnostics())
    return made
  } catch {
    fatalError("the fuzz target could not make its database: \(error)")
  }
}()

/// The database of the older export, which each input writes over.
private let base: [UInt8] = {
  guard let data = FileManager.default.contents(atPath: folder + "/base.sqlite") else {
    fatalError("the fuzz target could not read its database")
  }
  return Array(data)
}()

/// libFuzzer's entry point, called with each input.
/// - Parameters:
///   - start: the input's first byte.
///   - count: the input's length.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDatabaseUpdate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  var bytes = base
  var index = 0
  while index + 5 <= input.count {
    let offset =
      Int(input[index + 1]) | Int(input[index + 2]) << 8 | Int(input[index + 3]) << 16 | Int(input[index + 4])
      << 24
    bytes[offset % bytes.count] = input[index]
    index += 5
  }
  let path = folder + "/kept.sqlite"
  for suffix in ["", "-wal", "-shm", "-journal"] { SystemCall.removeTree(path + suffix) }
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
  let wasWhole = integrity(of: path) == .text("ok")
  if let source = try? DatabaseSource(path: path) {
    try? source.readItems(filter: .wholeRecord, diagnostics: Diagnostics()) { item, _ in _ = "\(item)" }
  }
  do {
    _ = try DatabaseUpdate(toolVersion: "fuzz", now: Timestamp(secondsSince1970: 2)).run(
      source: try HealthInput.open(path: folder + "/newer.xml", timeZone: zone),
      destination: .file(path: path, overwrites: true), diagnostics: Diagnostics())
  } catch {
    _ = "\(error)"
    return 0
  }
  if wasWhole, let check = integrity(of: path), check != .text("ok") {
    fatalError("the update left a database that was whole failing its integrity check: \(check)")
  }
  return 0
}

/// SQLite's integrity check of the database at `path`; nil where it cannot be opened.
private func integrity(of path: String) -> SQLiteValue? {
  guard let connection = try? SQLiteConnection(path: path, mode: .readWrite) else { return nil }
  defer { try? connection.close() }
  return try? connection.value("PRAGMA integrity_check")
}
