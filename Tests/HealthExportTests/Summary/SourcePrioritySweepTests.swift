import Foundation
import HealthExport
import HealthModel
import Testing

/// The source-priority sweep of cumulative types: time that several sources share counts once,
/// from the source of highest priority (New York, January: EST, -0500).
@Suite struct SourcePrioritySweepTests {
  typealias T = SummaryTest

  @Test func identicalWatchAndPhoneIntervalsCountOnce() throws {
    // Both count the same 1000 steps over the same ten minutes: the watch wins the whole
    // interval, the phone adds nothing and is not listed.
    let outcome = try T.run(
      T.phoneSteps(1000, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
        + T.watchSteps(1000, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500"))
    #expect(outcome.csv == T.csv(["2026-01-09,Steps,1000,steps,,,1,Jane’s Apple Watch"]))
  }

  @Test func aPartialOverlapCountsOnlyTheUncoveredPart() throws {
    // Watch: 600 steps over 10:00–10:10. Phone: 900 steps over 10:05–10:20 (15 minutes), of
    // which 10:10–10:20 (10 minutes) is outside the watch's time: 900 × 10/15 = 600.
    // 600 + 600 = 1200, from two samples.
    let outcome = try T.run(
      T.watchSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
        + T.phoneSteps(900, from: "2026-01-09 10:05:00 -0500", to: "2026-01-09 10:20:00 -0500"))
    #expect(outcome.rows == ["2026-01-09,Steps,1200,steps,,,2,Jane’s Apple Watch; Jane’s iPhone"])
  }

  @Test func aHigherPrioritySampleInsideALongerOneCutsItInTwo() throws {
    // Phone: 1500 steps over 10:00–10:30. Watch: 400 over 10:10–10:20. The phone counts in
    // 10:00–10:10 and 10:20–10:30, 20 of its 30 minutes: 1500 × 20/30 = 1000. 400 + 1000 = 1400;
    // the phone's two parts are one sample, counted once.
    let outcome = try T.run(
      T.phoneSteps(1500, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:30:00 -0500")
        + T.watchSteps(400, from: "2026-01-09 10:10:00 -0500", to: "2026-01-09 10:20:00 -0500"))
    #expect(outcome.rows == ["2026-01-09,Steps,1400,steps,,,2,Jane’s Apple Watch; Jane’s iPhone"])
  }

  @Test func zeroLengthSamplesCountUnlessAHigherPrioritySourceCoversTheirInstant() throws {
    // Watch: 600 over [10:00, 10:10), and 10 at the instant 10:40.
    // Phone, all zero-length: 40 at 10:00 (covered: the interval includes its start), 50 at 10:05
    // (covered), 30 at 10:10 (not covered: the interval excludes its end), 70 at 10:30 (outside);
    // and 300 over 10:35–10:45, which the watch's zero-length sample does not cover.
    // 600 + 10 + 30 + 70 + 300 = 1010, from five samples.
    let outcome = try T.run(
      T.watchSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
        + T.watchSteps(10, from: "2026-01-09 10:40:00 -0500", to: "2026-01-09 10:40:00 -0500")
        + T.phoneSteps(40, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:00:00 -0500")
        + T.phoneSteps(50, from: "2026-01-09 10:05:00 -0500", to: "2026-01-09 10:05:00 -0500")
        + T.phoneSteps(30, from: "2026-01-09 10:10:00 -0500", to: "2026-01-09 10:10:00 -0500")
        + T.phoneSteps(70, from: "2026-01-09 10:30:00 -0500", to: "2026-01-09 10:30:00 -0500")
        + T.phoneSteps(300, from: "2026-01-09 10:35:00 -0500", to: "2026-01-09 10:45:00 -0500"))
    #expect(outcome.rows == ["2026-01-09,Steps,1010,steps,,,5,Jane’s Apple Watch; Jane’s iPhone"])
  }

  @Test func overlappingSamplesOfOneSourceBothCount() throws {
    // Watch: 600 over 10:00–10:10 and 300 over 10:05–10:15; one source never hides itself: 900.
    // Phone: 400 over 10:00–10:20; the watch covers 10:00–10:15, leaving 5 of 20 minutes: 100.
    let outcome = try T.run(
      T.watchSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
        + T.watchSteps(300, from: "2026-01-09 10:05:00 -0500", to: "2026-01-09 10:15:00 -0500")
        + T.phoneSteps(400, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:20:00 -0500"))
    #expect(outcome.rows == ["2026-01-09,Steps,1000,steps,,,3,Jane’s Apple Watch; Jane’s iPhone"])
  }

  @Test func sourcePriorityPutsTheNamedSourcesFirst() throws {
    let identical =
      T.watchSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
      + T.phoneSteps(450, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
    // By default the watch wins: 600. With the phone named first, the phone does: 450.
    #expect(try T.run(identical).rows == ["2026-01-09,Steps,600,steps,,,1,Jane’s Apple Watch"])
    #expect(
      try T.run(identical, selection: T.selection(sourcePriority: [T.phoneName])).rows == [
        "2026-01-09,Steps,450,steps,,,1,Jane’s iPhone"
      ])
    // Watch 600 over 10:00–10:10, phone 900 over 10:05–10:20, phone first: the phone's 900 in
    // full, the watch's 10:00–10:05 only, 600 × 5/10 = 300; sources in the new order.
    let partial =
      T.watchSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
      + T.phoneSteps(900, from: "2026-01-09 10:05:00 -0500", to: "2026-01-09 10:20:00 -0500")
    #expect(
      try T.run(partial, selection: T.selection(sourcePriority: [T.phoneName])).rows == [
        "2026-01-09,Steps,1200,steps,,,2,Jane’s iPhone; Jane’s Apple Watch"
      ])
  }

  @Test func withoutDevicesSourcesRankByNameInByteOrder() throws {
    // No device says Watch or iPhone: "Pedometer" (P, 0x50) comes before "pedometer app"
    // (p, 0x70) in byte order, though not in a case-insensitive one; it wins the shared time.
    let body =
      T.record(
        "StepCount", "500", "count", source: "pedometer app", from: "2026-01-09 10:00:00 -0500",
        to: "2026-01-09 10:10:00 -0500")
      + T.record(
        "StepCount", "300", "count", source: "Pedometer", from: "2026-01-09 10:00:00 -0500",
        to: "2026-01-09 10:10:00 -0500")
    #expect(try T.run(body).rows == ["2026-01-09,Steps,300,steps,,,1,Pedometer"])
  }

  @Test func watchesComeBeforePhonesAndPhonesBeforeOtherSources() throws {
    // Three sources over the same ten minutes, each with a different count; the one that wins
    // shows which group ranks first. "A Scale App" would win by name alone.
    let scale = T.record(
      "StepCount", "100", "count", source: "A Scale App", from: "2026-01-09 10:00:00 -0500",
      to: "2026-01-09 10:10:00 -0500")
    let phone = T.phoneSteps(200, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
    let watch = T.watchSteps(300, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
    #expect(try T.run(scale + phone + watch).rows == ["2026-01-09,Steps,300,steps,,,1,Jane’s Apple Watch"])
    #expect(try T.run(scale + phone).rows == ["2026-01-09,Steps,200,steps,,,1,Jane’s iPhone"])
  }

  @Test func priorityIsPerSeriesAndEachTypeIsSweptOnItsOwn() throws {
    // The watch's steps hide the phone's steps, not the phone's distance.
    let body =
      T.watchSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
      + T.phoneSteps(600, from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
      + T.record(
        "DistanceWalkingRunning", "0.3", "mi", source: T.phoneName, device: T.phoneDevice,
        from: "2026-01-09 10:00:00 -0500", to: "2026-01-09 10:10:00 -0500")
    #expect(
      try T.run(body).rows == [
        "2026-01-09,DistanceWalkingRunning,0.30,mi,,,1,Jane’s iPhone",
        "2026-01-09,Steps,600,steps,,,1,Jane’s Apple Watch",
      ])
  }
}
