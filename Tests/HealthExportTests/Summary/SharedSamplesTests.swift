import HealthArchive
import HealthModel
import Testing

@testable import HealthExport

/// Summarizers of several periods given each sample through one (`add(_:at:alongside:)`, as the
/// database's are): the rows are those of each summarizer given every sample on its own.
@Suite struct SharedSamplesTests {
  static let periods: [SummaryPeriod] = [.day, .week, .month, .hour]
  static let location = SourceLocation(file: "test", line: 1)

  static func summarizers(range: DateRange = .all, sourcePriority: [String] = []) -> [Summarizer] {
    periods.map { period in
      Summarizer(
        selection: SummaryTest.selection(period: period, range: range, sourcePriority: sourcePriority),
        now: ExportTest.now, diagnostics: Diagnostics())
    }
  }

  static func at(_ hours: Double) -> Timestamp {
    // 2026-01-05 00:00 UTC, a Monday, and hours after it.
    Timestamp(millisecondsSince1970: 1_767_571_200_000 + hours * 3_600_000)
  }

  /// Samples of every path: cumulative and discrete quantities (in two units, one out of its
  /// cut-off), sleep, mindful minutes, stand hours, another category type, from three sources.
  static let samples: [Sample] = {
    var samples: [Sample] = []
    let sources = ["Watch", "Phone", "Scale"]
    for step in 0..<200 {
      let hours = Double(step) * 5.5
      let source = sources[step % 3]
      let device = step % 3 == 0 ? SourcePriorityTests.watchDevice : nil
      samples.append(
        Sample(
          type: "HKQuantityTypeIdentifierStepCount", value: .quantity(Double(step * 10), unit: "count"),
          sourceName: source, device: device, startDate: at(hours), endDate: at(hours + 0.5)))
      samples.append(
        Sample(
          type: "HKQuantityTypeIdentifierBodyMass",
          value: .quantity(70 + Double(step % 7), unit: step % 2 == 0 ? "kg" : "lb"), sourceName: source,
          startDate: at(hours), endDate: at(hours)))
      samples.append(
        Sample(
          type: "HKQuantityTypeIdentifierBloodGlucose", value: .quantity(Double(step % 40), unit: "mg/dL"),
          sourceName: source, startDate: at(hours), endDate: at(hours)))
      samples.append(
        Sample(
          type: "HKCategoryTypeIdentifierSleepAnalysis",
          value: .category(step % 2 == 0 ? "HKCategoryValueSleepAnalysisAsleepCore" : "1"),
          sourceName: source,
          startDate: at(hours + 1), endDate: at(hours + 3)))
      samples.append(
        Sample(
          type: "HKCategoryTypeIdentifierMindfulSession", value: .none, sourceName: source,
          startDate: at(hours + 2), endDate: at(hours + 2.25)))
      samples.append(
        Sample(
          type: "HKCategoryTypeIdentifierAppleStandHour",
          value: .category(
            step % 3 == 0 ? "HKCategoryValueAppleStandHourIdle" : "HKCategoryValueAppleStandHourStood"),
          sourceName: source, startDate: at(hours), endDate: at(hours + 1)))
      samples.append(
        Sample(
          type: "HKCategoryTypeIdentifierHeadache", value: .category("HKCategoryValueSeverityMild"),
          sourceName: source, startDate: at(hours), endDate: at(hours + 1)))
    }
    // One that ends before it starts, reported and left out.
    samples.append(
      Sample(
        type: "HKQuantityTypeIdentifierStepCount", value: .quantity(5, unit: "count"), sourceName: "Phone",
        startDate: at(10), endDate: at(9)))
    return samples
  }()

  @Test func rowsAreThoseOfEachSummarizerOnItsOwn() throws {
    let alone = Self.summarizers(sourcePriority: ["Scale"])
    for summarizer in alone {
      for sample in Self.samples { try summarizer.add(.sample(sample), at: Self.location) }
    }
    let shared = Self.summarizers(sourcePriority: ["Scale"])
    let others = Array(shared.dropFirst())
    for sample in Self.samples { try shared[0].add(sample, at: Self.location, alongside: others) }
    for other in others { other.takeSampleTables(of: shared[0]) }
    for (one, two) in zip(alone, shared) {
      let expected = try one.finish()
      let result = try two.finish()
      #expect(!expected.rows.isEmpty)
      #expect(result.rows == expected.rows)
      #expect(result.dropped == expected.dropped)
      #expect(result.unknownPrioritySources == expected.unknownPrioritySources)
    }
  }

  @Test func tablesTakenMatchTheLeads() throws {
    let shared = Self.summarizers()
    let others = Array(shared.dropFirst())
    for sample in Self.samples.prefix(40) { try shared[0].add(sample, at: Self.location, alongside: others) }
    for other in others {
      #expect(other.slots.isEmpty)
      other.takeSampleTables(of: shared[0])
      #expect(other.slots.map(\.type) == shared[0].slots.map(\.type))
      #expect(other.units.values == shared[0].units.values)
      #expect(other.sources.names == shared[0].sources.names)
      #expect(other.intervalLists.keys == shared[0].intervalLists.keys)
    }
  }
}
