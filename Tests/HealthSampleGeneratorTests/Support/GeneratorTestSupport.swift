import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim

/// Small records and helpers shared by the generator's tests.
enum GeneratorTest {
  static let newYork = TimeZone(identifier: "America/New_York")!

  /// Eight days of New York spring, across the change to daylight saving time (8 March 2026):
  /// the export is made in EDT (-0400), the first days' records happened in EST.
  static let spring = SampleConfiguration(
    seed: 7, days: 8, end: CivilDateTime(year: 2026, month: 3, day: 12),
    timeZoneIdentifier: "America/New_York")

  /// The whole of export.xml of `export`.
  static func exportXML(_ export: SampleExport) throws -> [UInt8] {
    try StreamBytes.all(of: export.exportXML())
  }

  /// A digest of `bytes`.
  static func digest(_ bytes: [UInt8]) -> UInt64 {
    StreamBytes.digest(bytes)
  }

  /// `2026-03-05 07:15:00`: `instant` on New York's wall clocks, apart from the exporter's
  /// formatter.
  static func localText(_ instant: Int64) -> String {
    LocalTime.text(instant, in: newYork)
  }

  /// The CSV rows (without disclaimer and header) of exporting `source` with `selection`.
  static func csvRows(
    _ source: some HealthInputSource, selection: ExportSelection,
    now: Timestamp = Timestamp(secondsSince1970: 1_774_000_000)
  ) throws -> [String] {
    var bytes: [UInt8] = []
    _ = try CSVExport(selection: selection, now: now).run(
      source: source, destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst(4).map(String.init)
  }

  /// A selection over all dates in New York, US units, of the named metrics, vitals and labs.
  static func selection(
    metrics: [String] = [], vitals: [String] = [], labs: [Lab] = [], units: UnitPreferences = .unitedStates
  ) -> ExportSelection {
    let registry = MetricRegistry.standard
    return ExportSelection(
      baseMetrics: registry.baseMetrics.filter { metrics.contains($0.optionName) },
      vitals: registry.vitals.filter { vitals.contains($0.optionName) }, labs: labs, range: .all,
      units: units,
      timeZone: .named(newYork))
  }

  /// `value` as C's `printf("%.Nf")` writes it.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
