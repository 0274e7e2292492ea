import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

/// The whole summary CSV of a small generated export, pinned byte for byte, and checked against
/// the record CSV of the same export.
@Suite struct GoldenSummaryTests {
  /// Three days of the generated person (2026-06-28 to 06-30, New York).
  static let configuration = SampleConfiguration(days: 3)

  private func summary(_ selection: SummarySelection) throws -> String {
    var bytes: [UInt8] = []
    _ = try SummaryExport(selection: selection, now: ExportTest.now).run(
      source: try SampleExport(configuration: Self.configuration).source(),
      destination: .sink { bytes.append($0) }, diagnostics: Diagnostics(isStrict: true))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func summaryOfAGeneratedExport() throws {
    let actual = try summary(SummaryTest.selection())
    let expected = try Golden.expected("generated-3-days.csv", actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  @Test func weeklySummaryOfAGeneratedExportInUTC() throws {
    let actual = try summary(SummaryTest.selection(period: .week, dateFormat: .iso8601))
    let expected = try Golden.expected("generated-3-days-weeks.csv", actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  /// The generator's watch and phone count the same walks, so the phone's steps lie inside the
  /// watch's time: each day's summary is the watch's own steps of the day, as the record CSV lists
  /// them, and less than the sum of both devices' rows.
  @Test func stepsPerDayAreTheWatchsStepsNotBothDevices() throws {
    var csvBytes: [UInt8] = []
    let registry = MetricRegistry.standard
    _ = try CSVExport(
      selection: ExportSelection(
        baseMetrics: registry.baseMetrics.filter { $0.optionName == "steps" }, range: .all,
        timeZone: .named(SummaryTest.newYork)),
      now: ExportTest.now
    ).run(
      source: try SampleExport(configuration: Self.configuration).source(),
      destination: .sink { csvBytes.append($0) }, diagnostics: Diagnostics())
    var watchByDay: [String: Int] = [:]
    var allByDay: [String: Int] = [:]
    for line in String(decoding: csvBytes, as: UTF8.self).split(separator: "\n").dropFirst(4) {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      let day = String(fields[0].prefix(10))
      let steps = try #require(Int(fields[3]))
      allByDay[day, default: 0] += steps
      if fields[5].hasSuffix("Apple Watch") { watchByDay[day, default: 0] += steps }
    }
    let summaryRows = try summary(SummaryTest.selection()).split(separator: "\n").dropFirst(4).filter {
      $0.split(separator: ",")[1] == "Steps"
    }
    let summarized = Dictionary(
      uniqueKeysWithValues: summaryRows.map { row in
        let fields = row.split(separator: ",")
        return (String(fields[0]), Int(fields[2]) ?? -1)
      })
    #expect(summarized == watchByDay)
    #expect(watchByDay.keys.sorted() == ["2026-06-28", "2026-06-29", "2026-06-30"])
    for (day, steps) in watchByDay { #expect(try #require(allByDay[day]) > steps) }
  }
}
