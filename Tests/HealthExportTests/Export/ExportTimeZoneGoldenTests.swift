import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

/// An export made in summer holds winter readings written with the summer offset, as the Health
/// app writes them (apple-export.md §3): a reading at 06:15 EST reads `07:15:00 -0400`. Read in the
/// export's own zone (its samples' `HKTimeZone`) or in a zone named, every local date is the
/// reading's true one. The whole CSV and summary of such an export are pinned byte for byte.
@Suite struct ExportTimeZoneGoldenTests {
  /// Twenty days of the generated person in New York, 2026-03-01 to 03-20: the clocks go forward
  /// on the 8th, and the export (on the 20th) writes every date with -0400.
  static let configuration = SampleConfiguration(
    days: 20, end: CivilDateTime(year: 2026, month: 3, day: 20), timeZoneIdentifier: "America/New_York")
  /// The machine's zone where the export names none: never the one the export names.
  static let machine = TimeZoneChoice.export(fallback: TimeZone(identifier: "Asia/Tokyo")!)
  static let berlin = TimeZoneChoice.named(TimeZone(identifier: "Europe/Berlin")!)

  private func csv(_ zone: TimeZoneChoice) throws -> (text: String, summary: CSVExport.Outcome) {
    var bytes: [UInt8] = []
    let registry = MetricRegistry.standard
    let selection = ExportSelection(
      baseMetrics: registry.baseMetrics.filter { $0.optionName == "weight" },
      vitals: registry.vitals.filter { $0.optionName == "blood-pressure" }, range: .all, timeZone: zone)
    let summary = try CSVExport(selection: selection, now: ExportTest.now).run(
      source: try SampleExport(configuration: Self.configuration).source(),
      destination: .sink { bytes.append($0) }, diagnostics: Diagnostics(isStrict: true))
    return (String(decoding: bytes, as: UTF8.self), summary)
  }

  private func summary(_ zone: TimeZoneChoice) throws -> String {
    var bytes: [UInt8] = []
    let selection = SummarySelection(
      range: .all, timeZone: zone,
      types: [
        "HKQuantityTypeIdentifierStepCount", "HKCategoryTypeIdentifierSleepAnalysis",
        "HKQuantityTypeIdentifierBodyMass",
      ])
    _ = try SummaryExport(selection: selection, now: ExportTest.now).run(
      source: try SampleExport(configuration: Self.configuration).source(),
      destination: .sink { bytes.append($0) }, diagnostics: Diagnostics(isStrict: true))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [
    (machine, "summer-export-own-zone.csv", "America/New_York"),
    (berlin, "summer-export-berlin.csv", "Europe/Berlin"),
  ])
  func theCSVIsOnTheClocksOfTheZone(zone: TimeZoneChoice, golden: String, name: String) throws {
    let (actual, summary) = try csv(zone)
    #expect(summary.timeZone.identifier == name)
    let expected = try Golden.expected(golden, actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  @Test(arguments: [
    (machine, "summer-export-own-zone-summary.csv"),
    (berlin, "summer-export-berlin-summary.csv"),
  ])
  func theSummaryIsOnTheClocksOfTheZone(zone: TimeZoneChoice, golden: String) throws {
    let actual = try summary(zone)
    let expected = try Golden.expected(golden, actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  /// The first weight, before the clocks changed, reads an hour later in export.xml than it was
  /// taken; the CSV in the export's zone has the hour it was taken.
  @Test func aWinterReadingIsAtItsOwnHour() throws {
    let xml = String(
      decoding: try StreamBytes.all(of: SampleExport(configuration: Self.configuration).exportXML()),
      as: UTF8.self)
    let record = try #require(
      xml.firstMatch(
        of: /type="HKQuantityTypeIdentifierBodyMass"[^>]*startDate="2026-03-01 (\d\d):(\d\d):(\d\d) -0400"/))
    let hour = try #require(Int(record.1))
    let rows = try csv(Self.machine).text.split(separator: "\n").filter {
      $0.hasPrefix("2026-03-01 ") && $0.contains(",Weight,")
    }
    let local = String(format: "%02d:%@:%@", hour - 1, String(record.2), String(record.3))
    #expect(rows.map { String($0.prefix(19)) } == ["2026-03-01 \(local)"])
  }
}
