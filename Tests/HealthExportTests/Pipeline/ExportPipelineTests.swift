import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// The pipeline wires an input, a stage and a writer once: the destination checked before
/// reading, the stage's filter handed to the reader, what it kept handed to the writer.
@Suite struct ExportPipelineTests {
  /// An input that counts how often it is read and keeps the filter it was read with.
  final class CountingSource: HealthInputSource {
    let export: InMemoryExport
    private(set) var reads = 0
    private(set) var filter: ItemFilter?
    var name: String { export.name }
    var shape: InputShape { export.shape }
    var contentName: String { export.contentName }
    var header: ExportHeader { export.header }
    func fileNames(in folder: String) -> [String] { [] }

    init(_ body: String) {
      export = InMemoryExport(xml: ExportXML.document(body))
    }

    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      reads += 1
      self.filter = filter
      try export.readItems(filter: filter, diagnostics: diagnostics, consume)
    }
  }

  /// Keeps the values of the samples of one type, with their lines.
  struct ValueStage: ExportStage {
    var type: String
    var kept: [String] = []
    var itemFilter: ItemFilter { ItemFilter(sampleTypes: [type], includesCorrelations: false) }

    mutating func add(_ item: HealthItem, at location: HealthModel.SourceLocation) throws {
      guard case .sample(let sample) = item, case .quantity(let value, _) = sample.value else { return }
      kept.append("\(value) at line \(location.line)")
    }

    mutating func finish(timeZone: TimeZone) throws -> [String] { kept }
  }

  /// Keeps nothing but the zone it is finished in.
  struct ZoneStage: ExportStage {
    var itemFilter: ItemFilter { .nothing }
    mutating func add(_ item: HealthItem, at location: HealthModel.SourceLocation) throws {}
    mutating func finish(timeZone: TimeZone) throws -> [String] { [timeZone.identifier] }
  }

  /// Writes one line per kept value as bytes.
  struct LinesWriter: ExportWriter {
    func write(_ lines: [String], to destination: OutputDestination) throws -> Int {
      try destination.write { sink in
        try sink.write(lines.map { $0 + "\n" }.joined())
      }
      return lines.count
    }
  }

  /// Makes its file by path, one line per item as the items are read; fails at `failingAt` items.
  struct ItemFileWriter: ExportWriter {
    var failingAt: Int?
    struct Failed: Error {}

    func write(_ items: HealthItems, to destination: OutputDestination) throws -> Int {
      try destination.writeFile { path in
        var text = ""
        var count = 0
        try items.read { item, location in
          count += 1
          if count == failingAt { throw Failed() }
          switch item {
          case .exportDate: text += "export date at line \(location.line)\n"
          case .sample(let sample): text += "\(sample.type) at line \(location.line)\n"
          default: text += "other at line \(location.line)\n"
          }
          try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return count
      }
    }
  }

  static let body =
    ExportTest.record("StepCount", "5432", "count")
    + ExportTest.record("HeartRate", "61", "count/min")
    + ExportTest.record("StepCount", "12", "count")

  @Test func theStageGetsWhatItsFilterLetsThroughAndTheWriterWhatItKept() throws {
    let source = CountingSource(Self.body)
    var bytes: [UInt8] = []
    let pipeline = ExportPipeline(
      destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
    let written = try pipeline.run(
      source, through: ValueStage(type: "HKQuantityTypeIdentifierStepCount"), timeZone: .named(.gmt),
      into: LinesWriter())
    #expect(written == 2)
    #expect(String(decoding: bytes, as: UTF8.self) == "5432.0 at line 11\n12.0 at line 13\n")
    #expect(source.reads == 1)
    #expect(source.filter?.sampleTypes == ["HKQuantityTypeIdentifierStepCount"])
  }

  @Test func anExistingFileIsRefusedBeforeTheInputIsRead() throws {
    let folder = try TestDirectory()
    let path = try folder.write("mine\n", to: "out.txt")
    let source = CountingSource(Self.body)
    let pipeline = ExportPipeline(
      destination: .file(path: path, overwrites: false), diagnostics: Diagnostics())
    #expect(throws: OutputError.alreadyExists(path: path)) {
      try pipeline.run(
        source, through: ValueStage(type: "HKQuantityTypeIdentifierStepCount"), timeZone: .named(.gmt),
        into: LinesWriter())
    }
    #expect(throws: OutputError.alreadyExists(path: path)) {
      try pipeline.run(source, into: ItemFileWriter())
    }
    #expect(source.reads == 0)
    #expect(try folder.read("out.txt") == "mine\n")
  }

  @Test func aFailedCheckOfWhatWasKeptWritesNothing() throws {
    struct NothingKept: Error {}
    let folder = try TestDirectory()
    let pipeline = ExportPipeline(
      destination: .file(path: folder.file("out.txt"), overwrites: false), diagnostics: Diagnostics())
    #expect(throws: NothingKept.self) {
      try pipeline.run(
        CountingSource(Self.body), through: ValueStage(type: "HKQuantityTypeIdentifierBodyMass"),
        timeZone: .named(.gmt), into: LinesWriter()
      ) { kept in
        if kept.isEmpty { throw NothingKept() }
      }
    }
    #expect(try folder.contents() == [])
  }

  @Test func aPathWriterReadsTheItemsIntoItsTemporaryFileWhichIsThenPlaced() throws {
    let folder = try TestDirectory()
    let source = CountingSource(Self.body)
    let pipeline = ExportPipeline(
      destination: .file(path: folder.file("items.txt"), overwrites: false), diagnostics: Diagnostics())
    let count = try pipeline.run(
      source,
      filter: ItemFilter(sampleTypes: ["HKQuantityTypeIdentifierHeartRate"], includesCorrelations: false),
      into: ItemFileWriter())
    #expect(count == 2)
    #expect(
      try folder.read("items.txt")
        == "export date at line 10\nHKQuantityTypeIdentifierHeartRate at line 12\n")
    #expect(SystemCall.permissions(of: folder.file("items.txt")) == 0o600)
    #expect(try folder.contents() == ["items.txt"])
    #expect(source.reads == 1)
  }

  @Test func aPathWriterThatFailsWhileReadingLeavesNothingBehind() throws {
    let folder = try TestDirectory()
    let pipeline = ExportPipeline(
      destination: .file(path: folder.file("items.txt"), overwrites: false), diagnostics: Diagnostics())
    #expect(throws: ItemFileWriter.Failed.self) {
      try pipeline.run(CountingSource(Self.body), into: ItemFileWriter(failingAt: 3))
    }
    #expect(try folder.contents() == [])
  }

  static let zones =
    ExportTest.record("StepCount", "1", "count", metadata: [("HKTimeZone", "Asia/Tokyo")])
    + ExportTest.record("SleepAnalysis", "1", "count", metadata: [("HKTimeZone", "Europe/Paris")])
    + ExportTest.record("HeartRate", "61", "count/min", metadata: [("HKTimeZone", "Asia/Tokyo")])

  /// The export's own zone is the one its samples name most, read as the items pass (those the
  /// stage asks for or not); a zone named is used as it is; an input that names none uses the
  /// fallback.
  @Test(arguments: [
    (zones, TimeZoneChoice.export(fallback: .gmt), "Asia/Tokyo"),
    (zones, .named(ExportTest.newYork), "America/New_York"),
    (body, .export(fallback: ExportTest.newYork), "America/New_York"),
  ])
  func theStageFinishesInTheJobsZone(body: String, choice: TimeZoneChoice, zone: String) throws {
    var bytes: [UInt8] = []
    let pipeline = ExportPipeline(destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
    _ = try pipeline.run(CountingSource(body), through: ZoneStage(), timeZone: choice, into: LinesWriter())
    #expect(String(decoding: bytes, as: UTF8.self) == zone + "\n")
  }

  /// A default name waits for the zone: the moment of the job on the clocks of the export's own
  /// zone, whatever zone the machine is in.
  @Test func aNewFileIsNamedOnTheClocksOfTheExportsZone() throws {
    let folder = try TestDirectory()
    let destination = OutputDestination.resolve(
      output: folder.path,
      defaultName: DefaultFileName(prefix: "out", fileExtension: "txt", now: ExportTest.now),
      timeZone: .export(fallback: .gmt), overwrites: false, standardOutput: { _ in })
    #expect(destination.path == nil)
    _ = try ExportPipeline(destination: destination, diagnostics: Diagnostics()).run(
      CountingSource(Self.zones), through: ZoneStage(), timeZone: .export(fallback: .gmt), into: LinesWriter()
    )
    // 12:00 UTC is 21:00 in Tokyo.
    #expect(try folder.contents() == ["out_2026-01-20_210000.txt"])
    #expect(destination.path == folder.file("out_2026-01-20_210000.txt"))
    #expect(try folder.read("out_2026-01-20_210000.txt") == "Asia/Tokyo\n")
  }
}
