import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim

/// The result of a summary in a test.
struct SummaryOutcome {
  var csv: String
  var report: SummaryExport.Outcome
  var diagnostics: Diagnostics

  /// The data rows, without disclaimer and header.
  var rows: [String] { ExportTest.dataRows(of: csv) }

}

enum SummaryTest {
  static let newYork = ExportTest.newYork
  static let watchName = "Jane’s Apple Watch"
  static let phoneName = "Jane’s iPhone"
  /// HealthKit's device descriptions, escaped as export.xml writes them.
  static let watchDevice =
    "&lt;&lt;HKDevice: 0x283c4a8f0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.0&gt;"
  static let phoneDevice =
    "&lt;&lt;HKDevice: 0x283c4a9e0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2&gt;"

  /// A selection of every type, all dates, days in New York, US units.
  static func selection(
    period: SummaryPeriod = .day, range: DateRange = .all, sourcePriority: [String] = [],
    units: UnitPreferences = .unitedStates, dateFormat: DateFormat = .standard
  ) -> SummarySelection {
    SummarySelection(
      period: period, range: range, sourcePriority: sourcePriority, units: units, dateFormat: dateFormat,
      timeZone: .named(newYork))
  }

  /// Summarizes `body` (the elements inside HealthData) to memory.
  static func run(_ body: String, selection: SummarySelection = selection()) throws -> SummaryOutcome {
    var bytes: [UInt8] = []
    let diagnostics = Diagnostics()
    let report = try SummaryExport(selection: selection, now: ExportTest.now).run(
      source: InMemoryExport(xml: ExportXML.document(body)),
      destination: .sink { bytes.append($0) }, diagnostics: diagnostics)
    return SummaryOutcome(
      csv: String(decoding: bytes, as: UTF8.self), report: report, diagnostics: diagnostics)
  }

  /// A record of `type` (short name or identifier) over `[start, end)`, local New York times
  /// written with their offset (`2026-01-09 10:00:00 -0500`).
  static func record(
    _ type: String, _ value: String, _ unit: String?, source: String, device: String? = nil,
    from start: String,
    to end: String? = nil
  ) -> String {
    ExportXML.record(
      type, value: value, unit: unit, source: source, device: device, start: start, end: end ?? start)
  }

  /// Steps from the watch.
  static func watchSteps(_ value: Int, from start: String, to end: String) -> String {
    record("StepCount", "\(value)", "count", source: watchName, device: watchDevice, from: start, to: end)
  }

  /// Steps from the phone.
  static func phoneSteps(_ value: Int, from start: String, to end: String) -> String {
    record("StepCount", "\(value)", "count", source: phoneName, device: phoneDevice, from: start, to: end)
  }

  /// A whole summary CSV with these rows.
  static func csv(_ rows: [String]) -> String {
    """
    ### HealthExporterCSV: data exported as-is from Apple Health.
    ### No warranty of accuracy or completeness or fitness for any purpose.
    ### Not a medical record. Verify with your healthcare provider before any clinical use.
    Period,Metric,Value,Unit,Min,Max,Count,Sources

    """ + rows.map { $0 + "\n" }.joined()
  }
}
