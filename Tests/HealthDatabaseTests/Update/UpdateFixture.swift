import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport

@testable import HealthDatabase

/// One generated person's exports, an older and a newer one: the newer is the generator's
/// export.xml of 45 days, each reading's device with an address of its own
/// (`addressOfItsOwn`), less five readings the person deleted on the phone; the older is the
/// same export made two weeks earlier: without the top-level records of the last fourteen days
/// (those of blood pressure and food kept, as their correlations are), and with that day's
/// export date.
final class UpdateFixture: @unchecked Sendable {
  // @unchecked: every property is set once, in `init`, and only read afterwards.
  static let shared: UpdateFixture = {
    do { return try UpdateFixture() } catch {
      fatalError("the update fixture could not be written: \(error)")
    }
  }()

  let folder: TestDirectory
  let olderPath: String
  let newerPath: String
  /// The five readings deleted: type, start and value as export.xml writes them.
  let deleted: [(type: String, start: Int64, value: String)]
  /// How many records the older export lacks, by type.
  let cutByType: [String: Int]
  static let timeZone = TimeZone(identifier: "America/New_York")!
  static let now = Timestamp(secondsSince1970: 1_782_878_400)

  private init() throws {
    folder = try TestDirectory()
    let generated = folder.file("generated.xml")
    try SampleExportWriter.write(
      try SampleExport(configuration: SampleConfiguration(days: 45)), to: generated, format: .xml,
      overwrites: false)
    let lines = try String(contentsOfFile: generated, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(Self.addressOfItsOwn)
    try lines.joined(separator: "\n").write(toFile: generated, atomically: false, encoding: .utf8)
    let parser = DateFormatter()
    parser.locale = Locale(identifier: "en_US_POSIX")
    parser.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    func attribute(_ name: String, of line: Substring) -> String? {
      guard let start = line.range(of: " \(name)=\"") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
    let cutoff = "2026-06-17"
    var older: [Substring] = []
    var newer: [Substring] = []
    var deleted: [(String, Int64, String)] = []
    var cut: [String: Int] = [:]
    var seen: [String: Int] = [:]
    var isCutting = false
    for line in lines {
      // A record with children (metadata, beats) of the last two weeks is left out whole.
      if isCutting {
        newer.append(line)
        if line.hasPrefix(" </Record>") { isCutting = false }
        continue
      }
      if line.hasPrefix(" <Record "), !line.hasSuffix("/>"), let type = attribute("type", of: line),
        let start = attribute("startDate", of: line), start >= "2026-06-17",
        !type.contains("BloodPressure"), !type.contains("Dietary")
      {
        cut[type, default: 0] += 1
        newer.append(line)
        isCutting = true
        continue
      }
      let isRecordLine = line.hasPrefix(" <Record ") && line.hasSuffix("/>")
      guard isRecordLine, let type = attribute("type", of: line),
        let start = attribute("startDate", of: line),
        !type.contains("BloodPressure"), !type.contains("Dietary")
      else {
        if line.hasPrefix(" <ExportDate ") {
          older.append(" <ExportDate value=\"2026-06-16 23:59:59 -0400\"/>")
        } else {
          older.append(line)
        }
        newer.append(line)
        continue
      }
      if start >= cutoff {
        cut[type, default: 0] += 1
        newer.append(line)
        continue
      }
      older.append(line)
      seen[type, default: 0] += 1
      // Five readings of the older weeks, the 50th of each of the first five types that have
      // that many, deleted from the newer export.
      if seen[type] == 50, deleted.count < 5,
        let value = attribute("value", of: line), let date = parser.date(from: start)
      {
        deleted.append((type, Int64(date.timeIntervalSince1970), value))
        continue
      }
      newer.append(line)
    }
    precondition(deleted.count == 5, "the generated export gave \(deleted.count) readings to delete")
    self.deleted = deleted
    cutByType = cut
    olderPath = try folder.write(older.joined(separator: "\n"), to: "older.xml")
    newerPath = try folder.write(newer.joined(separator: "\n"), to: "newer.xml")
  }

  /// The line with its device's address made its own, as export.xml gives nearly every
  /// record's device (the generator gives each device one): derived from the rest of the line
  /// without its indent, so that a correlation's member and its top-level copy, one sample, keep
  /// one address. The databases then hold about as many sources as readings of devices.
  static func addressOfItsOwn(_ line: Substring) -> Substring {
    guard let start = line.range(of: "HKDevice: 0x"),
      let end = line[start.upperBound...].range(of: "&gt;")
    else { return line }
    let rest = line[..<start.upperBound].drop { $0 == " " } + line[end.lowerBound...]
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in rest.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return line[..<start.upperBound] + String(hash >> 28, radix: 16) + line[end.lowerBound...]
  }

  /// Builds a database of `input` at `path` in the fixture's zone.
  static func build(_ input: String, at path: String) throws {
    _ = try DatabaseExport(toolVersion: "test", timeZone: .named(timeZone), now: now).run(
      source: try HealthInput.open(path: input, timeZone: timeZone),
      destination: .file(path: path, overwrites: false),
      diagnostics: Diagnostics())
  }

  /// Updates the database at `path` with `input`.
  static func update(
    _ path: String, with input: String, allowsOlder: Bool = false, allowsOtherPerson: Bool = false,
    recentSeconds: Int64 = DigestedRecords.recentSeconds
  ) throws -> DatabaseUpdate.Outcome {
    var update = DatabaseUpdate(toolVersion: "test", now: now)
    update.recentSeconds = recentSeconds
    update.allowsOlderExport = allowsOlder
    update.allowsOtherPerson = allowsOtherPerson
    return try update.run(
      source: try HealthInput.open(path: input, timeZone: timeZone),
      destination: .file(path: path, overwrites: true),
      diagnostics: Diagnostics())
  }
}
