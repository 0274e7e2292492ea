import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim

/// The result of an export in a test.
struct ExportOutcome {
  var csv: String
  var summary: CSVExport.Outcome
  var diagnostics: Diagnostics

  /// The data rows, without disclaimer and header.
  var rows: [String] { ExportTest.dataRows(of: csv) }
}

enum ExportTest {
  /// The data rows of a CSV file (the record CSV or the summary), without disclaimer and header.
  static func dataRows(of csv: String) -> [String] {
    Array(
      csv.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4).dropLast().map(String.init))
  }

  static let newYork = TimeZone(identifier: "America/New_York")!
  /// 2026-01-20T12:00:00Z.
  static let now = Timestamp(secondsSince1970: 1_768_910_400)

  /// A selection of everything, all dates, New York time, US units.
  static func selection(
    metrics: [String] = ["weight", "steps", "glucose"], vitals: [String] = [], labs: [Lab] = [],
    range: DateRange = .all, units: UnitPreferences = .unitedStates
  ) -> ExportSelection {
    let registry = MetricRegistry.standard
    return ExportSelection(
      baseMetrics: registry.baseMetrics.filter { metrics.contains($0.optionName) },
      vitals: registry.vitals.filter { vitals.contains($0.optionName) }, labs: labs, range: range,
      units: units,
      timeZone: .named(newYork))
  }

  /// Runs an export of `body` (the elements inside HealthData) to memory.
  static func run(
    _ body: String, selection: ExportSelection = selection(), now: Timestamp = now
  ) throws -> ExportOutcome {
    var bytes: [UInt8] = []
    let diagnostics = Diagnostics()
    let summary = try CSVExport(selection: selection, now: now).run(
      source: InMemoryExport(xml: ExportXML.document(body)),
      destination: .sink { bytes.append($0) }, diagnostics: diagnostics)
    return ExportOutcome(
      csv: String(decoding: bytes, as: UTF8.self), summary: summary, diagnostics: diagnostics)
  }

  /// A whole CSV file with these rows.
  static func csv(_ rows: [String]) -> String {
    """
    ### HealthExporterCSV: data exported as-is from Apple Health.
    ### No warranty of accuracy or completeness or fitness for any purpose.
    ### Not a medical record. Verify with your healthcare provider before any clinical use.
    Date,Metric,LOINC,Value,Unit,Source,Meal Time

    """ + rows.map { $0 + "\n" }.joined()
  }

  /// A one-line record at `start` (New York winter time unless an offset is given).
  static func record(
    _ type: String, _ value: String, _ unit: String, source: String = "Test Source",
    at start: String = "2026-01-09 10:30:00 -0500", metadata: [(key: String, value: String)] = []
  ) -> String {
    ExportXML.record(type, value: value, unit: unit, source: source, start: start, metadata: metadata)
  }
}
