import Foundation
import HealthArchive
import HealthModel
import SystemShim

/// Writes the HealthExporter CSV: the three disclaimer lines, the header, then the rows of each
/// block, as UTF-8 with LF line endings. Fields are quoted only when they hold a comma, a double
/// quote, CR or LF (RFC 4180), inner quotes doubled; a text field that starts like a formula is
/// written after a `'` (`CSVField`). Values are the written values of the rows'
/// measures and labs (`Measure.writtenValue(of:)`), in printf's rounding.
///
/// Rows are cut into chunks of `chunkRows` rows. With `formatsInParallel`, the calling thread
/// only reads the rows (merging spilled runs, with its errors) and cuts them into chunks; two
/// worker threads (`HandOffWorker`s) take the chunks in turn and format them into bytes, which are
/// handed on in the chunks' order, so the file is the same as when every chunk is formatted on
/// the calling thread. Each worker has at most one chunk at a time, so memory stays bounded:
/// three chunks of rows and two buffers of their bytes. Formatted on one thread, bytes are
/// handed on in chunks of about `flushThreshold` bytes.
///
/// Bytes are handed to a `BackgroundOutput`, whose thread hands them to the destination in blocks
/// of `blockSize` bytes, so that the kernel's copying runs beside the formatting; the
/// destination's first error is thrown by the next block handed on, and nothing is handed to it
/// after that. A file's pages go to the disk as it grows (`OutputFile`'s drop interval).
struct CSVWriter: ExportWriter {
  /// The lines before the header, each ending with LF.
  static let disclaimer = """
    ### HealthExporterCSV: data exported as-is from Apple Health.
    ### No warranty of accuracy or completeness or fitness for any purpose.
    ### Not a medical record. Verify with your healthcare provider before any clinical use.

    """
  /// The header line, ending with LF.
  static let header = "Date,Metric,LOINC,Value,Unit,Source,Meal Time\n"

  let dateFormat: DateFormat
  let flushThreshold: Int
  /// Whether text fields are written as read, formulas and all (`CSVField`).
  let keepsRawText: Bool
  /// Rows formatted together, on one thread or another.
  let chunkRows: Int
  /// Whether the chunks are formatted on worker threads.
  let formatsInParallel: Bool
  /// The bytes handed to the destination at a time (the last block may be shorter).
  let blockSize: Int

  /// - Parameters:
  ///   - dateFormat: how dates are written (local ones in the rows' zone).
  ///   - flushThreshold: bytes gathered before they are handed on.
  ///   - keepsRawText: whether a text field that starts like a formula is written as it is.
  ///   - chunkRows: rows formatted together (at least 1).
  ///   - formatsInParallel: whether the chunks are formatted on worker threads.
  ///   - blockSize: the bytes handed to the destination at a time.
  init(
    dateFormat: DateFormat, flushThreshold: Int = 1 << 20, keepsRawText: Bool = false,
    chunkRows: Int = 4096, formatsInParallel: Bool = true, blockSize: Int = BackgroundOutput.defaultBlockSize
  ) {
    self.dateFormat = dateFormat
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
    self.chunkRows = max(chunkRows, 1)
    self.formatsInParallel = formatsInParallel
    self.blockSize = blockSize
  }

  /// Writes the whole file: disclaimer, header and every block.
  /// - Returns: each block's name and the rows written in it, in block order (blocks with no rows
  ///   included).
  /// - Throws: `OutputError`; what the destination's stream throws.
  func write(_ rows: SelectedRows, to destination: OutputDestination) throws -> [(name: String, rows: Int)] {
    // A CSV of hundreds of megabytes is written once: its pages go to the disk as it grows.
    try destination.write(dropInterval: OutputFile.defaultDropInterval) { sink in
      let output = BackgroundOutput(sink: sink, blockSize: blockSize)
      // Whatever ends the writing, the sink's thread is done before this returns.
      defer { output.stop() }
      var lines = Lines(
        dateFormat: dateFormat, timeZone: rows.timeZone, flushThreshold: flushThreshold,
        keepsRawText: keepsRawText, chunkRows: chunkRows, workerCount: formatsInParallel ? 2 : 0,
        sink: ByteSink { try output.write($0) })
      try lines.write(rows.blocks)
      try output.finish()
    }
    return rows.blocks.map { ($0.name, $0.rowCount) }
  }
}

/// The bytes of one CSV file as they are gathered: rows cut into chunks, each chunk formatted by
/// the workers in turn when there are any (else on this thread), the chunks' bytes written in
/// order.
private struct Lines {
  private var formatter: CSVRowFormatter
  private var buffer: [UInt8] = []
  private let flushThreshold: Int
  private let keepsRawText: Bool
  private let chunkRows: Int
  private let sink: ByteSink
  /// The chunk being gathered: its closed segments, the open measure segment's rows, its rows.
  private var segments: [CSVSegment] = []
  private var measureFields: CSVMeasureFields?
  private var measureRows: [PackedMeasureRow] = []
  private var measureSources: [String] = []
  private var rowCount = 0
  /// The workers, which take the chunks in turn; empty when formatting on one thread.
  private let workers: [ChunkWorker]
  /// Whether each worker has a chunk whose bytes are not yet written.
  private var isBusy: [Bool]
  /// The worker the next chunk goes to; its chunk before (if any) is the oldest not yet written.
  private var nextWorker = 0

