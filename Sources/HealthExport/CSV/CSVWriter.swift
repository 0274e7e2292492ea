import Foundation
import HealthModel

/// Writes the HealthExporter CSV: the three disclaimer lines, the header, then the rows of each
/// block, as UTF-8 with LF line endings. Fields are quoted only when they hold a comma, a double
/// quote, CR or LF (RFC 4180), inner quotes doubled; a text field that starts like a formula is
/// written after a `'` (`CSVField`). Values are the written values of the rows'
/// measures and labs (`Measure.writtenValue(of:)`), in printf's rounding.
///
/// Rows are cut into chunks of `chunkRows` rows; with `formatsInParallel`, every other chunk is
/// formatted into bytes on a worker thread (Dispatch) while the calling thread formats the next,
/// and the chunks' bytes are handed to the destination in order, so the file is the same as when
/// every chunk is formatted on the calling thread. At most one chunk is with the worker at a time,
/// so memory stays bounded: two chunks of rows and two buffers of their bytes. Reading the rows
/// (merging spilled runs) and writing the bytes stay on the calling thread, with their errors.
/// Formatted on one thread, bytes are handed to the destination in chunks of about
/// `flushThreshold` bytes.
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
  let timeZone: TimeZone
  let flushThreshold: Int
  /// Whether text fields are written as read, formulas and all (`CSVField`).
  let keepsRawText: Bool
  /// Rows formatted together, on one thread or the other.
  let chunkRows: Int
  /// Whether every other chunk is formatted on a worker thread.
  let formatsInParallel: Bool

  /// - Parameters:
  ///   - dateFormat: how dates are written.
  ///   - timeZone: the zone of local dates.
  ///   - flushThreshold: bytes gathered before they are handed on.
  ///   - keepsRawText: whether a text field that starts like a formula is written as it is.
  ///   - chunkRows: rows formatted together (at least 1).
  ///   - formatsInParallel: whether every other chunk is formatted on a worker thread.
  init(
    dateFormat: DateFormat, timeZone: TimeZone, flushThreshold: Int = 1 << 20, keepsRawText: Bool = false,
    chunkRows: Int = 4096, formatsInParallel: Bool = true
  ) {
    self.dateFormat = dateFormat
    self.timeZone = timeZone
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
    self.chunkRows = max(chunkRows, 1)
    self.formatsInParallel = formatsInParallel
  }

  /// Writes the whole file: disclaimer, header and every block.
  /// - Returns: the rows written per block, in block order (blocks with no rows included).
  /// - Throws: `OutputError`; what the destination's stream throws.
  func write(_ rows: SelectedRows, to destination: OutputDestination) throws -> [ExportSummary.BlockCount] {
    try destination.write { sink in
      var lines = Lines(
        dateFormat: dateFormat, timeZone: timeZone, flushThreshold: flushThreshold,
        keepsRawText: keepsRawText, chunkRows: chunkRows, formatsInParallel: formatsInParallel,
        sink: sink)
      try lines.write(rows.blocks)
    }
    return rows.blocks.map { ExportSummary.BlockCount(name: $0.name, rows: $0.rowCount) }
  }
}

/// The bytes of one CSV file as they are gathered: rows cut into chunks, every other chunk
/// formatted by the worker when there is one, the chunks' bytes written in order.
private struct Lines {
  private var formatter: CSVRowFormatter
  private var buffer: [UInt8] = []
  private let flushThreshold: Int
  private let keepsRawText: Bool
  private let chunkRows: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  /// The chunk being gathered: its closed segments, the open measure segment's rows, its rows.
  private var segments: [CSVSegment] = []
  private var measureFields: CSVMeasureFields?
  private var measureRows: [PackedMeasureRow] = []
  private var measureSources: [String] = []
  private var rowCount = 0
  /// The worker and whether it has a chunk not yet written; nil when formatting on one thread.
  private let worker: ChunkWorker?
  private var isWorkerBusy = false
  /// Whether the next chunk goes to the worker.
  private var handsToWorker = true

  init(
    dateFormat: DateFormat, timeZone: TimeZone, flushThreshold: Int, keepsRawText: Bool,
    chunkRows: Int, formatsInParallel: Bool,
    sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    formatter = CSVRowFormatter(dateFormat: dateFormat, timeZone: timeZone, keepsRawText: keepsRawText)
    worker =
      formatsInParallel
      ? ChunkWorker(
        formatter: CSVRowFormatter(dateFormat: dateFormat, timeZone: timeZone, keepsRawText: keepsRawText))
      : nil
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
    self.chunkRows = chunkRows
    self.sink = sink
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Writes the whole file: disclaimer, header and every block. Returns (or throws) only once the
  /// worker has finished with its chunk.
  mutating func write(_ blocks: [RowBlock]) throws {
    defer { worker?.wait() }
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
    try writeWorkerBytes()
    try flush()
  }

  private mutating func closeMeasureSegment() {
    guard let measureFields, !measureRows.isEmpty else { return }
    segments.append(.measure(measureFields, measureRows, sources: measureSources))
    measureRows = []
  }

  /// Formats the chunk gathered, or hands it to the worker; writes what is formatted in order.
  private mutating func endChunk() throws {
    closeMeasureSegment()
    guard rowCount > 0 else { return }
    let chunk = segments
    segments = []
    rowCount = 0
    if let worker, handsToWorker {
      // What is gathered (the header, at first) comes before the worker's chunk.
      try flush()
      worker.start(chunk)
      isWorkerBusy = true
      handsToWorker = false
      return
    }
    formatter.append(chunk, to: &buffer)
    handsToWorker = true
    if isWorkerBusy {
      try writeWorkerBytes()
      try flush()
    } else if buffer.count >= flushThreshold {
      try flush()
    }
  }

  /// Waits for the worker's chunk and writes its bytes, when it has one.
  private mutating func writeWorkerBytes() throws {
    guard let worker, isWorkerBusy else { return }
    worker.wait()
    isWorkerBusy = false
    try worker.bytes.withUnsafeBytes { try sink($0) }
    worker.bytes.removeAll(keepingCapacity: true)
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBytes { try sink($0) }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Formats one chunk at a time on a Dispatch worker thread into bytes of its own.
private final class ChunkWorker: @unchecked Sendable {
  // Unchecked: `formatter` and `bytes` are used by the worker between `start` and the end of
  // `wait`, and by the calling thread only after `wait`; the group orders the two.
  private var formatter: CSVRowFormatter
  /// The bytes of the last chunk formatted; the caller empties them once written.
  var bytes: [UInt8] = []
  private let group = DispatchGroup()

  init(formatter: CSVRowFormatter) {
    self.formatter = formatter
  }

  /// Formats `chunk` on the worker; the calling thread must `wait` before the next `start`.
  func start(_ chunk: [CSVSegment]) {
    DispatchQueue.global().async(group: group) {
      self.formatter.append(chunk, to: &self.bytes)
    }
  }

  /// Waits until the chunk started last is formatted (at once when there is none).
  func wait() {
    group.wait()
  }
}
