import HealthModel
import SystemShim

/// Writes the summary CSV (summaries.md): the CSV's three disclaimer lines, the header, then one
/// line per row, as UTF-8 with LF line endings, quoted as the CSV is.
///
/// Bytes are gathered in one reused buffer and handed to the destination in chunks of about
/// 1 MiB.
struct SummaryCSVWriter: ExportWriter {
  /// The header line, ending with LF.
  static let header = "Period,Metric,Value,Unit,Min,Max,Count,Sources\n"
  /// How the sources of a row are joined.
  static let sourceSeparator = "; "

  let dateFormat: DateFormat
  let flushThreshold: Int
  /// Whether text fields are written as read, formulas and all (`CSVField`).
  let keepsRawText: Bool

  /// - Parameters:
  ///   - dateFormat: how periods are written.
  ///   - flushThreshold: bytes gathered before they are handed on.
  ///   - keepsRawText: whether a text field that starts like a formula is written as it is.
  init(dateFormat: DateFormat, flushThreshold: Int = 1 << 20, keepsRawText: Bool = false) {
    self.dateFormat = dateFormat
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
  }

  /// Writes the whole file: disclaimer, header and the rows in their order, as they are read.
  /// - Returns: what was written, without the skipped records (the front door adds them).
  /// - Throws: `OutputError`; what the destination's stream throws.
  func write(_ rows: SummaryRows, to destination: OutputDestination) throws -> SummaryExport.Outcome {
    var periods = 0
    try destination.write { sink in
      var lines = SummaryLines(
        dateFormat: dateFormat, flushThreshold: flushThreshold, keepsRawText: keepsRawText, sink: sink)
      periods = try lines.write(rows)
    }
    return SummaryExport.Outcome(
      rows: rows.count, periods: periods, metrics: rows.metricCount, dropped: rows.dropped, skipped: [],
      unknownPrioritySources: rows.unknownPrioritySources,
      absentTypes: rows.readingSpans.filter { $0.count == 0 }.map(\.name), outputPath: destination.path,
      timeZone: rows.timeZone)
  }
}

/// The bytes of one summary CSV as they are gathered.
private struct SummaryLines {
  private let dateFormat: DateFormat
  private var buffer: [UInt8] = []
  private let flushThreshold: Int
  private let keepsRawText: Bool
  private let sink: ByteSink

  init(
    dateFormat: DateFormat, flushThreshold: Int, keepsRawText: Bool,
    sink: ByteSink
  ) {
    self.dateFormat = dateFormat
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
    self.sink = sink
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Writes every line.
  /// - Returns: the periods written (rows come by period, so each new one is named by a new local
  /// start: a night is named by the day it ends on).
  mutating func write(_ rows: SummaryRows) throws -> Int {
    buffer.append(contentsOf: CSVWriter.disclaimer.utf8)
    buffer.append(contentsOf: SummaryCSVWriter.header.utf8)
    var periods = 0
    var lastPeriod: (start: CivilDateTime, offset: Int)?
    try rows.forEachRow { row in
      if lastPeriod.map({ $0.start != row.period.localStart || $0.offset != row.period.utcOffset }) ?? true {
        periods += 1
        lastPeriod = (row.period.localStart, row.period.utcOffset)
      }
      dateFormat.appendPeriod(row.period, to: &buffer)
      comma()
      CSVField.append(row.metric, keepsRawText: keepsRawText, to: &buffer)
      comma()
      if let value = row.value { FixedDecimal.append(value, to: &buffer) }
      comma()
      CSVField.append(row.unit, keepsRawText: keepsRawText, to: &buffer)
      comma()
      if let minimum = row.minimum {
        FixedDecimal.append(minimum, to: &buffer)
      }
      comma()
      if let maximum = row.maximum {
        FixedDecimal.append(maximum, to: &buffer)
      }
      comma()
      FixedDecimal.appendInteger(UInt64(row.count), to: &buffer)
      comma()
      CSVField.append(
        row.sources.joined(separator: SummaryCSVWriter.sourceSeparator), keepsRawText: keepsRawText,
        to: &buffer)
      buffer.append(0x0A)
      if buffer.count >= flushThreshold { try flush() }
    }
    try flush()
    return periods
  }

  private mutating func comma() {
    buffer.append(UInt8(ascii: ","))
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
