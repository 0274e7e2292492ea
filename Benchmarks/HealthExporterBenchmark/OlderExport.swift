import Foundation

/// The same export made a month earlier, for the benchmark's update that adds a month: export.xml
/// without the top-level records that start on or after the day 30 days before its export date,
/// and exported at that day's first second. Blood pressure and food records are kept, as their
/// correlations are (a correlation's members are also written at the top level). Written line by
/// line: the Health app, and the generators the benchmark reads, put each element on a line of
/// its own, and a record's children on the lines up to its ` </Record>`.
struct OlderExport {
  /// The first day left out, as export.xml writes dates (`2025-12-10`).
  let cutoff: String
  /// The older export's `ExportDate` line.
  let exportDateLine: String
  /// How many records were left out.
  private(set) var recordsLeftOut = 0

  /// The older export of the one whose `ExportDate` says `exportDate` (`2026-01-09 10:30:00
  /// -0800`), dated at that export's UTC offset.
  init?(exportDate: String) {
    let parser = DateFormatter()
    parser.locale = Locale(identifier: "en_US_POSIX")
    parser.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    guard let date = parser.date(from: exportDate), let offset = exportDate.split(separator: " ").last,
      let zone = TimeZone(identifier: "GMT" + (offset == "+0000" ? "" : String(offset)))
    else { return nil }
    parser.timeZone = zone
    parser.dateFormat = "yyyy-MM-dd"
    cutoff = parser.string(from: date.addingTimeInterval(-30 * 86_400))
    exportDateLine = " <ExportDate value=\"\(cutoff) 00:00:00 \(offset)\"/>"
  }

  /// The `ExportDate` of the export.xml at `path`, read from its first 64 KiB.
  static func exportDate(of path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = String(decoding: handle.readData(ofLength: 1 << 16), as: UTF8.self)
    guard let start = head.range(of: "<ExportDate value=\"") else { return nil }
    return String(head[start.upperBound...].prefix { $0 != "\"" })
  }

  /// Writes the older export of `source` to `destination`.
  mutating func write(from source: String, to destination: String) throws {
    guard let input = FileHandle(forReadingAtPath: source) else {
      throw BenchmarkError("cannot read \(source)")
    }
    defer { try? input.close() }
    guard FileManager.default.createFile(atPath: destination, contents: nil),
      let output = FileHandle(forWritingAtPath: destination)
    else { throw BenchmarkError("cannot write \(destination)") }
    defer { try? output.close() }
    var pending: [UInt8] = []
    var written: [UInt8] = []
    var isCutting = false
    func take(_ whole: ArraySlice<UInt8>) {
      // Looked at without the carriage return of a line that ends with one; written as it was.
      let line = whole.last == 0x0D ? whole.dropLast() : whole
      if isCutting {
        if line.starts(with: Self.recordEnd) { isCutting = false }
        return
      }
      if line.starts(with: Self.exportDate) {
        written += exportDateLine.utf8
        written.append(0x0A)
        return
      }
      if line.starts(with: Self.recordStart), let start = Self.value(of: Self.startDate, in: line),
        start.lexicographicallyPrecedes(cutoff.utf8) == false, let type = Self.value(of: Self.type, in: line),
        !Self.kept.contains(where: { String(decoding: type, as: UTF8.self).contains($0) })
      {
        recordsLeftOut += 1
        isCutting = !line.hasSuffix(Self.emptyElementEnd)
        return
      }
      written += whole
      written.append(0x0A)
    }
    while true {
      let data = input.readData(ofLength: 1 << 20)
      if data.isEmpty { break }
      pending += data
      var lineStart = pending.startIndex
      while let newline = pending[lineStart...].firstIndex(of: 0x0A) {
        take(pending[lineStart..<newline])
        lineStart = newline + 1
      }
      pending.removeSubrange(..<lineStart)
      if written.count >= 1 << 20 {
        output.write(Data(written))
        written.removeAll(keepingCapacity: true)
      }
    }
    if !pending.isEmpty {
      written += pending
    }
    output.write(Data(written))
  }

  private static let recordStart = Array(" <Record ".utf8)
  private static let recordEnd = Array(" </Record>".utf8)
  private static let exportDate = Array(" <ExportDate ".utf8)
  private static let emptyElementEnd = Array("/>".utf8)
  private static let startDate = Array(" startDate=\"".utf8)
  private static let type = Array(" type=\"".utf8)
  /// Records kept whatever their date, as their correlations are.
  private static let kept = ["BloodPressure", "Dietary"]

  /// The value of the attribute that `name` (` name="`) starts, in `line`.
  private static func value(of name: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let start = line.firstRange(of: name)?.upperBound,
      let end = line[start...].firstIndex(of: UInt8(ascii: "\""))
    else { return nil }
    return line[start..<end]
  }
}

extension ArraySlice where Element == UInt8 {
  fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool {
    count >= suffix.count && self[(endIndex - suffix.count)...].elementsEqual(suffix)
  }
}
