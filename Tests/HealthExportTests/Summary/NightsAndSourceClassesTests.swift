import Foundation
import HealthExport
import HealthModel
import Testing

/// Sleep counted by the night, the night's sleep in all, a source's class decided per type over
/// the whole input, and samples too long to summarize (summaries.md).
@Suite struct NightsAndSourceClassesTests {
  typealias T = SummaryTest

  private func sleep(
    _ value: String, source: String = T.watchName, device: String = T.watchDevice, from start: String,
    to end: String
  ) -> String {
    " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\" device=\"\(device)\""
      + " startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(value)\"/>\n"
  }

  // MARK: - Nights

  /// A night runs from noon to noon: a sample across noon is split between two nights.
  @Test func aSampleAcrossNoonIsSplitBetweenTwoNights() throws {
    let body = sleep("InBed", from: "2026-01-10 11:00:00 -0500", to: "2026-01-10 13:00:00 -0500")
    #expect(
      try T.run(body).rows == [
        "2026-01-10,Sleep InBed,60.00,min,,,1,Jane’s Apple Watch",
        "2026-01-11,Sleep InBed,60.00,min,,,1,Jane’s Apple Watch",
      ])
  }

  /// On the nights the clocks change, a night is 23 or 25 hours long (its noons are twelve hours
  /// before midnights), and the whole night in bed is the one it is named by; written in UTC, a
  /// night starts at its noon.
  @Test(arguments: [
    (
      "2026-03-07 22:00:00 -0500", "2026-03-08 07:00:00 -0400",
      "2026-03-08,Sleep InBed,480.00,min,,,1,Jane’s Apple Watch",
      "2026-03-07T17:00:00Z,Sleep InBed,480.00,min,,,1,Jane’s Apple Watch"
    ),
    (
      "2026-10-31 22:00:00 -0400", "2026-11-01 06:00:00 -0500",
      "2026-11-01,Sleep InBed,540.00,min,,,1,Jane’s Apple Watch",
      "2026-10-31T16:00:00Z,Sleep InBed,540.00,min,,,1,Jane’s Apple Watch"
    ),
  ])
  func aNightAcrossAChangeOfTheClocksIsOneNight(from: String, to: String, row: String, utcRow: String) throws
  {
    let body = sleep("InBed", from: from, to: to)
    #expect(try T.run(body).rows == [row])
    #expect(try T.run(body, selection: T.selection(dateFormat: .iso8601)).rows == [utcRow])
  }

  /// By the hour, sleep keeps the clock's hours.
  @Test func hoursAreClockHours() throws {
    let body = sleep("InBed", from: "2026-01-09 22:30:00 -0500", to: "2026-01-09 23:30:00 -0500")
    #expect(
      try T.run(body, selection: T.selection(period: .hour)).rows == [
        "2026-01-09 22:00,Sleep InBed,30.00,min,,,1,Jane’s Apple Watch",
        "2026-01-09 23:00,Sleep InBed,30.00,min,,,1,Jane’s Apple Watch",
      ])
  }

  /// Weeks and months of nights: a night is in the week or month of the day it is named by.
  @Test func aNightIsInTheWeekOfItsMorning() throws {
    // Sunday night to Monday 2026-01-12: the week of Monday the 12th.
    let body = sleep("AsleepCore", from: "2026-01-11 23:00:00 -0500", to: "2026-01-12 06:00:00 -0500")
    #expect(
      try T.run(body, selection: T.selection(period: .week)).rows == [
        "2026-01-12,Sleep Asleep Total,420.00,min,,,1,Jane’s Apple Watch",
        "2026-01-12,Sleep AsleepCore,420.00,min,,,1,Jane’s Apple Watch",
      ])
  }

  /// `Sleep Asleep Total` counts every asleep value once: within a source the union of its
  /// samples (by start, then end, a sample whose every part is counted already counts nothing),
  /// across sources by their priority.
  @Test func theNightsSleepInAllIsCountedOnce() throws {
    let body =
      sleep("AsleepUnspecified", from: "2026-01-09 23:00:00 -0500", to: "2026-01-10 07:00:00 -0500")
      + sleep("AsleepCore", from: "2026-01-09 23:00:00 -0500", to: "2026-01-10 03:00:00 -0500")
      + sleep("AsleepDeep", from: "2026-01-10 03:00:00 -0500", to: "2026-01-10 04:00:00 -0500")
      + sleep("InBed", from: "2026-01-09 22:45:00 -0500", to: "2026-01-10 07:10:00 -0500")
      + sleep(
        "AsleepUnspecified", source: T.phoneName, device: T.phoneDevice, from: "2026-01-09 22:00:00 -0500",
        to: "2026-01-10 08:00:00 -0500")
    // The watch: 23:00–07:00 (480 minutes, from its Core and its Unspecified samples; Deep lies
    // inside). The phone, lower: 22:00–23:00 and 07:00–08:00 (120).
    #expect(
      try T.run(body).rows == [
        "2026-01-10,Sleep Asleep Total,600.00,min,,,3,Jane’s Apple Watch; Jane’s iPhone",
        "2026-01-10,Sleep AsleepCore,240.00,min,,,1,Jane’s Apple Watch",
        "2026-01-10,Sleep AsleepDeep,60.00,min,,,1,Jane’s Apple Watch",
        "2026-01-10,Sleep AsleepUnspecified,600.00,min,,,2,Jane’s Apple Watch; Jane’s iPhone",
        "2026-01-10,Sleep InBed,505.00,min,,,1,Jane’s Apple Watch",
      ])
  }

  // MARK: - Source classes

  /// Three StepCount records: Zeta's with a Watch on the 10th; Zeta's and Alpha's without a device
  /// over the same ten minutes of the 12th. Zeta is a Watch source for steps over the whole input,
  /// so the 12th has Zeta's 1000 steps whatever range is asked.
  static let rank = [
    T.record(
      "StepCount", "100", "count", source: "Zeta", device: T.watchDevice, from: "2026-01-10 10:00:00 -0500",
      to: "2026-01-10 10:10:00 -0500"),
    T.record(
      "StepCount", "1000", "count", source: "Zeta", from: "2026-01-12 10:00:00 -0500",
      to: "2026-01-12 10:10:00 -0500"),
    T.record(
      "StepCount", "600", "count", source: "Alpha", from: "2026-01-12 10:00:00 -0500",
      to: "2026-01-12 10:10:00 -0500"),
  ].joined()

  @Test(arguments: [
    (DateRange.all, ["2026-01-10,Steps,100,steps,,,1,Zeta", "2026-01-12,Steps,1000,steps,,,1,Zeta"]),
    (
      .custom(
        from: CalendarDay(year: 2026, month: 1, day: 12), to: CalendarDay(year: 2026, month: 1, day: 12)),
      ["2026-01-12,Steps,1000,steps,,,1,Zeta"]
    ),
    (
      .custom(from: CalendarDay(year: 2026, month: 1, day: 11), to: nil),
      ["2026-01-12,Steps,1000,steps,,,1,Zeta"]
    ),
  ])
  func aSourcesClassDoesNotDependOnTheRange(range: DateRange, rows: [String]) throws {
    #expect(try T.run(Self.rank, selection: T.selection(range: range)).rows == rows)
  }

  /// A class is decided per type: Zeta's Watch heart rate does not make it a Watch source of steps.
  @Test func aSourcesClassIsDecidedPerType() throws {
    let body =
      T.record(
        "HeartRate", "61", "count/min", source: "Zeta", device: T.watchDevice,
        from: "2026-01-10 10:00:00 -0500")
      + T.record(
        "StepCount", "1000", "count", source: "Zeta", from: "2026-01-12 10:00:00 -0500",
        to: "2026-01-12 10:10:00 -0500")
      + T.record(
        "StepCount", "600", "count", source: "Alpha", from: "2026-01-12 10:00:00 -0500",
        to: "2026-01-12 10:10:00 -0500")
    let steps = T.selection(range: .custom(from: CalendarDay(year: 2026, month: 1, day: 12), to: nil))
    #expect(try T.run(body, selection: steps).rows == ["2026-01-12,Steps,600,steps,,,1,Alpha"])
  }

  // MARK: - Long samples

  /// A sample longer than 31 days is skipped and counted; one of 31 days is summarized.
  @Test func aSampleLongerThan31DaysIsSkippedAndCounted() throws {
    let body =
      T.record(
        "StepCount", "31000", "count", source: "App", from: "2026-01-01 00:00:00 -0500",
        to: "2026-02-01 00:00:00 -0500")
      + T.record(
        "StepCount", "99999", "count", source: "App", from: "2026-01-01 00:00:00 -0500",
        to: "2026-02-01 00:00:01 -0500")
      + sleep("InBed", from: "2026-01-01 00:00:00 -0500", to: "2026-03-01 00:00:00 -0500")
    let outcome = try T.run(body, selection: T.selection(period: .month))
    #expect(outcome.rows == ["2026-01-01,Steps,31000,steps,,,1,App"])
    #expect(
      outcome.diagnostics.summary.map { "\($0.count) × \($0.reason)" } == [
        "1 × Steps record longer than 31 days", "1 × SleepAnalysis record longer than 31 days",
      ])
  }
}
