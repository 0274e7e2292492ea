import Foundation
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// A summary in the export's own zone says, drops and counts what the same summary in that zone
/// named does: what is wrong with a sample only some zones summarize is said once the zone is
/// known, and only if it summarizes the sample (summaries.md).
@Suite struct SummarizerZoneTests {
  typealias T = SummaryTest
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  /// June 10th 2026 in Berlin: from 2026-06-09 22:00 UTC to 2026-06-10 22:00 UTC.
  static let june10 = DateRange.custom(
    from: CalendarDay(year: 2026, month: 6, day: 10), to: CalendarDay(year: 2026, month: 6, day: 10))

  /// Samples that are wrong in some way, on either side of each end of June 10th in Berlin, and
  /// one in Berlin's zone that names it.
  static let body =
    ExportXML.record(
      "StepCount", value: "100", unit: "count", source: "Phone", start: "2026-06-10 10:00:00 +0000",
      end: "2026-06-10 10:10:00 +0000", metadata: [("HKTimeZone", "Europe/Berlin")])
    // Longer than 31 days: one ends before June 10th in Berlin (but not in Honolulu), one on it.
    + ExportXML.record(
      "StepCount", value: "5000", unit: "count", source: "Phone", start: "2026-05-01 00:00:00 +0000",
      end: "2026-06-09 21:00:00 +0000")
    + ExportXML.record(
      "StepCount", value: "6000", unit: "count", source: "Phone", start: "2026-05-01 00:00:00 +0000",
      end: "2026-06-09 23:00:00 +0000")
    // A unit that is not a weight's: at 21:30 UTC (June 9th in Berlin), at 22:30 (June 10th).
    + ExportXML.record(
      "BodyMass", value: "70", unit: "stone_weird", source: "Scale", start: "2026-06-09 21:30:00 +0000")
    + ExportXML.record(
      "BodyMass", value: "71", unit: "stone_weird", source: "Scale", start: "2026-06-09 22:30:00 +0000")
    // Blood glucose under 20 mg/dL, left out: June 11th in Berlin, then June 10th.
    + ExportXML.record(
      "BloodGlucose", value: "15", unit: "mg/dL", source: "Meter", start: "2026-06-10 22:30:00 +0000")
    + ExportXML.record(
      "BloodGlucose", value: "16", unit: "mg/dL", source: "Meter", start: "2026-06-10 21:30:00 +0000")
    + ExportXML.record(
      "BloodGlucose", value: "90", unit: "mg/dL", source: "Meter", start: "2026-06-10 21:45:00 +0000")
    // Sleep with a quantity: the night of June 10th in Berlin starts at 10:00 UTC on the 9th.
    + ExportXML.record(
      "HKCategoryTypeIdentifierSleepAnalysis", value: "7", unit: "count", source: "Watch",
      start: "2026-06-09 08:00:00 +0000", end: "2026-06-09 09:00:00 +0000")
    + ExportXML.record(
      "HKCategoryTypeIdentifierSleepAnalysis", value: "8", unit: "count", source: "Watch",
      start: "2026-06-09 11:00:00 +0000", end: "2026-06-09 12:00:00 +0000")

  static func summary(_ zone: TimeZoneChoice, strict: Bool = false) throws -> (rows: [String], said: [String])
  {
    var selection = T.selection(range: june10)
    selection.timeZone = zone
    var bytes: [UInt8] = []
    let diagnostics = Diagnostics(isStrict: strict)
    let report = try SummaryExport(selection: selection, now: ExportTest.now).run(
      source: InMemoryExport(xml: ExportXML.document(body)),
      destination: .sink { bytes.append($0) }, diagnostics: diagnostics)
    let said =
      diagnostics.summary.map { "\($0.count) × \($0.reason) (\($0.firstLocation.map(String.init) ?? "-"))" }
      + report.dropped.map { "\($0.count) left out: \($0.reason)" }
    return (ExportTest.dataRows(of: String(decoding: bytes, as: UTF8.self)), said)
  }

  @Test func theExportsOwnZoneSaysWhatThatZoneNamedSays() throws {
    let own = try Self.summary(.export(fallback: T.newYork))
    #expect(
      own.rows == [
        "2026-06-10,Blood Glucose,90.0,mg/dL,90,90,1,Meter",
        "2026-06-10,Steps,100,steps,,,1,Phone",
      ])
    #expect(
      own.said == [
        "1 × Steps record longer than 31 days (export.xml, line 15, column 2)",
        "1 × Weight in unit 'stone_weird', which cannot be converted to lbs (export.xml, line 17, column 2)",
        "1 × SleepAnalysis record with a quantity for a value (export.xml, line 22, column 2)",
        "1 left out: Blood Glucose under 20 mg/dL",
      ])
    #expect(try Self.summary(.named(Self.berlin)) == own)
  }

  /// In strict mode, a sample the zone does not summarize stops nothing.
  @Test func strictModeStopsOnlyAtWhatTheZoneSummarizes() throws {
    let quiet =
      ExportXML.record(
        "StepCount", value: "100", unit: "count", source: "Phone", start: "2026-06-10 10:00:00 +0000",
        end: "2026-06-10 10:10:00 +0000", metadata: [("HKTimeZone", "Europe/Berlin")])
      + ExportXML.record(
        "BodyMass", value: "70", unit: "stone_weird", source: "Scale", start: "2026-06-09 21:30:00 +0000")
    var selection = T.selection(range: Self.june10)
    selection.timeZone = .export(fallback: T.newYork)
    let outcome = try SummaryExport(selection: selection, now: ExportTest.now).run(
      source: InMemoryExport(xml: ExportXML.document(quiet)), destination: .sink { _ in },
      diagnostics: Diagnostics(isStrict: true))
    #expect(outcome.rows == 1 && outcome.timeZone == Self.berlin)
    selection.range = .custom(from: CalendarDay(year: 2026, month: 6, day: 9), to: nil)
    #expect(throws: StrictModeError.self) {
      try SummaryExport(selection: selection, now: ExportTest.now).run(
        source: InMemoryExport(xml: ExportXML.document(quiet)), destination: .sink { _ in },
        diagnostics: Diagnostics(isStrict: true))
    }
  }
}
