import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

/// A cumulative series' totals spilled past a budget while it is swept, the shares that come
/// after added in order at the end: the same totals, and the same summary, as in memory.
@Suite struct CumulativeTotalsTests {
  typealias T = SummaryTest

  /// Shares (hour, share, source) whose sums depend on their order: 0.1 + 0.2 + 0.3 is
  /// 0.6000000000000001 added from the left, 0.6 from the right.
  static let shares: [(hour: Double, share: Double, source: Int)] = [
    (0, 0.1, 0), (1, 0.5, 0), (2, 0.2, 0), (0, 0.2, 1), (3, 0, 1), (0, 0.3, 1), (1, 0, 1), (0.5, 0.25, 1),
    (4, 0.7, 1), (5, 0.1, 2), (3, 0.4, 2), (0.5, 0.5, 2),
  ]

  /// The totals of a store fed `shares`, by period, as "hour value count sources".
  static func totals(budget: Int, place: SpillPlace?) throws -> [String] {
    let store = CumulativeTotals(spillTo: place, budget: budget)
    for share in shares {
      try store.credit(share.share, toPeriodStarting: share.hour * 3_600_000, source: share.source)
    }
    #expect(store.hasSpilled == (place != nil && budget < 7))
    var totals: [CumulativeTotal] = []
    try store.takeTotals { totals.append($0) }
    return totals.sorted { $0.periodStart < $1.periodStart }.map { total in
      let sources = total.sources.numbers.map(String.init).joined(separator: ",")
      return "\(total.periodStart / 3_600_000) \(total.value) \(total.count) \(sources)"
    }
  }

  @Test(arguments: [1, 2, 3, 1 << 20])
  func totalsSpilledAddUpInTheOrderOfTheirShares(budget: Int) throws {
    // A share of 0 counts no sample, and its period keeps its total (0.5 at hour 1); hour 0.5
    // first came after the hours around it were spilled (with a budget of 2 or 3).
    let expected = [
      "0.0 0.6000000000000001 3 0,1", "0.5 0.75 2 1,2", "1.0 0.5 1 0", "2.0 0.2 1 0", "3.0 0.4 1 2",
      "4.0 0.7 1 1", "5.0 0.1 1 2",
    ]
    let folder = try TestDirectory()
    do {
      let place = SpillPlace(beside: folder.file("summary.csv"))
      #expect(try Self.totals(budget: budget, place: place) == expected)
      #expect((place.file != nil) == (budget < 7))
    }
    #expect(try folder.contents() == [])
    #expect(try Self.totals(budget: budget, place: nil) == expected)
  }

  /// Steps of a watch and a phone every 20 minutes over four days, the phone's overlapping the
  /// watch's by half; values whose sums depend on their order.
  static let stepsXML: String = {
    var body = ""
    for day in 9...12 {
      for slot in 0..<72 {
        let minutes = slot * 20
        func time(_ minutes: Int) -> String {
          let day = day + minutes / 1440
          return String(format: "2026-01-%02d %02d:%02d:00 -0500", day, minutes % 1440 / 60, minutes % 60)
        }
        body += T.watchSteps(10 + slot % 7, from: time(minutes), to: time(minutes + 20))
        if slot % 3 != 2 {
          body += T.phoneSteps(3 + slot % 5, from: time(minutes + 10), to: time(minutes + 30))
        }
        body += T.record(
          "DistanceWalkingRunning", "\(0.01 + Double(slot % 9) * 0.001)", "km", source: T.phoneName,
          from: time(minutes), to: time(minutes + 7))
      }
    }
    return ExportXML.document(body)
  }()

  static func summary(_ xml: String, period: SummaryPeriod, spillBeside: String?, budget: Int) throws -> (
    csv: [UInt8], rows: [SummaryRow]
  ) {
    let summarizer = Summarizer(
      selection: T.selection(period: period), now: ExportTest.now, diagnostics: Diagnostics(),
      spillBeside: spillBeside, totalBudget: budget)
    try InMemoryExport(xml: xml).readItems(filter: summarizer.itemFilter, diagnostics: Diagnostics()) {
      try summarizer.add($0, at: $1)
    }
    let written = try SummarySpillTests.written(summarizer.finishRows())
    return (written.csv, written.rows)
  }

  @Test(arguments: [1, 5, 40], [SummaryPeriod.hour, .day])
  func seriesWithManyPeriodsAreTheSummaryMadeInMemory(budget: Int, period: SummaryPeriod) throws {
    let folder = try TestDirectory()
    for xml in [Self.stepsXML, SummarySpillTests.xml] {
      let inMemory = try Self.summary(xml, period: period, spillBeside: nil, budget: 1 << 40)
      let spilled = try Self.summary(
        xml, period: period, spillBeside: folder.file("summary.csv"), budget: budget)
      #expect(spilled.csv == inMemory.csv)
      #expect(spilled.rows == inMemory.rows)
      #expect(try folder.contents() == [])
    }
    let rows = ExportTest.dataRows(
      of: String(
        decoding: try Self.summary(
          Self.stepsXML, period: period, spillBeside: folder.file("summary.csv"), budget: budget
        ).csv, as: UTF8.self))
    switch period {
    case .hour:
      // 96 hours of steps and distance; the watch comes first and covers every hour: the phone's
      // steps count nowhere.
      #expect(rows.count == 192)
      #expect(
        rows.prefix(2) == [
          "2026-01-09 00:00,DistanceWalkingRunning,0.03,km,,,3,Jane’s iPhone",
          "2026-01-09 00:00,Steps,33,steps,,,3,Jane’s Apple Watch",
        ])
    default:
      #expect(
        rows.prefix(2) == [
          "2026-01-09,DistanceWalkingRunning,1.01,km,,,72,Jane’s iPhone",
          "2026-01-09,Steps,931,steps,,,72,Jane’s Apple Watch",
        ])
      #expect(rows.count == 8)
    }
  }

  @Test func withNowhereToSpillEveryTotalStaysInMemory() throws {
    let inMemory = try Self.summary(Self.stepsXML, period: .hour, spillBeside: nil, budget: 1 << 40)
    let kept = try Self.summary(Self.stepsXML, period: .hour, spillBeside: nil, budget: 1)
    #expect(kept.csv == inMemory.csv)
  }
}
