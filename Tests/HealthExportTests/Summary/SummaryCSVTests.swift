import Foundation
import HealthExport
import HealthModel
import Testing

/// The summary CSV's layout: order, quoting, and the rows the rules leave for edge cases.
@Suite struct SummaryCSVTests {
  typealias T = SummaryTest

  @Test func rowsComeByPeriodThenByMetricInByteOrder() throws {
    // In byte order 'B' (0x42) < 'S' (0x53) < 'a' (0x61): Beta, Steps, alpha, where a
    // case-insensitive order would put alpha first; the 8th before the 9th whatever the input
    // order.
    let body =
      T.record("alpha", "1", "count", source: "App", from: "2026-01-09 10:00:00 -0500")
      + T.record("Beta", "2", "count", source: "App", from: "2026-01-09 10:00:00 -0500")
      + T.watchSteps(10, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:01:00 -0500")
      + T.record("Beta", "3", "count", source: "App", from: "2026-01-08 10:00:00 -0500")
    #expect(
      try T.run(body).csv
        == T.csv([
          "2026-01-08,Beta,3.00,count,3.00,3.00,1,App",
          "2026-01-09,Beta,2.00,count,2.00,2.00,1,App",
          "2026-01-09,Steps,10,steps,,,1,Jane’s Apple Watch",
          "2026-01-09,alpha,1.00,count,1.00,1.00,1,App",
        ]))
  }

  @Test func fieldsAreQuotedAsInTheCSV() throws {
    // A source name with a comma and one with a double quote: the Sources field is quoted once,
    // inner quotes doubled; a plain apostrophe stays bare.
    let body =
      T.record("HeartRate", "60", "count/min", source: "Smith, J.", from: "2026-01-09 10:00:00 -0500")
      + T.record(
        "HeartRate", "70", "count/min", source: "The &quot;Band&quot;", from: "2026-01-09 11:00:00 -0500")
      + T.record("HeartRate", "80", "count/min", source: "Mom's Strap", from: "2026-01-09 12:00:00 -0500")
    #expect(
      try T.run(body).rows == [
        #"2026-01-09,Heart Rate,70.0,bpm,60,80,3,"Mom's Strap; Smith, J.; The ""Band""""#
      ])
  }

  @Test func aCumulativeSampleThatEndsBeforeItStartsIsSkipped() throws {
    let outcome = try T.run(
      T.watchSteps(100, from: "2026-01-09 10:10:00 -0500", to: "2026-01-09 10:00:00 -0500")
        + T.watchSteps(50, from: "2026-01-09 11:00:00 -0500", to: "2026-01-09 11:05:00 -0500"))
    #expect(outcome.rows == ["2026-01-09,Steps,50,steps,,,1,Jane’s Apple Watch"])
    #expect(outcome.report.skipped.map(\.reason) == ["a record that ends before it starts"])
    #expect(outcome.report.skipped.map(\.count) == [1])
  }

  @Test func aPeriodWhoseSamplesAllGaveZeroIsWrittenWithCountZero() throws {
    let outcome = try T.run(
      T.watchSteps(0, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:05:00 -0500"))
    #expect(outcome.rows == ["2026-01-09,Steps,0,steps,,,0,"])
  }
}
