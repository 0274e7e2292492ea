import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import Testing

@testable import HealthDatabase

/// The summaries made as the records are written are the rows made by reading the records back:
/// the values and dates they are given are those the table returns, and what they cannot take is
/// read back.
@Suite struct RecordSummariesTests {
  static let zone = "America/New_York"

  /// The `summaries` table (every column, in row order) of a database written from `items`, with
  /// the summaries made as written or, with `readingBack`, all read back from `records`; and
  /// whether the summaries made as written were used.
  static func summaries(of items: [HealthItem], readingBack: Bool) throws -> (rows: [String], asWritten: Bool)
  {
    let folder = try TestDirectory()
    let path = folder.file("health.sqlite")
    let writer = try DatabaseWriter(
      path: path, temporaryFolder: folder.path,
      configuration: DatabaseWriter.Configuration(
        toolVersion: "test", inputName: "export.xml", inputShape: "XML file",
        timeZone: .named(TimeZone(identifier: zone)!), created: Timestamp(secondsSince1970: 1_768_910_400)))
    for item in items { try writer.add(item) }
    if readingBack { writer.recordSummaries?.abandon() }
    _ = try writer.finish(header: ExportHeader())
    let asWritten = writer.recordSummaries?.isUsable ?? false
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    let rows = try connection.rows("SELECT * FROM summaries ORDER BY rowid").map {
      $0.map(\.description).joined(separator: "|")
    }
    return (rows, asWritten)
  }

  static func items(days: Int, end: CivilDateTime) throws -> [HealthItem] {
    let export = try SampleExport(configuration: SampleConfiguration(days: days, end: end))
    var items: [HealthItem] = []
    try export.source().readItems(filter: .wholeRecord, diagnostics: Diagnostics()) { item, _ in
      items.append(item)
    }
    return items
  }

  static func sample(
    _ type: String, _ value: SampleValue, source: String = "Jane’s Watch", start: Double, minutes: Double
  ) -> Sample {
    Sample(
      type: type, value: value, sourceName: source, startDate: Timestamp(millisecondsSince1970: start),
      endDate: Timestamp(millisecondsSince1970: start + minutes * 60_000))
  }

