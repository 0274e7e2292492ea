import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

@Suite struct SampleLogTests {
  static let samples = [
    Sample(
      type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: .quantity(121.5, unit: "mmHg"),
      sourceName: "Cuff", sourceVersion: "2.1", device: "<<HKDevice: 0x1>, name:BP7450>",
      creationDate: Timestamp(millisecondsSince1970: 1_768_050_000_123),
      startDate: Timestamp(secondsSince1970: 1_768_050_000),
      endDate: Timestamp(secondsSince1970: 1_768_050_060)),
    Sample(
      type: "HKCategoryTypeIdentifierSleepAnalysis",
      value: .category("HKCategoryValueSleepAnalysisAsleepCore"),
      sourceName: "Émilie’s Watch", startDate: Timestamp(millisecondsSince1970: -1.5),
      endDate: Timestamp(secondsSince1970: 0)),
    Sample(
      type: "HKCategoryTypeIdentifierMindfulSession", value: .none, sourceName: "", sourceVersion: "",
      startDate: Timestamp(secondsSince1970: 5), endDate: Timestamp(secondsSince1970: 6)),
  ]

  /// What a sample keeps, metadata aside, comes back in order, from memory and from the spill.
  @Test(arguments: [SampleLog.defaultBudget, 1])
  func givesBackTheSamplesInOrder(budget: Int) throws {
    let folder = try TestDirectory()
    let log = SampleLog(spillBeside: folder.file("out"), budget: budget)
    for _ in 0..<3 {
      for sample in Self.samples { try log.append(sample) }
    }
    if budget == 1 { #expect(try folder.contents().count == 1, "a spill file beside the output") }
    var read: [Sample] = []
    try log.drain { read.append($0) }
    #expect(read == Self.samples + Self.samples + Self.samples)
    #expect(
      read.map(\.creationDate?.millisecondsSince1970)
        == (Self.samples + Self.samples + Self.samples).map(\.creationDate?.millisecondsSince1970))
    #expect(try folder.contents() == [], "the spill file is removed once drained")
  }
}
