import Foundation
import HealthArchive
import HealthModel
import HealthSampleGenerator
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExport

/// The samples of cumulative series spilled to a temporary file past a budget: the same summary
/// as in memory, and no file left behind.
@Suite struct SummarySpillTests {
  /// Ten days of a generated export: steps, distances and energy from two sources, sleep.
  static let xml: String = {
    let export = try! SampleExport(configuration: SampleConfiguration(days: 10))
    return String(decoding: try! StreamBytes.all(of: export.exportXML()), as: UTF8.self)
  }()

  static func selection(sourcePriority: [String] = [], period: SummaryPeriod = .day) -> SummarySelection {
    SummaryTest.selection(period: period, sourcePriority: sourcePriority)
  }

  /// Reads `xml` into a summarizer, calling `afterReading` before it finishes.
  static func summarize(
    _ xml: String = xml, selection: SummarySelection = selection(), spillBeside: String?, budget: Int,
    diagnostics: Diagnostics = Diagnostics(), afterReading: (Summarizer) throws -> Void = { _ in }
  ) throws -> SummaryExport.Rows {
    let summarizer = Summarizer(
      selection: selection, now: ExportTest.now, diagnostics: diagnostics, spillBeside: spillBeside,
      intervalBudget: budget)
    try InMemoryExport(xml: xml).readItems(filter: summarizer.itemFilter, diagnostics: diagnostics) {
      try summarizer.add($0, at: $1)
    }
    try afterReading(summarizer)
    return try summarizer.finish()
  }

  /// A source of the steps that the default priority hides, first: so it hides the others.
  static func reversedPriority() throws -> [String] {
    let rows = try summarize(spillBeside: nil, budget: Summarizer.defaultIntervalBudget).rows
    let stepCount = HealthKitIdentifier.quantityTypePrefix + "StepCount"
    let counted = Set(rows.filter { $0.type == stepCount }.flatMap(\.sources))
    var given: Set<String> = []
    for line in xml.split(separator: "\n") where line.contains("type=\"\(stepCount)\"") {
      guard let attribute = line.range(of: "sourceName=\"") else { continue }
      given.insert(String(line[attribute.upperBound...].prefix { $0 != "\"" }))
    }
    let hidden = given.subtracting(counted).sorted()
    try #require(counted.count == 1 && hidden.count == 1)
    return hidden
  }

  @Test(arguments: [5, 100, 1_000])
  func aSmallBudgetSpillsAndGivesTheSummaryMadeInMemory(budget: Int) throws {
    let folder = try TestDirectory()
    for priority in [[], try Self.reversedPriority()] {
      for period in [SummaryPeriod.day, .month] {
        let selection = Self.selection(sourcePriority: priority, period: period)
        let inMemory = try Self.summarize(selection: selection, spillBeside: nil, budget: 1 << 40)
        var spillFiles: [String] = []
        let spilled = try Self.summarize(
          selection: selection, spillBeside: folder.file("summary.csv"), budget: budget
        ) { summarizer in
          #expect(summarizer.intervals.spill != nil)
          spillFiles = try folder.contents()
        }
        #expect(spillFiles.count == 1)
        #expect(spillFiles.first?.hasPrefix(".summary.csv.") == true)
        #expect(spillFiles.first?.hasSuffix(".tmp") == true)
        #expect(inMemory.rows.count >= 26)
        #expect(spilled.rows == inMemory.rows)
        #expect(try folder.contents() == [])
      }
    }
  }

  /// The summary CSV written from a summarizer's rows as they are read, and the rows.
  static func written(_ rows: SummaryRows, flushThreshold: Int = 1 << 20) throws -> (
    csv: [UInt8], rows: [SummaryRow]
  ) {
    var csv: [UInt8] = []
    let writer = SummaryCSVWriter(dateFormat: .standard, flushThreshold: flushThreshold)
    let report = try writer.write(rows, to: .sink { csv.append($0) })
    var list: [SummaryRow] = []
    try rows.forEachRow { list.append($0) }
    #expect(report.rows == list.count)
    // A period is named by its local start (a night by the day it ends on).
    #expect(report.periods == Set(list.map { "\($0.period.localStart) \($0.period.utcOffset)" }).count)
    #expect(report.metrics == Set(list.map(\.metric)).count)
    return (csv, list)
  }

