import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthReport
import HealthSampleGenerator
import HealthTestSupport
import SystemShim

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
  ) throws -> (html: String, summary: ReportExport.Outcome) {
    try page(of: InMemoryExport(xml: ExportXML.document(body)), selection: selection, now: now)
  }

  /// The page of a report of `source`.
  static func page(
    of source: some HealthInputSource, selection: ReportSelection, now: Timestamp
  ) throws -> (html: String, summary: ReportExport.Outcome) {
    var bytes: [UInt8] = []
    let summary = try ReportExport(selection: selection, now: now).run(
      source: source, destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
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