  init(
    dateFormat: DateFormat, timeZone: TimeZone, flushThreshold: Int, keepsRawText: Bool,
    chunkRows: Int, workerCount: Int,
    sink: ByteSink
  ) {
    formatter = CSVRowFormatter(dateFormat: dateFormat, timeZone: timeZone, keepsRawText: keepsRawText)
    workers = (0..<workerCount).map { _ in
      ChunkWorker(
        formatter: CSVRowFormatter(dateFormat: dateFormat, timeZone: timeZone, keepsRawText: keepsRawText))
    }
    isBusy = Array(repeating: false, count: workerCount)
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
    self.chunkRows = chunkRows
    self.sink = sink
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Writes the whole file: disclaimer, header and every block. Returns (or throws) only once the
  /// workers have finished with their chunks.
  mutating func write(_ blocks: [RowBlock]) throws {
    defer { for worker in workers { worker.wait() } }
    buffer.append(contentsOf: CSVWriter.disclaimer.utf8)
    buffer.append(contentsOf: CSVWriter.header.utf8)
    for block in blocks {
      switch block {
      case .measure(let measure, let unit, let rows):
        measureFields = CSVMeasureFields(measure: measure, unit: unit, keepsRawText: keepsRawText)
        measureSources = rows.sourceNames
        try rows.forEachPackedRow { row in
          measureRows.append(row)
          rowCount += 1
          if rowCount == chunkRows { try endChunk() }
        }
        closeMeasureSegment()
        measureFields = nil
      case .labs(let rows):
        var start = rows.startIndex
        while start < rows.endIndex {
          let end = start + min(chunkRows - rowCount, rows.endIndex - start)
          segments.append(.labs(rows[start..<end]))
          rowCount += end - start
          start = end
          if rowCount == chunkRows { try endChunk() }
        }
      }
    }
    try endChunk()
    // The chunks still with the workers, oldest first.
    for turn in 0..<workers.count { try writeBytes(ofWorker: (nextWorker + turn) % workers.count) }
    try flush()
  }

  private mutating func closeMeasureSegment() {
    guard let measureFields, !measureRows.isEmpty else { return }
    segments.append(.measure(measureFields, measureRows, sources: measureSources))
    measureRows = []
  }

  /// Hands the chunk gathered to the next worker, once that worker's chunk before is written, or
  /// formats it on this thread when there are no workers.
  private mutating func endChunk() throws {
    closeMeasureSegment()
    guard rowCount > 0 else { return }
    let chunk = segments
    segments = []
    rowCount = 0
    guard !workers.isEmpty else {
      formatter.append(chunk, to: &buffer)
      if buffer.count >= flushThreshold { try flush() }
      return
    }
    // What is gathered (the header, at first) comes before the chunks that follow.
    try flush()
    try writeBytes(ofWorker: nextWorker)
    workers[nextWorker].start(chunk)
    isBusy[nextWorker] = true
    nextWorker = (nextWorker + 1) % workers.count
  }

  /// Waits for the chunk of worker `index` and writes its bytes, when it has one.
  private mutating func writeBytes(ofWorker index: Int) throws {
    guard isBusy[index] else { return }
    let worker = workers[index]
    worker.wait()
    isBusy[index] = false
    try sink.write(worker.bytes)
    worker.bytes.removeAll(keepingCapacity: true)
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Formats one chunk at a time on a thread of its own (a `HandOffWorker` of depth 1) into bytes
/// of its own.
private final class ChunkWorker {
  private let output: ChunkBytes
  private let worker: HandOffWorker<[CSVSegment], Never>

  init(formatter: CSVRowFormatter) {
    let output = ChunkBytes(formatter: formatter)
    self.output = output
    worker = HandOffWorker(name: "csv-rows", depth: 1) { chunk in
      output.formatter.append(chunk, to: &output.bytes)
    }
  }

  /// The bytes of the last chunk formatted, once `wait` has returned; the caller empties them
  /// once written.
  var bytes: [UInt8] {
    get { output.bytes }
    _modify { yield &output.bytes }
  }

  /// Formats `chunk` on the worker; the calling thread must `wait` before the next `start`.
  func start(_ chunk: [CSVSegment]) {
    worker.submit(chunk)
  }

  /// Waits until the chunk started last is formatted (at once when there is none).
  func wait() {
    worker.drain()
  }
}

/// A worker's formatter and the bytes it makes.
private final class ChunkBytes: @unchecked Sendable {
  // Unchecked: used by the worker's thread between `start` and the end of `wait`, and by the
  // calling thread only after `wait`; the worker's lock orders the two.
  var formatter: CSVRowFormatter
  var bytes: [UInt8] = []

  init(formatter: CSVRowFormatter) {
    self.formatter = formatter
  }
}