  @Test(arguments: [1, 7, 40], [SummaryPeriod.day, .week, .hour])
  func rowsPastTheirBudgetSpillAndAreWrittenAsTheRowsKeptInMemory(budget: Int, period: SummaryPeriod) throws {
    let folder = try TestDirectory()
    let selection = Self.selection(period: period)
    let inMemory = try Self.summarize(selection: selection, spillBeside: nil, budget: 1 << 40)
    #expect(inMemory.rows.count >= 26)
    var expected: [UInt8] = []
    let export = SummaryExport(selection: selection, now: ExportTest.now)
    _ = try export.run(
      source: InMemoryExport(xml: Self.xml), destination: .sink { expected.append($0) },
      diagnostics: Diagnostics())

    let summarizer = Summarizer(
      selection: selection, now: ExportTest.now, diagnostics: Diagnostics(),
      spillBeside: folder.file("summary.csv"),
      intervalBudget: 1 << 40, rowBudget: budget)
    try InMemoryExport(xml: Self.xml).readItems(filter: summarizer.itemFilter, diagnostics: Diagnostics()) {
      try summarizer.add($0, at: $1)
    }
    // Only the rows spill: the samples' budget is not reached.
    #expect(summarizer.intervals.spill == nil)
    var rows: SummaryRows? = try summarizer.finishRows()
    let spillFiles = try folder.contents()
    #expect(spillFiles.count == 1)
    #expect(spillFiles.first?.hasPrefix(".summary.csv.") == true)
    #expect(spillFiles.first?.hasSuffix(".tmp") == true)
    let written = try Self.written(rows!)
    #expect(written.rows == inMemory.rows)
    #expect(written.csv == expected)
    // Read twice, the same rows.
    #expect(try Self.written(rows!).csv == expected)
    rows = nil
    #expect(try folder.contents() == spillFiles)
    _ = consume summarizer
    #expect(try folder.contents() == [])
  }

  @Test func samplesAndRowsSpillToOneFile() throws {
    let folder = try TestDirectory()
    let inMemory = try Self.summarize(spillBeside: nil, budget: 1 << 40)
    let summarizer = Summarizer(
      selection: Self.selection(), now: ExportTest.now, diagnostics: Diagnostics(),
      spillBeside: folder.file("summary.csv"), intervalBudget: 10, rowBudget: 5)
    try InMemoryExport(xml: Self.xml).readItems(filter: summarizer.itemFilter, diagnostics: Diagnostics()) {
      try summarizer.add($0, at: $1)
    }
    let spillFiles = try folder.contents()
    #expect(spillFiles.count == 1)
    let size = try #require(summarizer.intervals.spill?.size)
    let rows = try summarizer.finishRows()
    #expect(try folder.contents() == spillFiles)
    // The rows went on at the end of the samples' file.
    #expect(try #require(summarizer.intervals.spill?.size) > size)
    #expect(try Self.written(rows).rows == inMemory.rows)
  }

