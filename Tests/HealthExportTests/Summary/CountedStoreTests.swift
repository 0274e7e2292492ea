import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

/// The counted categories' records packed past a budget, spilled, and added up at the end: the
/// same records, and the same summary, as counted wholly in memory.
@Suite struct CountedStoreTests {
  typealias T = SummaryTest

  /// Samples of two slots (slot, hour, source, whether it counts), going back and forth between
  /// periods.
  static let samples: [(slot: Int, hour: Double, source: Int, counts: Bool)] = [
    (4, 0, 0, true), (4, 1, 0, false), (4, 0, 1, true), (1, 2, 2, true), (4, 2, 0, true), (4, 0, 0, true),
    (1, 2, 2, true), (4, 1, 1, true), (1, 0, 0, false),
  ]

  /// The records of a store fed `samples`, as "slot hour count sources".
  static func records(budget: Int, place: SpillPlace?) throws -> [String] {
    let store = CountedStore(spillTo: place, budget: budget)
    for sample in samples {
      try store.add(
        slot: sample.slot, periodStart: sample.hour * 3_600_000, source: sample.source, counts: sample.counts)
    }
    #expect(store.hasPacked == (budget < 5))
    var records: [String] = []
    try store.takeRecords { slot, record in
      let sources = record.stats.sources.numbers.map(String.init).joined(separator: ",")
      records.append("\(slot) \(Int(record.periodStart / 3_600_000)) \(record.stats.count) \(sources)")
    }
    return records
  }

  @Test(arguments: [1, 2, 3, 1 << 20])
  func recordsPackedAndSpilledAddUpAsInMemory(budget: Int) throws {
    // By slot in the order first met, then by period; a period whose samples do not count keeps
    // its record, with a count of 0.
    let expected = ["4 0 3 0,1", "4 1 1 1", "4 2 1 0", "1 0 0 ", "1 2 2 2"]
    let folder = try TestDirectory()
    do {
      let place = SpillPlace(beside: folder.file("summary.csv"))
      #expect(try Self.records(budget: budget, place: place) == expected)
      // The packed records spill past the same budget.
      #expect((place.file != nil) == (budget < 5))
      #expect(try folder.contents().count == (budget < 5 ? 1 : 0))
    }
    #expect(try folder.contents() == [])
    #expect(try Self.records(budget: budget, place: nil) == expected)
  }

  /// Stand hours of two watches over three days, each day's hours out of order, the days too;
  /// two of three stood.
  static let standHoursXML: String = {
    var body = ""
    for (position, day) in [10, 9, 11].enumerated() {
      for step in 0..<24 {
        let index = position * 24 + step
        let hour = step * 7 % 24
        let value =
          index % 3 == 0 ? "HKCategoryValueAppleStandHourIdle" : "HKCategoryValueAppleStandHourStood"
        let source = index % 4 == 0 ? "Jane’s Old Watch" : T.watchName
        let date = String(format: "2026-01-%02d", day)
        let next =
          hour == 23
          ? String(format: "2026-01-%02d 00", day + 1) : "\(date) \(String(format: "%02d", hour + 1))"
        body +=
          " <Record type=\"HKCategoryTypeIdentifierAppleStandHour\" sourceName=\"\(source)\""
          + " startDate=\"\(date) \(String(format: "%02d", hour)):00:00 -0500\""
          + " endDate=\"\(next):00:00 -0500\" value=\"\(value)\"/>\n"
      }
    }
    return ExportXML.document(body)
  }()

  static func summary(_ xml: String, period: SummaryPeriod, spillBeside: String?, budget: Int) throws -> (
    csv: [UInt8], rows: [SummaryRow], packed: Bool
  ) {
    let summarizer = Summarizer(
      selection: T.selection(period: period), now: ExportTest.now, diagnostics: Diagnostics(),
      spillBeside: spillBeside, countedBudget: budget)
    try InMemoryExport(xml: xml).readItems(filter: summarizer.itemFilter, diagnostics: Diagnostics()) {
      try summarizer.add($0, at: $1)
    }
    let packed = summarizer.counted.hasPacked
    let written = try SummarySpillTests.written(summarizer.finishRows())
    return (written.csv, written.rows, packed)
  }

  @Test(arguments: [1, 3, 10], [SummaryPeriod.hour, .day, .week])
  func standHoursPastTheBudgetAreTheSummaryCountedInMemory(budget: Int, period: SummaryPeriod) throws {
    let folder = try TestDirectory()
    let inMemory = try Self.summary(Self.standHoursXML, period: period, spillBeside: nil, budget: 1 << 40)
    #expect(!inMemory.packed)
    let spilled = try Self.summary(
      Self.standHoursXML, period: period, spillBeside: folder.file("summary.csv"), budget: budget)
    let records = period == .hour ? 72 : period == .day ? 3 : 1
    #expect(spilled.packed == (records > budget))
    #expect(spilled.csv == inMemory.csv)
    #expect(spilled.rows == inMemory.rows)
    let kept = try Self.summary(Self.standHoursXML, period: period, spillBeside: nil, budget: budget)
    #expect(kept.csv == inMemory.csv)
    #expect(try folder.contents() == [])
    let rows = ExportTest.dataRows(of: String(decoding: spilled.csv, as: UTF8.self))
    switch period {
    case .hour:
      #expect(rows.count == 72)
      // 9 January, 00:00 is the 25th sample (idle, the old watch's); 07:00 the 26th (stood).
      #expect(rows.first == "2026-01-09 00:00,Stand Hours,0,count,,,0,")
      #expect(rows[7] == "2026-01-09 07:00,Stand Hours,1,count,,,1,Jane’s Apple Watch")
    case .day:
      #expect(
        rows == [
          "2026-01-09,Stand Hours,16,count,,,16,Jane’s Apple Watch; Jane’s Old Watch",
          "2026-01-10,Stand Hours,16,count,,,16,Jane’s Apple Watch; Jane’s Old Watch",
          "2026-01-11,Stand Hours,16,count,,,16,Jane’s Apple Watch; Jane’s Old Watch",
        ])
    case .week, .month, .year:
      #expect(rows == ["2026-01-05,Stand Hours,48,count,,,48,Jane’s Apple Watch; Jane’s Old Watch"])
    }
  }
}