  /// A generated export over a new year (weeks and years that cross), with blood pressure read
  /// back and everything else summarized as written.
  @Test(arguments: [6, 1])
  func givesTheRowsReadBackFromTheRecords(endMonth: Int) throws {
    let items = try Self.items(
      days: 21, end: CivilDateTime(year: 2026, month: endMonth, day: endMonth == 1 ? 10 : 30))
    let asWritten = try Self.summaries(of: items, readingBack: false)
    let readBack = try Self.summaries(of: items, readingBack: true)
    #expect(asWritten.asWritten)
    #expect(!readBack.asWritten)
    #expect(asWritten.rows.count == readBack.rows.count)
    #expect(asWritten.rows.count > 100)
    #expect(
      asWritten.rows == readBack.rows,
      "\(Golden.difference(expected: readBack.rows.joined(separator: "\n"), actual: asWritten.rows.joined(separator: "\n")).prefix(2000))"
    )
  }

  /// Values and dates the table stores otherwise than given: fractions of seconds, -0, a
  /// category number written `1.0`, a number that is not finite.
  @Test func takesValuesAndDatesAsTheTableStoresThem() throws {
    let day = 1_767_600_000_000.0  // 2026-01-05T08:00:00Z
    let items: [HealthItem] = [
      .sample(
        Self.sample(
          HealthKitIdentifier.stepCount, .quantity(100, unit: "count"), start: day + 250, minutes: 30)),
      .sample(
        Self.sample(
          HealthKitIdentifier.stepCount, .quantity(-0.0, unit: "count"), start: day + 3_600_000, minutes: 1)),
      .sample(
        Self.sample(
          HealthKitIdentifier.stepCount, .quantity(.infinity, unit: "count"), start: day + 7_200_999,
          minutes: 1)),
      .sample(
        Self.sample(
          "HKQuantityTypeIdentifierHeartRate", .quantity(61.5, unit: "count/min"), start: day - 0.5,
          minutes: 0)),
      // 44 minutes 59.2 seconds as given; 45 minutes in whole seconds.
      .sample(
        Self.sample(
          HealthKitIdentifier.sleepAnalysis, .category("1.0"), start: day - 3_600_000 + 900,
          minutes: 45 - 0.8 / 60)),
      .sample(
        Self.sample(
          HealthKitIdentifier.appleStandHour, .category("0"), source: "Jane’s iPhone", start: day, minutes: 60
        )
      ),
      .sample(
        Self.sample(
          "HKCategoryTypeIdentifierHeadache", .category("HKCategoryValueSeverityMild"), start: day,
          minutes: 10)),
    ]
    let asWritten = try Self.summaries(of: items, readingBack: false)
    let readBack = try Self.summaries(of: items, readingBack: true)
    #expect(asWritten.asWritten)
    #expect(asWritten.rows == readBack.rows)
    #expect(
      asWritten.rows.filter { $0.hasPrefix("day|") } == [
        "day|2026-01-05|HKCategoryTypeIdentifierHeadache|Headache|||||1|Jane’s Watch",
        "day|2026-01-05|HKQuantityTypeIdentifierHeartRate|Heart Rate|61.5|bpm|62.0|62.0|1|Jane’s Watch",
        "day|2026-01-05|HKCategoryTypeIdentifierSleepAnalysis|Sleep Asleep Total|45.0|min|||1|Jane’s Watch",
        "day|2026-01-05|HKCategoryTypeIdentifierSleepAnalysis|Sleep AsleepUnspecified|45.0|min|||1|Jane’s Watch",
        "day|2026-01-05|HKCategoryTypeIdentifierAppleStandHour|Stand Hours|1.0|count|||1|Jane’s iPhone",
        "day|2026-01-05|HKQuantityTypeIdentifierStepCount|Steps|100.0|steps|||1|Jane’s Watch",
      ])
  }

  /// A correlation whose member repeats a top-level record of a type summarized as written: the
  /// copy is dropped, so the summaries are read back, and are what the table holds.
  @Test func readsBackWhenACopyOfASummarizedTypeIsDropped() throws {
    let day = 1_767_600_000_000.0
    let steps = Self.sample(
      HealthKitIdentifier.stepCount, .quantity(120, unit: "count"), start: day, minutes: 5)
    let other = Self.sample(
      HealthKitIdentifier.stepCount, .quantity(30, unit: "count"), start: day + 600_000, minutes: 5)
    let correlation = Correlation(
      type: "HKCorrelationTypeIdentifierFood", sourceName: "Jane’s Watch", startDate: steps.startDate,
      endDate: steps.endDate, objects: [steps])
    let items: [HealthItem] = [.sample(steps), .sample(other), .correlation(correlation)]
    let result = try Self.summaries(of: items, readingBack: false)
    #expect(!result.asWritten)
    #expect(
      result.rows == [
        "day|2026-01-05|HKQuantityTypeIdentifierStepCount|Steps|150.0|steps|||2|Jane’s Watch",
        "week|2026-01-05|HKQuantityTypeIdentifierStepCount|Steps|150.0|steps|||2|Jane’s Watch",
        "month|2026-01-01|HKQuantityTypeIdentifierStepCount|Steps|150.0|steps|||2|Jane’s Watch",
      ])
  }

  /// Past their budgets the summarizers spill beside the database, and give the same rows.
  @Test func spillsPastTheBudgetsAndGivesTheSameRows() throws {
    let items = try Self.items(days: 14, end: CivilDateTime(year: 2026, month: 3, day: 20))
    let folder = try TestDirectory()
    let configuration = DatabaseWriter.Configuration(
      toolVersion: "test", inputName: "export.xml", inputShape: "XML file",
      timeZone: .named(TimeZone(identifier: Self.zone)!), created: Timestamp(secondsSince1970: 1_768_910_400))
    // Each row as the database stores it: its key and the numbers as written.
    func rows(intervalBudget: Int, discreteBudget: Int) throws -> [String] {
      let summaries = RecordSummaries(
        periods: [.day, .week], configuration: configuration, spillBeside: folder.file("health.sqlite"),
        intervalBudget: intervalBudget, discreteBudget: discreteBudget)
      for case .sample(let sample) in items where RecordSummaries.summarizesAsWritten(sample.type) {
        summaries.add(sample, storedValue: nil)
      }
      var rows: [String] = []
      try summaries.finish(timeZone: TimeZone(identifier: Self.zone)!) { _, row in
        let numbers = [row.value, row.minimum, row.maximum].map { $0.map(FixedDecimal.number) }
        rows.append("\(row.period.start) \(row.type) \(numbers) \(row.count) \(row.sources)")
      }
      #expect(summaries.isUsable)
      return rows
    }
    let inMemory = try rows(intervalBudget: 1 << 20, discreteBudget: 1 << 20)
    let spilled = try rows(intervalBudget: 16, discreteBudget: 4)
    #expect(inMemory.count > 100)
    #expect(spilled == inMemory)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test(arguments: [
    (SampleValue.quantity(5, unit: "count"), nil as Double?, nil as SampleValue?),
    (.quantity(-0.0, unit: "count"), nil, .quantity(0, unit: "count")),
    (.quantity(.infinity, unit: "count"), nil, SampleValue.none),
    (.quantity(.nan, unit: "count"), nil, SampleValue.none),
    (.category("1"), 1, nil),
    (.category("1.0"), 1, .category("1")),
    (.category("0.5"), 0.5, nil),
    (.category("5e-1"), 0.5, .category("0.5")),
    (.category("-0"), -0.0, .category("0")),
    (.category("HKCategoryValueSleepAnalysisAsleepCore"), nil, nil),
    (.none, nil, nil),
  ])
  func storesValuesAsTheTableReadsThemBack(value: SampleValue, number: Double?, expected: SampleValue?) {
    #expect(RecordSummaries.stored(value, number: number) == expected)
  }

  @Test func storesDatesInWholeSeconds() {
    #expect(RecordSummaries.wholeSeconds(Timestamp(millisecondsSince1970: 2_000)) == nil)
    #expect(
      RecordSummaries.wholeSeconds(Timestamp(millisecondsSince1970: 1_500)) == Timestamp(secondsSince1970: 1))
    #expect(
      RecordSummaries.wholeSeconds(Timestamp(millisecondsSince1970: -1_500))
        == Timestamp(secondsSince1970: -2))
  }

  @Test(arguments: [
    ("HKQuantityTypeIdentifierStepCount", true), ("HKCategoryTypeIdentifierSleepAnalysis", true),
    ("HKQuantityTypeIdentifierBloodPressureSystolic", false),
    ("HKQuantityTypeIdentifierBloodPressureDiastolic", false),
    ("HKQuantityTypeIdentifierDietaryEnergyConsumed", false), ("HKQuantityTypeIdentifierStépCount", false),
  ])
  func leavesCorrelationMembersAndOtherBytesToBeReadBack(type: String, summarized: Bool) {
    #expect(RecordSummaries.summarizesAsWritten(type) == summarized)
  }
}