  @Test func nothingIsLeftBehindWhenWritingSpilledRowsFails() throws {
    struct Full: Error {}
    let folder = try TestDirectory()
    let path = folder.file("summary.csv")
    do {
      let summarizer = Summarizer(
        selection: Self.selection(), now: ExportTest.now, diagnostics: Diagnostics(), spillBeside: path,
        intervalBudget: 10, rowBudget: 3)
      try InMemoryExport(xml: Self.xml).readItems(filter: summarizer.itemFilter, diagnostics: Diagnostics()) {
        try summarizer.add($0, at: $1)
      }
      let rows = try summarizer.finishRows()
      var chunks = 0
      let destination = OutputDestination.sink { _ in
        chunks += 1
        if chunks == 2 { throw Full() }
      }
      #expect(throws: Full.self) {
        _ = try SummaryCSVWriter(dateFormat: .standard, flushThreshold: 64).write(rows, to: destination)
      }
      #expect(chunks == 2)
      #expect(try folder.contents().count == 1)
    }
    #expect(try folder.contents() == [])
  }

  /// Depths (a discrete type no registry knows) in metres and feet over twelve days, in an order
  /// that goes back and forth between days, with values whose sums depend on their order; some
  /// in a unit that cannot be converted; and heart rates in time order.
  static let shuffledDiscreteXML: String = {
    var body = ""
    for index in 0..<240 {
      let day = 10 + (index * 7) % 12
      let hour = 10 + index % 9
      let (value, unit) =
        index % 11 == 0
        ? ("2", "count")
        : index % 3 == 0
          ? ("\(0.1 + Double(index) * 1e-3)", "ft") : ("\(0.7 * Double(index % 5) + 1e-9)", "m")
      body += SummaryTest.record(
        "UnderwaterDepth", value, unit,
        source: index % 4 == 0 ? SummaryTest.watchName : SummaryTest.phoneName,
        from: "2026-01-\(day) \(hour):00:00 -0500")
    }
    for index in 0..<60 {
      body += SummaryTest.record(
        "HeartRate", "\(60 + index % 17)", "count/min", source: SummaryTest.watchName,
        from: "2026-01-\(10 + index / 5) 10:\(10 + index % 5):00 -0500")
    }
    return ExportXML.document(body)
  }()

  @Test(arguments: [2, 5, 9], [SummaryPeriod.day, .week])
  func discreteRecordsPastTheirBudgetSpillAndAddUpAsInMemory(budget: Int, period: SummaryPeriod) throws {
    let folder = try TestDirectory()
    let selection = Self.selection(period: period)
    for xml in [Self.shuffledDiscreteXML, Self.xml] {
      let memoryDiagnostics = Diagnostics()
      let inMemory = try Self.summarize(
        xml, selection: selection, spillBeside: nil, budget: 1 << 40, diagnostics: memoryDiagnostics)
      let spilledDiagnostics = Diagnostics()
      let summarizer = Summarizer(
        selection: selection, now: ExportTest.now, diagnostics: spilledDiagnostics,
        spillBeside: folder.file("summary.csv"), intervalBudget: 1 << 40, discreteBudget: budget)
      try InMemoryExport(xml: xml).readItems(filter: summarizer.itemFilter, diagnostics: spilledDiagnostics) {
        try summarizer.add($0, at: $1)
      }
      #expect(summarizer.discrete.hasSpilled)
      if budget == 2 {
        #expect(try folder.contents().count == 1)
        // Samples of periods spilled before them were kept and added in order at the end.
        #expect((summarizer.discrete.lateValues > 0) == (xml == Self.shuffledDiscreteXML))
      }
      let spilled = try Self.written(summarizer.finishRows()).rows
      #expect(spilled == inMemory.rows)
      #expect(spilledDiagnostics.summary == memoryDiagnostics.summary)
    }
    #expect(try folder.contents() == [])
    // The depths: twelve days (three weeks from Monday 5 January), in metres, the unit most of
    // them carry; the 22 in `count` are skipped.
    let diagnostics = Diagnostics()
    let depths = try Self.summarize(
      Self.shuffledDiscreteXML, selection: selection, spillBeside: nil, budget: 1 << 40,
      diagnostics: diagnostics
    ).rows.filter { $0.metric == "UnderwaterDepth" }
    #expect(depths.count == (period == .day ? 12 : 3))
    #expect(depths.allSatisfy { $0.unit == "m" })
    #expect(
      diagnostics.summary.map { "\($0.count) \($0.reason)" } == [
        "22 UnderwaterDepth in unit 'count', which cannot be converted to m"
      ])
  }

  @Test func samplesOfOneIntervalInTwoUnitsKeepTheirOrderWhenSpilled() throws {
    // Equal intervals of one source in km and in mi: swept in input order, list by list.
    var body = ""
    for day in 10...19 {
      for (value, unit) in [("0.1", "km"), ("0.3", "mi"), ("0.7", "km"), ("1.1", "mi")] {
        body += SummaryTest.record(
          "DistanceWalkingRunning", value, unit, source: SummaryTest.phoneName,
          from: "2026-01-\(day) 10:00:00 -0500", to: "2026-01-\(day) 10:10:00 -0500")
      }
    }
    let xml = ExportXML.document(body)
    let folder = try TestDirectory()
    let inMemory = try Self.summarize(xml, spillBeside: nil, budget: 1 << 40)
    let spilled = try Self.summarize(xml, spillBeside: folder.file("summary.csv"), budget: 3) {
      #expect($0.intervals.spill != nil)
    }
    #expect(inMemory.rows.count == 10)
    #expect(spilled.rows == inMemory.rows)
  }

  @Test func nothingIsLeftBehindWhenTheSummaryFails() throws {
    let folder = try TestDirectory()
    let bad = SummaryTest.record(
      "StepCount", "5", "count", source: SummaryTest.phoneName, from: "2026-01-10 10:00:00 -0500",
      to: "2026-01-10 09:00:00 -0500")
    let xml = Self.xml.replacingOccurrences(of: "</HealthData>", with: bad + "</HealthData>")
    #expect(throws: StrictModeError.self) {
      _ = try Self.summarize(
        xml, spillBeside: folder.file("summary.csv"), budget: 10, diagnostics: Diagnostics(isStrict: true))
    }
    #expect(try folder.contents() == [])
  }

  @Test func withNowhereToSpillEverySampleStaysInMemory() throws {
    let inMemory = try Self.summarize(spillBeside: nil, budget: 1 << 40)
    let kept = try Self.summarize(spillBeside: nil, budget: 1) { #expect($0.intervals.spill == nil) }
    #expect(kept.rows == inMemory.rows)
    // A summary written to a stream has no folder to spill in.
    #expect(OutputDestination.sink { _ in }.spillBeside == nil)
  }

  @Test func aSummaryWrittenToAFileIsTheOneWrittenToAStream() throws {
    let folder = try TestDirectory()
    let export = SummaryExport(selection: Self.selection(), now: ExportTest.now)
    var streamed: [UInt8] = []
    _ = try export.run(
      source: InMemoryExport(xml: Self.xml), destination: .sink { streamed.append($0) },
      diagnostics: Diagnostics())
    let path = folder.file("summary.csv")
    _ = try export.run(
      source: InMemoryExport(xml: Self.xml), destination: .file(path: path, overwrites: false),
      diagnostics: Diagnostics())
    #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == streamed)
    #expect(try folder.contents() == ["summary.csv"])
  }
}
