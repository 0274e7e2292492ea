import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthExport

/// Rows formatted in chunks, taken in turn by two worker threads: the same bytes as formatted on
/// one thread, across every chunk boundary, handed on in blocks; a failing write stops the file.
@Suite struct CSVWriterChunkTests {
  static let registry = MetricRegistry.standard
  static let zone = TimeZone(identifier: "America/New_York")!

  /// Glucose rows from sources that are quoted, start like a formula or are plain, with and
  /// without a meal time, an hour apart across a change of the zone's offset.
  static func glucose(_ count: Int) throws -> RowBlock {
    let measure = try #require(registry.baseMetric(named: "glucose")?.measure)
    let sources = ["Meter, Inc.", "=Pump", "Phone", "Phone"]
    let rows = (0..<count).map { index in
      MeasureRow(
        date: Timestamp(secondsSince1970: 1_772_900_000 + Int64(index) * 3_600), sequence: index,
        value: 90.5 + Double(index), source: sources[index % sources.count],
        mealTime: index % 3 == 0 ? nil : MealTime(rawValue: index % 3))
    }
    return .measure(measure, unit: .milligramsPerDeciliter, rows: MeasureRows(rows))
  }

  static func labs(_ count: Int) -> RowBlock {
    .labs(
      (0..<count).map { index in
        LabRow(
          date: Timestamp(secondsSince1970: 1_772_900_000 + Int64(index) * 86_400), sequence: index,
          name: "Hemoglobin A1c", loinc: "4548-4", value: WrittenValue(5.5 + Double(index) / 10, decimals: 1),
          unit: "%", source: index % 2 == 0 ? "Lab \"North\"" : "Lab", referenceRange: nil)
      })
  }

  static func written(_ blocks: [RowBlock], chunkRows: Int, inParallel: Bool) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let writer = CSVWriter(
      dateFormat: .standard, flushThreshold: 100, chunkRows: chunkRows,
      formatsInParallel: inParallel)
    let counts = try writer.write(
      SelectedRows(blocks: blocks, dropped: [], timeZone: Self.zone), to: .sink { bytes.append($0) })
    #expect(counts.map(\.rows) == blocks.map(\.rowCount))
    return bytes
  }

  /// Rows in all: none, one, exactly one chunk of 4, one more, and many, split between blocks.
  @Test(arguments: [
    [0, 0, 0], [1, 0, 0], [0, 1, 0], [4, 0, 0], [2, 2, 0], [5, 0, 0], [4, 1, 0], [0, 0, 5],
    [3, 3, 3], [17, 9, 22], [40, 0, 1],
  ])
  func chunksFormattedOnWorkersAreTheSameAsOnOne(_ counts: [Int]) throws {
    let blocks = [try Self.glucose(counts[0]), Self.labs(counts[1]), try Self.glucose(counts[2])]
    let sequential = try Self.written(blocks, chunkRows: 1 << 20, inParallel: false)
    #expect(try Self.written(blocks, chunkRows: 4, inParallel: true) == sequential)
    #expect(try Self.written(blocks, chunkRows: 4, inParallel: false) == sequential)
    #expect(try Self.written(blocks, chunkRows: 1, inParallel: true) == sequential)
    let lines = sequential.split(separator: 0x0A, omittingEmptySubsequences: false)
    #expect(lines.count == 3 + 1 + counts.reduce(0, +) + 1)
  }

  @Test func rowsAreWrittenAsBefore() throws {
    let bytes = try Self.written([try Self.glucose(2), Self.labs(1)], chunkRows: 1, inParallel: true)
    let rows = [
      #"2026-03-07 11:13:20,Blood Glucose,,90,mg/dL,"Meter, Inc.","#,
      #"2026-03-07 12:13:20,Blood Glucose,,92,mg/dL,'=Pump,Before Meal"#,
      #"2026-03-07 11:13:20,Hemoglobin A1c,4548-4,5.5,%,"Lab ""North""","#,
    ].map { $0 + "\n" }.joined()
    #expect(String(decoding: bytes, as: UTF8.self) == CSVWriter.disclaimer + CSVWriter.header + rows)
  }

  @Test func aFailingWriteStopsTheFileAndWaitsForTheWorkers() throws {
    struct Full: Error {}
    let blocks = [try Self.glucose(30), Self.labs(10)]
    let all = try Self.written(blocks, chunkRows: 4, inParallel: false)
    var written: [UInt8] = []
    var calls = 0
    let writer = CSVWriter(
      dateFormat: .standard, chunkRows: 4, blockSize: 100)
    #expect(throws: Full.self) {
      _ = try writer.write(
        SelectedRows(blocks: blocks, dropped: [], timeZone: Self.zone),
        to: .sink { bytes in
          calls += 1
          if calls == 4 { throw Full() }
          written.append(bytes)
        })
    }
    // Blocks of 100 bytes, in order; nothing after the failing write.
    #expect(all.count > 1_000)
    #expect(calls == 4)
    #expect(written == Array(all.prefix(300)))
  }

  @Test func nothingIsLeftBehindWhenTheFileCannotBeWritten() throws {
    struct Full: Error {}
    let folder = try TestDirectory()
    let path = folder.file("out.csv")
    let blocks = [try Self.glucose(30), Self.labs(10)]
    var calls = 0
    #expect(throws: Full.self) {
      try OutputDestination.file(path: path, overwrites: false).write { sink in
        _ = try CSVWriter(
          dateFormat: .standard, chunkRows: 4, blockSize: 100
        ).write(
          SelectedRows(blocks: blocks, dropped: [], timeZone: Self.zone),
          to: .sink { bytes in
            calls += 1
            if calls == 3 { throw Full() }
            try sink.write(bytes)
          })
      }
    }
    #expect(calls == 3)
    #expect(try folder.contents() == [])
  }

  @Test func theFileIsWrittenInBlocksOfTheSizeAsked() throws {
    let blocks = [try Self.glucose(30), Self.labs(10)]
    let all = try Self.written(blocks, chunkRows: 4, inParallel: false)
    var given: [[UInt8]] = []
    _ = try CSVWriter(
      dateFormat: .standard, chunkRows: 4, blockSize: 256
    ).write(
      SelectedRows(blocks: blocks, dropped: [], timeZone: Self.zone), to: .sink { given.append([UInt8]($0)) })
    #expect(given.flatMap { $0 } == all)
    #expect(given.count == (all.count + 255) / 256)
    #expect(given.dropLast().allSatisfy { $0.count == 256 })
  }
}
