import Testing

@testable import HealthDatabase

/// The spans the summaries read by: each type's earliest start, latest end and longest record,
/// over runs of records of one type that may come back later.
@Suite struct RecordSpansTests {
  @Test func spansEachTypeAcrossItsRuns() {
    var spans = RecordSpans()
    spans.note(type: "HKQuantityTypeIdentifierStepCount", start: 100, end: 160)
    spans.note(type: "HKQuantityTypeIdentifierStepCount", start: 50, end: 70)
    spans.note(type: "HKCategoryTypeIdentifierSleepAnalysis", start: 10, end: 3_610)
    spans.note(type: "HKQuantityTypeIdentifierStepCount", start: 200, end: 205)
    spans.note(type: "HKDataTypeSleepDurationGoal", start: 0, end: 0)
    spans.note(type: "HKWorkoutActivityTypeRunning", start: 0, end: 0)
    let summarized = spans.summarized()
    #expect(
      summarized.map(\.type) == [
        "HKCategoryTypeIdentifierSleepAnalysis", "HKQuantityTypeIdentifierStepCount",
      ])
    #expect(summarized.map(\.span.firstStart) == [10, 50])
    #expect(summarized.map(\.span.lastEnd) == [3_610, 205])
    #expect(summarized.map(\.span.longest) == [3_600, 60])
    #expect(summarized.map(\.span.lastStart) == [10, 200])
    #expect(summarized.map(\.span.count) == [1, 3])
    // Every type, for the `types` table, in byte order.
    let all = spans.all()
    #expect(
      all.map(\.type) == [
        "HKCategoryTypeIdentifierSleepAnalysis", "HKDataTypeSleepDurationGoal",
        "HKQuantityTypeIdentifierStepCount",
        "HKWorkoutActivityTypeRunning",
      ])
    #expect(all.map(\.span.count) == [1, 1, 3, 1])
    #expect(all.map(\.span.firstStart) == [10, 0, 50, 0])
  }

  @Test func matchesThePrefixesAsSQLsLikeDoesInByteOrder() {
    var spans = RecordSpans()
    for type in [
      "HKQuantityTypeIdentifierZ", "hkquantitytypeidentifierLower", "HKQuantityTypeIdentifierÉ",
      "HKQuantityTypeIdentifierE\u{301}", "HKQuantityTypeIdentifie", "XHKQuantityTypeIdentifierA",
    ] {
      spans.note(type: type, start: 1, end: 2)
    }
    // Byte order, as SQLite's BINARY collation sorts: "E\u{301}" (0x45) before "Z", "É" (0xC3)
    // after; lowercase after uppercase.
    #expect(
      spans.summarized().map(\.type) == [
        "HKQuantityTypeIdentifierE\u{301}", "HKQuantityTypeIdentifierZ", "HKQuantityTypeIdentifierÉ",
        "hkquantitytypeidentifierLower",
      ])
  }
}
