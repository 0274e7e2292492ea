package import HealthModel
package import SystemShim

/// Writes one Parquet file of a flat schema as rows stream in: the values of each row group are
/// gathered column by column, and when the group holds `Options.rowGroupRows` rows or about
/// `Options.rowGroupBytes` bytes, each column chunk is written (a dictionary page for text, then
/// one data page, v1, each compressed), so that memory stays bounded by one row group whatever the
/// number of rows. `finish()` writes the footer: `PAR1`, the chunks, the footer's Thrift, its
/// length in 4 bytes, `PAR1`.
///
/// A row is its values appended in the schema's order, then `endRow()`:
///
///     let writer = try ParquetWriter(schema: schema, sink: sink)
///     writer.append("HKQuantityTypeIdentifierStepCount")
///     writer.append(Double?(1234))
///     try writer.endRow()
///     let rows = try writer.finish()
package final class ParquetWriter {
  /// How a file is written.
  package struct Options: Sendable {
    /// Rows of a row group at most.
    package var rowGroupRows = 131_072
    /// The bytes a row group's values may take in memory before it is written, about.
    package var rowGroupBytes = 8 << 20
    /// The bytes of a text column's dictionary, per chunk, past which the chunk is written PLAIN.
    package var dictionaryLimit = 1 << 20
    /// Whether pages are compressed with GZIP (at this zlib level, 1–9); nil writes them as
    /// they are.
    package var gzipLevel: Int32? = 6
    /// The writer's name in the footer (`created_by`).
    package var createdBy = "HealthExporter"

    /// The defaults: row groups of 131,072 rows or 8 MiB, dictionaries up to 1 MiB, GZIP at level 6.
    package init() {}
  }

  private let schema: ParquetSchema
  private let options: Options
  private let sink: ByteSink
  /// Closes the file the writer made, if it made one.
  private var closeFile: (() throws -> Void)?
  private var columns: [ParquetColumnChunk]
  /// The column the next value goes to.
  private var nextColumn = 0
  private var rowsInGroup = 0
  /// The rows written or gathered so far.
  package private(set) var rowCount = 0
  /// Bytes written so far: the offset of the next.
  private var offset: Int64 = 0
  private var footer: ParquetFooter
  private let deflater: Deflater?
  private var compressed: [UInt8] = []

  /// A writer of `schema`'s rows to `sink`; writes the leading `PAR1`.
  /// - Throws: what `sink` throws.
  package init(schema: ParquetSchema, options: Options = Options(), sink: ByteSink) throws {
    self.schema = schema
    self.options = options
    self.sink = sink
    columns = schema.columns.map { ParquetColumnChunk(column: $0, dictionaryLimit: options.dictionaryLimit) }
    footer = ParquetFooter(
      schema: schema, codec: options.gzipLevel == nil ? 0 : 2, createdBy: options.createdBy)
    deflater = options.gzipLevel.flatMap { Deflater(level: $0, chunkSize: 256 << 10, wrapper: .gzip) }
    guard options.gzipLevel == nil || deflater != nil else {
      throw OutputError.writeFailed(path: "a Parquet file", reason: "zlib could not start")
    }
    try write(Self.magic)
  }

  /// A writer of `schema`'s rows to a new file at `path` (owner-only), closed by `finish()`.
  /// - Parameters:
  ///   - path: where the file is made.
  ///   - displayPath: how messages name the file.
  ///   - schema: the file's columns.
  ///   - options: how it is written.
  /// - Throws: `OutputError` when the file cannot be made or written.
  package convenience init(
    path: String, displayPath: String, schema: ParquetSchema, options: Options = Options()
  ) throws {
    let descriptor: Int32
    do {
      descriptor = try SystemCall.createOrTruncate(path, mode: 0o600)
    } catch {
      throw OutputError.cannotCreate(path: displayPath, reason: error.reason)
    }
    var isOpen = true
    let sink = ByteSink { bytes in
      do throws(SystemError) {
        try SystemCall.writeAll(descriptor, bytes, path: path)
      } catch {
        throw OutputError.writeFailed(path: displayPath, reason: error.reason)
      }
    }
    do {
      try self.init(schema: schema, options: options, sink: sink)
    } catch {
      SystemCall.close(descriptor)
      throw error
    }
    closeFile = {
      guard isOpen else { return }
      isOpen = false
      do throws(SystemError) {
        try SystemCall.closeChecked(descriptor, path: path)
      } catch {
        throw OutputError.writeFailed(path: displayPath, reason: error.reason)
      }
    }
  }

  deinit {
    // A writer given up before `finish` closes its file; the caller removes it.
    try? closeFile?()
  }

  private static let magic: [UInt8] = Array("PAR1".utf8)

  // MARK: - Rows

  /// Appends the next column's value: text.
  package func append(_ value: String?) {
    guard let value else { return appendNull() }
    columns[nextColumn].append(string: value)
    nextColumn += 1
  }

  /// Appends the next column's value: a double.
  package func append(_ value: Double?) {
    guard let value else { return appendNull() }
    columns[nextColumn].append(double: value)
    nextColumn += 1
  }

  /// Appends the next column's value: an integer (`INT64`, or `INT32` where it fits).
  package func append(_ value: Int64?) {
    guard let value else { return appendNull() }
    columns[nextColumn].append(integer: value)
    nextColumn += 1
  }

  /// Appends the next column's value: a boolean.
  package func append(_ value: Bool?) {
    guard let value else { return appendNull() }
    columns[nextColumn].append(boolean: value)
    nextColumn += 1
  }

  /// Appends the next column's value: an instant, to the microsecond.
  package func append(_ value: Timestamp?) {
    guard let value else { return appendNull() }
    precondition(columns[nextColumn].column.kind == .timestamp, "an instant goes in a timestamp column")
    columns[nextColumn].append(integer: value.microsecondsSince1970)
    nextColumn += 1
  }

  /// Appends the next column's value: a calendar day, as days since 1970-01-01.
  package func append(day: Int64?) {
    guard let day else { return appendNull() }
    precondition(columns[nextColumn].column.kind == .date, "a day goes in a date column")
    columns[nextColumn].append(integer: day)
    nextColumn += 1
  }

  private func appendNull() {
    columns[nextColumn].appendNull()
    nextColumn += 1
  }

  /// Ends the row whose values were appended, one for each column; writes the row group when it
  /// is full.
  /// - Throws: what the sink throws.
  package func endRow() throws {
    precondition(nextColumn == columns.count, "a row has a value for each column")
    nextColumn = 0
    rowsInGroup += 1
    rowCount += 1
    if rowsInGroup >= options.rowGroupRows
      || (rowsInGroup % 64 == 0 && columns.reduce(0) { $0 + $1.byteCount } >= options.rowGroupBytes)
    {
      try writeRowGroup()
    }
  }

  /// Writes the last row group and the footer, and closes the file the writer made.
  /// - Returns: the rows written.
  /// - Throws: what the sink throws.
  package func finish() throws -> Int {
    precondition(nextColumn == 0, "the last row is ended")
    if rowsInGroup > 0 { try writeRowGroup() }
    let encoded = footer.encoded()
    var tail = encoded
    tail.appendLittleEndian(UInt32(encoded.count))
    tail.append(contentsOf: Self.magic)
    try write(tail)
    try closeFile?()
    return rowCount
  }

  // MARK: - Pages

  private func writeRowGroup() throws {
    var group = ParquetFooter.RowGroup(chunks: [], rowCount: Int64(rowsInGroup), fileOffset: offset)
    for index in columns.indices {
      let pages = columns[index].takePages()
      let start = offset
      var dictionaryOffset: Int64?
      var uncompressed = 0
      if let dictionary = pages.dictionary {
        dictionaryOffset = offset
        uncompressed += try write(dictionary, isDictionary: true)
      }
      let dataOffset = offset
      uncompressed += try write(pages.data, isDictionary: false)
      group.chunks.append(
        ParquetFooter.Chunk(
          encodings: pages.encodings, valueCount: Int64(pages.data.valueCount),
          uncompressedSize: Int64(uncompressed), compressedSize: offset - start, dataPageOffset: dataOffset,
          dictionaryPageOffset: dictionaryOffset, statistics: pages.statistics))
    }
    footer.rowGroups.append(group)
    rowsInGroup = 0
  }

  /// Writes a page: its header (`PageHeader`, with the CRC-32 of the bytes that follow), then
  /// its body, compressed.
  /// - Returns: the page's size with its header, before compression.
  private func write(_ page: ParquetColumnChunk.Page, isDictionary: Bool) throws -> Int {
    let body: [UInt8]
    if let deflater {
      compressed.removeAll(keepingCapacity: true)
      page.body.withRawSpan { span in
        deflater.deflate(span) { compressed.append($0) }
      }
      deflater.finish { compressed.append($0) }
      deflater.reset()
      body = compressed
    } else {
      body = page.body
    }
    var crc = CRC32()
    crc.update(body)
    var header = ThriftCompactWriter()
    header.i32(isDictionary ? 2 : 0, field: 1)
    header.i32(Int32(page.body.count), field: 2)
    header.i32(Int32(body.count), field: 3)
    header.i32(Int32(bitPattern: crc.value), field: 4)
    if isDictionary {
      header.structure(field: 7) { dictionary in
        dictionary.i32(Int32(page.valueCount), field: 1)
        dictionary.i32(page.encoding, field: 2)
      }
    } else {
      header.structure(field: 5) { data in
        data.i32(Int32(page.valueCount), field: 1)
        data.i32(page.encoding, field: 2)
        data.i32(ParquetColumnChunk.rle, field: 3)
        data.i32(ParquetColumnChunk.rle, field: 4)
      }
    }
    let headerBytes = header.finish()
    try write(headerBytes)
    try write(body)
    return headerBytes.count + page.body.count
  }

  private func write(_ bytes: [UInt8]) throws {
    try sink.write(bytes)
    offset += Int64(bytes.count)
  }
}
