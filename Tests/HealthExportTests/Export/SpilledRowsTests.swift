import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExport

/// An export too large for its budget of rows writes the same bytes as one kept in memory, and
/// leaves nothing beside its output.
@Suite struct SpilledRowsTests {
  static var export: SampleExport {
    try! SampleExport(
      configuration: SampleConfiguration(
        seed: 11, days: 12, end: CivilDateTime(year: 2026, month: 5, day: 2),
        timeZoneIdentifier: "America/New_York"))
  }

  static func selection(_ order: ExportSelection.SortOrder) -> ExportSelection {
    var selection = ExportTest.selection(
      metrics: ["weight", "steps", "glucose"], vitals: MetricRegistry.standard.vitals.map(\.optionName))
    selection.sortOrder = order
    return selection
  }

  @Test(arguments: [ExportSelection.SortOrder.ascending, .descending], [1, 7, 100, 1000])
  func writesTheBytesOfAnExportKeptInMemory(order: ExportSelection.SortOrder, budget: Int) throws {
    var inMemory: [UInt8] = []
    let kept = try CSVExport(selection: Self.selection(order), now: ExportTest.now).run(
      source: Self.export.source(), destination: .sink { inMemory.append($0) },
      diagnostics: Diagnostics())
    #expect(kept.totalRows > 2000)

    let folder = try TestDirectory()
    var spilling = CSVExport(selection: Self.selection(order), now: ExportTest.now)
    spilling.rowBudget = budget
    let spilled = try spilling.run(
      source: Self.export.source(), destination: .file(path: folder.file("rows.csv"), overwrites: false),
      diagnostics: Diagnostics())
    #expect(spilled.totalRows == kept.totalRows)
    #expect(try folder.read("rows.csv") == String(decoding: inMemory, as: UTF8.self))
    #expect(try folder.contents() == ["rows.csv"])
  }
}
