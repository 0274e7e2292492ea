import Foundation
import HealthExport
import HealthModel
import Testing

/// Cumulative samples split between periods by time: midnight, and the days on which New York's
/// clocks change (2026-03-08 has 23 hours, 2026-11-01 has 25).
@Suite struct ProrationTests {
  typealias T = SummaryTest

  @Test func aSampleCrossingMidnightIsSplitByTime() throws {
    // 1000 steps over 23:55–00:15 (20 minutes): 5 minutes on the 9th (250), 15 on the 10th (750).
    let outcome = try T.run(
      T.watchSteps(1000, from: "2026-01-09 23:55:00 -0500", to: "2026-01-10 00:15:00 -0500"))
    #expect(
      outcome.rows == [
        "2026-01-09,Steps,250,steps,,,1,Jane’s Apple Watch",
        "2026-01-10,Steps,750,steps,,,1,Jane’s Apple Watch",
      ])
  }

  @Test func theDayTheClocksSpringForwardHas23Hours() throws {
    // 2500 steps over 25 hours, 2026-03-07 23:00 EST to 2026-03-09 01:00 EDT (04:00Z to 05:00Z):
    // one hour on the 7th (100), the 8th's 23 hours (2300), one hour on the 9th (100).
    let outcome = try T.run(
      T.watchSteps(2500, from: "2026-03-07 23:00:00 -0500", to: "2026-03-09 01:00:00 -0400"))
    #expect(
      outcome.rows == [
        "2026-03-07,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-03-08,Steps,2300,steps,,,1,Jane’s Apple Watch",
        "2026-03-09,Steps,100,steps,,,1,Jane’s Apple Watch",
      ])
  }

  @Test func theDayTheClocksFallBackHas25Hours() throws {
    // 2700 steps over 27 hours, 2026-10-31 23:00 EDT to 2026-11-02 01:00 EST (03:00Z to 06:00Z):
    // 100, the 1st's 25 hours (2500), 100.
    let outcome = try T.run(
      T.watchSteps(2700, from: "2026-10-31 23:00:00 -0400", to: "2026-11-02 01:00:00 -0500"))
    #expect(
      outcome.rows == [
        "2026-10-31,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01,Steps,2500,steps,,,1,Jane’s Apple Watch",
        "2026-11-02,Steps,100,steps,,,1,Jane’s Apple Watch",
      ])
  }

  @Test func hoursOnTheDayTheClocksSpringForwardSkipTwoOClock() throws {
    // 2300 steps over the 23 hours of 2026-03-08: 100 in each hour; 02:00 does not exist.
    let outcome = try T.run(
      T.watchSteps(2300, from: "2026-03-08 00:00:00 -0500", to: "2026-03-09 00:00:00 -0400"),
      selection: T.selection(period: .hour))
    let hours = ["00", "01"] + (3...23).map { $0 < 10 ? "0\($0)" : "\($0)" }
    #expect(outcome.rows == hours.map { "2026-03-08 \($0):00,Steps,100,steps,,,1,Jane’s Apple Watch" })
  }

  @Test func theRepeatedHourIsTwoPeriodsToldApartByTheirOffset() throws {
    // 2500 steps over the 25 hours of 2026-11-01: 100 in each hour; 01:00 comes twice, first in
    // EDT (05:00Z), then in EST (06:00Z).
    let body = T.watchSteps(2500, from: "2026-11-01 00:00:00 -0400", to: "2026-11-02 00:00:00 -0500")
    let local = try T.run(body, selection: T.selection(period: .hour)).rows
    #expect(local.count == 25)
    #expect(
      Array(local.prefix(4)) == [
        "2026-11-01 00:00,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01 01:00,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01 01:00,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01 02:00,Steps,100,steps,,,1,Jane’s Apple Watch",
      ])
    #expect(local.last == "2026-11-01 23:00,Steps,100,steps,,,1,Jane’s Apple Watch")
    let utc = try T.run(body, selection: T.selection(period: .hour, dateFormat: .iso8601)).rows
    #expect(
      Array(utc.prefix(4)) == [
        "2026-11-01T04:00:00Z,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01T05:00:00Z,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01T06:00:00Z,Steps,100,steps,,,1,Jane’s Apple Watch",
        "2026-11-01T07:00:00Z,Steps,100,steps,,,1,Jane’s Apple Watch",
      ])
  }

  @Test func aSampleInTheRepeatedHourFallsInTheHourOfItsOffset() throws {
    // 60 steps over 01:30–01:40 EDT and 90 over 01:10–01:20 EST: two periods labelled 01:00.
    let outcome = try T.run(
      T.watchSteps(60, from: "2026-11-01 01:30:00 -0400", to: "2026-11-01 01:40:00 -0400")
        + T.watchSteps(90, from: "2026-11-01 01:10:00 -0500", to: "2026-11-01 01:20:00 -0500"),
      selection: T.selection(period: .hour, dateFormat: .iso8601))
    #expect(
      outcome.rows == [
        "2026-11-01T05:00:00Z,Steps,60,steps,,,1,Jane’s Apple Watch",
        "2026-11-01T06:00:00Z,Steps,90,steps,,,1,Jane’s Apple Watch",
      ])
  }

  @Test func prorationAndPriorityTogether() throws {
    // Phone: 1200 steps over 23:50–00:10 (20 minutes). Watch: 300 over 23:55–00:05. The phone
    // counts in 23:50–23:55 (on the 9th) and 00:05–00:10 (on the 10th), 1200 × 5/20 = 300 each.
    // The watch is split too: 150 and 150. Each day: 450, from both.
    let outcome = try T.run(
      T.phoneSteps(1200, from: "2026-01-09 23:50:00 -0500", to: "2026-01-10 00:10:00 -0500")
        + T.watchSteps(300, from: "2026-01-09 23:55:00 -0500", to: "2026-01-10 00:05:00 -0500"))
    #expect(
      outcome.rows == [
        "2026-01-09,Steps,450,steps,,,2,Jane’s Apple Watch; Jane’s iPhone",
        "2026-01-10,Steps,450,steps,,,2,Jane’s Apple Watch; Jane’s iPhone",
      ])
  }
}
