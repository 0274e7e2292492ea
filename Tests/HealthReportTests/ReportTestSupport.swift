import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import HealthSampleGenerator
import HealthTestSupport

/// Reports made in memory for the tests, and the tables read back from their pages.
enum ReportTest {
  static let newYork = TimeZone(identifier: "America/New_York")!
  /// 2026-01-20T12:00:00Z.
  static let now = Timestamp(secondsSince1970: 1_768_910_400)
  /// 2026-06-30T20:00:00Z, the end of the built-in sample used here.
  static let sampleNow = Timestamp(secondsSince1970: 1_782_849_600)

  /// A selection of all dates in New York, US units.
  static func selection(range: DateRange = .all, dateFormat: DateFormat = .standard) -> ReportSelection {
    ReportSelection(range: range, dateFormat: dateFormat, timeZone: .named(newYork))
  }

  /// The page of a report of `body` (the elements inside HealthData).
  static func page(
    _ body: String, selection: ReportSelection = selection(), now: Timestamp = now
  ) throws -> (html: String, summary: ReportSummary) {
    try page(of: InMemoryExport(xml: ExportXML.document(body)), selection: selection, now: now)
  }

  /// The page of a report of `source`.
  static func page(
    of source: some HealthInputSource, selection: ReportSelection, now: Timestamp
  ) throws -> (html: String, summary: ReportSummary) {
    var bytes: [UInt8] = []
    let summary = try ReportExport(selection: selection, now: now).run(
      source: source, destination: .sink { bytes.append(contentsOf: $0) }, diagnostics: Diagnostics())
    return (String(decoding: bytes, as: UTF8.self), summary)
  }

  /// The built-in sample ending at `sampleNow`, as `--sample` makes it.
  static func sample() throws -> any HealthInputSource {
    try SampleExport(configuration: .sample(now: sampleNow, timeZoneIdentifier: newYork.identifier))
      .source(endingAt: sampleNow)
  }

  /// The data rows of a CSV (the record CSV or the summary), split into fields (no field of the
  /// sample needs quotes).
  static func csvRows(_ csv: String) -> [[String]] {
    csv.split(separator: "\n").dropFirst(4).map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }
}

/// The tables of a report's page, read back as a person's browser shows them.
enum ReportTables {
  /// The body rows of every data table, by its `data-chart`, each cell unescaped.
  static func parse(_ html: String) -> [String: [[String]]] {
    var tables: [String: [[String]]] = [:]
    var rest = Substring(html)
    while let open = rest.range(of: "<table class=\"data") {
      let table = rest[open.lowerBound...]
      guard let close = table.range(of: "</table>") else { break }
      let text = table[..<close.upperBound]
      let chart = attribute("data-chart", in: text) ?? ""
      var rows: [[String]] = []
      if let body = text.range(of: "<tbody>") {
        var cursor = text[body.upperBound...]
        while let row = cursor.range(of: "<tr>"), let end = cursor.range(of: "</tr>") {
          rows.append(cells(in: cursor[row.upperBound..<end.lowerBound]))
          cursor = cursor[end.upperBound...]
        }
      }
      tables[chart] = rows
      rest = rest[close.upperBound...]
    }
    return tables
  }

  /// The contents of each `<td>` in `row`, unescaped.
  static func cells(in row: Substring) -> [String] {
    var cells: [String] = []
    var rest = row
    while let open = rest.range(of: "<td") {
      guard let startTag = rest[open.upperBound...].range(of: ">"),
        let close = rest[startTag.upperBound...].range(of: "</td>")
      else { break }
      cells.append(unescape(String(rest[startTag.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return cells
  }

  /// The `<title>` texts of the marks inside the figure `id`.
  static func titles(inFigure id: String, of html: String) -> [String] {
    guard let figure = html.range(of: "<figure class=\"chart\" id=\"\(id)\">"),
      let start = html[figure.upperBound...].range(of: "<svg class=\"chart"),
      let end = html[start.upperBound...].range(of: "</svg>")
    else { return [] }
    var titles: [String] = []
    var rest = html[start.upperBound..<end.lowerBound]
    while let open = rest.range(of: "<title>"), let close = rest[open.upperBound...].range(of: "</title>") {
      titles.append(unescape(String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return titles
  }

  static func attribute(_ name: String, in text: Substring) -> String? {
    guard let start = text.range(of: "\(name)=\""), let end = text[start.upperBound...].range(of: "\"") else {
      return nil
    }
    return unescape(String(text[start.upperBound..<end.lowerBound]))
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
