import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

@Suite struct ParquetWriterTests {
  /// Every kind of column, required and nullable.
  static let schema = ParquetSchema([
    ParquetColumn("type", .string),
    ParquetColumn("unit", .string, isOptional: true),
    ParquetColumn("value", .double, isOptional: true),
    ParquetColumn("count", .int64),
    ParquetColumn("n", .int32, isOptional: true),
    ParquetColumn("start_date", .timestamp),
    ParquetColumn("day", .date, isOptional: true),
    ParquetColumn("flag", .boolean, isOptional: true),
  ])

  /// Writes three rows of `schema` into memory, two rows a row group.
  static func smallFile(gzipLevel: Int32?) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var options = ParquetWriter.Options()
    options.rowGroupRows = 2
    options.gzipLevel = gzipLevel
    let writer = try ParquetWriter(schema: schema, options: options, sink: ByteSink { bytes.append($0) })
    let rows: [(String, String?, Double?, Int64, Int64?, Int64, Int64?, Bool?)] = [
      ("HKQuantityTypeIdentifierStepCount", "count", 1234, 1, 7, 1_767_225_600_000, 20_454, true),
      ("HKQuantityTypeIdentifierStepCount", nil, nil, 2, nil, 1_767_225_660_500, nil, nil),
      ("HKCategoryTypeIdentifierSleepAnalysis", "min", -0.5, 3, -2, 1_767_229_200_000, 20_455, false),
    ]
    for row in rows {
      writer.append(row.0)
      writer.append(row.1)
      writer.append(row.2)
      writer.append(row.3)
      writer.append(row.4)
      writer.append(Timestamp(millisecondsSince1970: Double(row.5)))
      writer.append(day: row.6)
      writer.append(row.7)
      try writer.endRow()
    }
    #expect(try writer.finish() == 3)
    return bytes
  }

  /// The bytes as lines of 32 hexadecimal pairs.
  static func hexLines(_ bytes: [UInt8]) -> String {
    stride(from: 0, to: bytes.count, by: 32).map { start in
      bytes[start..<min(start + 32, bytes.count)].map { String(format: "%02x", $0) }.joined()
    }.joined(separator: "\n") + "\n"
  }

  /// The whole file, uncompressed, pinned: magic, pages with their headers, footer, length,
  /// magic. pyarrow, DuckDB and pandas read what this writer writes (scripts/interop/parquet.py).
  @Test func aSmallFileIsPinnedByteForByte() throws {
    let actual = Self.hexLines(try Self.smallFile(gzipLevel: nil))
    let expected = try Golden.expected("small.parquet.hex", actual: actual, testFile: #filePath)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  @Test func aFileStartsAndEndsWithItsMagicAndTheFooterLength() throws {
    let bytes = try Self.smallFile(gzipLevel: 6)
    #expect(Array(bytes.prefix(4)) == Array("PAR1".utf8))
    #expect(Array(bytes.suffix(4)) == Array("PAR1".utf8))
    let length = bytes[bytes.count - 8..<bytes.count - 4].reversed().reduce(0) { $0 << 8 | Int($1) }
    // The footer is a struct: it ends with its stop byte, just before its length.
    #expect(length > 0 && length < bytes.count - 12)
    #expect(bytes[bytes.count - 9] == 0)
  }

  /// Every data page compressed is a gzip member of its content: the magic, and a trailer of the
  /// content's CRC-32 and length.
  @Test func aGzipPageIsAGzipMemberOfItsContent() throws {
    var bytes: [UInt8] = []
    var options = ParquetWriter.Options()
    options.gzipLevel = 9
    let writer = try ParquetWriter(
      schema: ParquetSchema([ParquetColumn("n", .int64)]), options: options,
      sink: ByteSink { bytes.append($0) })
    for n in 0..<1000 {
      writer.append(Int64(n))
      try writer.endRow()
    }
    _ = try writer.finish()
    var content: [UInt8] = []
    for n in 0..<1000 { content.appendLittleEndian(Int64(n)) }
    var crc = CRC32()
    crc.update(content)
    let magic = try #require(bytes.indices.first { bytes[$0...].starts(with: [0x1F, 0x8B, 0x08]) })
    var trailer: [UInt8] = []
    trailer.appendLittleEndian(crc.value)
    trailer.appendLittleEndian(UInt32(content.count))
    let end = try #require(
      (magic..<bytes.count).first { bytes[$0...].starts(with: trailer) }, "the page ends with its trailer")
    #expect(end - magic < content.count / 2, "1000 small integers compress")
  }

  /// Text goes through the chunk's dictionary until the dictionary outgrows its bound; then the
  /// whole chunk is PLAIN, the values before included.
  @Test func aDictionaryPastItsBoundTurnsTheChunkPlain() {
    var chunk = ParquetColumnChunk(column: ParquetColumn("name", .string), dictionaryLimit: 10)
    chunk.append(string: "abc")
    chunk.append(string: "abc")
    chunk.append(string: "defgh")
    let pages = chunk.takePages()
    #expect(pages.dictionary == nil)
    #expect(pages.data.encoding == 0)
    #expect(pages.encodings == [0, 3])
    let plain: [UInt8] = [3, 0, 0, 0, 0x61, 0x62, 0x63, 3, 0, 0, 0, 0x61, 0x62, 0x63]
    #expect(pages.data.body == plain + [5, 0, 0, 0, 0x64, 0x65, 0x66, 0x67, 0x68])
    #expect(pages.statistics == ParquetStatistics(nullCount: 0))
  }

  /// Within the bound: a dictionary page of each value once, and a data page of the levels
  /// (length, then the hybrid), the index width and the indices.
  @Test func textGoesThroughTheChunksDictionary() {
    var chunk = ParquetColumnChunk(
      column: ParquetColumn("name", .string, isOptional: true), dictionaryLimit: 100)
    chunk.append(string: "b")
    chunk.appendNull()
    chunk.append(string: "a")
    chunk.append(string: "b")
    let pages = chunk.takePages()
    #expect(pages.dictionary?.body == [1, 0, 0, 0, 0x62, 1, 0, 0, 0, 0x61])
    #expect(pages.dictionary?.valueCount == 2)
    // Levels 1 0 1 1 packed: 0b1101; indices 0 1 0 in 1 bit: 0b010.
    #expect(pages.data.body == [2, 0, 0, 0, 0x03, 0x0D, 1, 0x03, 0x02])
    #expect(pages.data.valueCount == 4)
    #expect(pages.data.encoding == 8)
    #expect(pages.statistics == ParquetStatistics(nullCount: 1, minimum: [0x61], maximum: [0x62]))
  }

  /// A double's bounds leave NaN out, and a zero is written -0.0 as a minimum, +0.0 as a maximum.
  @Test func aDoublesBoundsLeaveNaNOutAndSignTheirZeros() {
    var chunk = ParquetColumnChunk(column: ParquetColumn("value", .double), dictionaryLimit: 100)
    for value in [0.0, .nan, -0.0] { chunk.append(double: value) }
    let statistics = chunk.takePages().statistics
    var negativeZero: [UInt8] = []
    negativeZero.appendLittleEndian((-0.0).bitPattern)
    #expect(statistics.minimum == negativeZero)
    #expect(statistics.maximum == [UInt8](repeating: 0, count: 8))
  }

  /// A chunk is emptied when its pages are taken, for the next row group.
  @Test func takingThePagesEmptiesTheChunk() {
    var chunk = ParquetColumnChunk(column: ParquetColumn("n", .int32), dictionaryLimit: 100)
    chunk.append(integer: 7)
    #expect(chunk.takePages().data.body == [7, 0, 0, 0])
    #expect(chunk.count == 0 && chunk.byteCount == 0)
    chunk.append(integer: -1)
    let pages = chunk.takePages()
    #expect(pages.data.body == [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(
      pages.statistics
        == ParquetStatistics(
          nullCount: 0, minimum: [0xFF, 0xFF, 0xFF, 0xFF], maximum: [0xFF, 0xFF, 0xFF, 0xFF]))
  }

  @Test func booleansArePackedOneBitEach() {
    var chunk = ParquetColumnChunk(column: ParquetColumn("flag", .boolean), dictionaryLimit: 100)
    for value in [true, false, true, true, false, false, false, false, true] { chunk.append(boolean: value) }
    #expect(chunk.takePages().data.body == [0x0D, 0x01])
  }

  /// A row group is handed to the writing thread once it holds the rows asked for, and the rest
  /// at the end; the footer lists them.
  @Test func rowGroupsAreWrittenAsRowsCome() throws {
    var bytes: [UInt8] = []
    var options = ParquetWriter.Options()
    options.rowGroupRows = 4
    options.gzipLevel = nil
    let writer = try ParquetWriter(
      schema: ParquetSchema([ParquetColumn("n", .int64)]), options: options,
      sink: ByteSink { bytes.append($0) })
    var groups: [Int] = []
    for n in 0..<10 {
      writer.append(Int64(n))
      try writer.endRow()
      groups.append(writer.rowGroupCount)
    }
    #expect(groups == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2])
    #expect(try writer.finish() == 10)
    #expect(writer.rowGroupCount == 3)
    // Each group's data page holds its values: 4, 4 and 2 of them, 8 bytes each.
    var values: [UInt8] = []
    for n in Int64(4)..<8 { values.appendLittleEndian(n) }
    #expect(bytes.firstRange(of: values) != nil)
  }

  /// A sink that fails fails the writer at the next row group or at `finish`, never silently.
  @Test func aFailingSinkFailsTheWriter() throws {
    struct Full: Error {}
    var options = ParquetWriter.Options()
    options.rowGroupRows = 2
    var calls = 0
    let writer = try ParquetWriter(
      schema: ParquetSchema([ParquetColumn("n", .int64)]), options: options,
      sink: ByteSink { _ in
        calls += 1
        if calls > 1 { throw Full() }
      })
    #expect(throws: Full.self) {
      for n in 0..<100 {
        writer.append(Int64(n))
        try writer.endRow()
      }
      _ = try writer.finish()
    }
  }

  /// The file a writer makes by path is owner-only and holds what it would have written to a sink.
  @Test func aFileByPathHoldsTheSameBytes() throws {
    let folder = try TestDirectory()
    let path = folder.path + "/small.parquet"
    var options = ParquetWriter.Options()
    options.gzipLevel = nil
    let writer = try ParquetWriter(
      path: path, displayPath: "small.parquet", schema: ParquetSchema([ParquetColumn("n", .int64)]),
      options: options)
    writer.append(Int64(1))
    try writer.endRow()
    _ = try writer.finish()
    var expected: [UInt8] = []
    let inMemory = try ParquetWriter(
      schema: ParquetSchema([ParquetColumn("n", .int64)]), options: options,
      sink: ByteSink { expected.append($0) })
    inMemory.append(Int64(1))
    try inMemory.endRow()
    _ = try inMemory.finish()
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    #expect(SystemCall.permissions(of: path) == 0o600)
  }
}
