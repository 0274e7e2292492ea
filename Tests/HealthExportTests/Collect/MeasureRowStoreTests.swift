import Foundation
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

@Suite struct MeasureRowStoreTests {
  /// Rows of two series: dates that go back and forth, with ties, sources and meal times.
  static func rows() -> [(series: Int, row: MeasureRow)] {
    (0..<40).map { index in
      let date = Timestamp(secondsSince1970: Int64((index * 7) % 11) * 60)
      let row = MeasureRow(
        date: date, sequence: index + 1, value: Double(index) / 4, source: index % 3 == 0 ? "Watch" : "Phone",
        mealTime: index % 5 == 0 ? .afterMeal : index % 5 == 1 ? .beforeMeal : nil)
      return (index % 4 == 0 ? 1 : 0, row)
    }
  }

  static func written(_ rows: MeasureRows) throws -> [MeasureRow] {
    var result: [MeasureRow] = []
    try rows.forEachRow { result.append($0) }
    return result
  }

  static func expected(_ series: Int, _ order: ExportSelection.SortOrder) -> [MeasureRow] {
    let rows = rows().filter { $0.series == series }.map(\.row).sorted(by: MeasureRow.isOlder)
    return rows.ordered(order)
  }

  @Test(arguments: [ExportSelection.SortOrder.ascending, .descending])
  func spillsSortedRunsPastItsBudgetAndMergesThemInOrder(order: ExportSelection.SortOrder) throws {
    let folder = try TestDirectory()
    var store: MeasureRowStore? = MeasureRowStore(
      seriesCount: 2, order: order, spillBeside: folder.file("out.csv"), budget: 6)
    for (series, row) in Self.rows() { try store!.append(row, toSeries: series) }
    let spillFiles = try folder.contents()
    #expect(spillFiles.count == 1)
    #expect(spillFiles.first?.hasPrefix(".out.csv.") == true)
    #expect(spillFiles.first?.hasSuffix(".tmp") == true)

    var first: MeasureRows? = store!.rows(ofSeries: 0)
    var second: MeasureRows? = store!.rows(ofSeries: 1)
    #expect(first?.count == 30)
    #expect(second?.count == 10)
    // Both series were spilled: their rows are not all in memory.
    #expect(first?.inMemory == nil)
    #expect(second?.inMemory == nil)
    #expect(try Self.written(first!) == Self.expected(0, order))
    #expect(try Self.written(second!) == Self.expected(1, order))
    // Read twice, the same rows.
    #expect(try Self.written(first!) == Self.expected(0, order))

    store = nil
    first = nil
    #expect(try folder.contents() == spillFiles)
    second = nil
    #expect(try folder.contents() == [])
  }

  @Test func keepsEveryRowInMemoryWithNowhereToSpill() throws {
    let store = MeasureRowStore(seriesCount: 2, order: .ascending, spillBeside: nil, budget: 6)
    for (series, row) in Self.rows() { try store.append(row, toSeries: series) }
    let rows = store.rows(ofSeries: 0)
    #expect(rows.inMemory == Self.expected(0, .ascending))
    #expect(try Self.written(rows) == Self.expected(0, .ascending))
  }

  @Test func rowsGivenInOrderAreWrittenAsGiven() throws {
    let given = Self.rows().map(\.row)
    let rows = MeasureRows(given)
    #expect(rows.count == 40)
    #expect(rows.inMemory == given)
    #expect(try Self.written(rows) == given)
    #expect(MeasureRows([]).isEmpty)
  }
}

extension MeasureRowStore {
  /// Keeps `row` in series `index`, field by field.
  fileprivate func append(_ row: MeasureRow, toSeries index: Int) throws {
    try append(
      date: row.date, sequence: row.sequence, value: row.value, source: row.source, mealTime: row.mealTime,
      toSeries: index)
  }
}
