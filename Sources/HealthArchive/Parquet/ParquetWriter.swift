package import HealthModel
package import SystemShim

/// Writes one Parquet file of a flat schema as rows stream in: the values of each row group are
/// gathered column by column, and when the group holds `Options.rowGroupRows` rows or about
/// `Options.rowGroupBytes` bytes, it is handed to a thread of the writer's own
/// (`ParquetPageWriter`, on a `HandOffWorker`), which encodes each column chunk (a dictionary page
/// for text, then one data page, v1), compresses and writes it while the next group is gathered.
/// Memory stays bounded by two row groups whatever the number of rows: the group being gathered
/// waits for the one being written before it is handed over. `finish()` writes the footer: the
/// file is `PAR1`, the chunks, the footer's Thrift, its length in 4 bytes, `PAR1`. A failure of
/// the writing thread is thrown by the next `endRow()` or `finish()`.
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
    package var rowGroupBytes = 2 << 20
    /// The bytes of a text column's dictionary, per chunk, past which the chunk is written PLAIN.
    package var dictionaryLimit = 1 << 20
    /// Whether pages are compressed with GZIP (at this zlib level, 1–9); nil writes them as
    /// they are. Level 1: a health export's numbers compress as well as at zlib's default level
    /// (6), three times as fast (docs/performance.md).
    package var gzipLevel: Int32? = 1
    /// The writer's name in the footer (`created_by`).
    package var createdBy = "HealthExporter"

    /// The defaults: row groups of 131,072 rows or 2 MiB, dictionaries up to 1 MiB, GZIP at level 1.
    package init() {}
  }

  private let schema: ParquetSchema
  private let options: Options
  /// Closes the file the writer made, if it made one.
  private var closeFile: (() throws -> Void)?
  // Touched at every value by the one thread that appends the rows: the dynamic exclusivity
  // checks are left out.
  @exclusivity(unchecked) private var columns: [ParquetColumnChunk]
  /// The column the next value goes to.
  @exclusivity(unchecked) private var nextColumn = 0
  @exclusivity(unchecked) private var rowsInGroup = 0
  /// The rows appended so far.
  @exclusivity(unchecked) package private(set) var rowCount = 0
  /// The row groups handed to the writing thread so far.
  package private(set) var rowGroupCount = 0
  /// The file side. Only the worker's thread touches it while row groups are being written: this
  /// writer does before the first is handed over (`PAR1`) and once `finish` has joined the
  /// thread (the footer).
  private let pages: ParquetPageWriter
  private let worker: HandOffWorker<ParquetPageWriter.RowGroup, any Error>

  /// A writer of `schema`'s rows to `sink`; writes the leading `PAR1`. The sink is called on the
  /// writer's thread, never after `finish` returns.
  /// - Throws: what `sink` throws.
  package init(schema: ParquetSchema, options: Options = Options(), sink: ByteSink) throws {
    self.schema = schema
    self.options = options
    columns = schema.columns.map { ParquetColumnChunk(column: $0, dictionaryLimit: options.dictionaryLimit) }
    let pages = try ParquetPageWriter(
      sink: sink, schema: schema, gzipLevel: options.gzipLevel, createdBy: options.createdBy)
    try pages.writeMagic()
    self.pages = pages
    worker = HandOffWorker(name: "parquet", depth: 1) { group in try pages.write(group) }
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
    // A writer given up before `finish` stops its thread, then closes its file; the caller
    // removes it.
    worker.stop()
    try? closeFile?()
  }

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

  /// Ends the row whose values were appended, one for each column; hands the row group over
  /// when it is full.
  /// - Throws: what the sink threw on the writing thread.
  package func endRow() throws {
    precondition(nextColumn == columns.count, "a row has a value for each column")
    nextColumn = 0
    rowsInGroup += 1
    rowCount += 1
    if rowsInGroup >= options.rowGroupRows
      || (rowsInGroup % 64 == 0 && columns.reduce(0) { $0 + $1.byteCount } >= options.rowGroupBytes)
    {
      try handOverRowGroup()
    }
  }

  /// Writes the last row group and the footer, and closes the file the writer made.
  /// - Returns: the rows written.
  /// - Throws: what the sink throws.
  package func finish() throws -> Int {
    precondition(nextColumn == 0, "the last row is ended")
    if rowsInGroup > 0 { try handOverRowGroup() }
    try worker.finish()
    try pages.writeFooter()
    try closeFile?()
    return rowCount
  }

  /// Hands the row group gathered to the writing thread, once it has written the one before,
  /// and starts the next.
  private func handOverRowGroup() throws {
    let group = ParquetPageWriter.RowGroup(chunks: columns, rowCount: rowsInGroup)
    columns = schema.columns.map { ParquetColumnChunk(column: $0, dictionaryLimit: options.dictionaryLimit) }
    rowsInGroup = 0
    try worker.drain()
    try worker.submit(group)
    rowGroupCount += 1
  }
}
