import Foundation
import HealthModel

/// Writes the HealthExporter CSV: the three disclaimer lines, the header, then the rows of each
/// block, as UTF-8 with LF line endings. Fields are quoted only when they hold a comma, a double
/// quote, CR or LF (RFC 4180), inner quotes doubled; a text field that starts like a formula is
/// written after a `'` (`CSVField`). Values are the written values of the rows'
/// measures and labs (`Measure.writtenValue(of:)`), in printf's rounding.
///
/// Bytes are gathered in one reused buffer and handed to the destination in chunks of about 1 MiB.
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

  /// - Parameters:
  ///   - dateFormat: how dates are written.
  ///   - timeZone: the zone of local dates.
  ///   - flushThreshold: bytes gathered before they are handed on.
  ///   - keepsRawText: whether a text field that starts like a formula is written as it is.
  init(dateFormat: DateFormat, timeZone: TimeZone, flushThreshold: Int = 1 << 20, keepsRawText: Bool = false)
  {
    self.dateFormat = dateFormat
    self.timeZone = timeZone
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
  }

  /// Writes the whole file: disclaimer, header and every block.
  /// - Returns: the rows written per block, in block order (blocks with no rows included).
  /// - Throws: `OutputError`; what the destination's stream throws.
  func write(_ rows: SelectedRows, to destination: OutputDestination) throws -> [ExportSummary.BlockCount] {
    try destination.write { sink in
      var lines = Lines(
        dateFormat: dateFormat, timeZone: timeZone, flushThreshold: flushThreshold,
        keepsRawText: keepsRawText,
        sink: sink)
      try lines.write(rows.blocks)
    }
    return rows.blocks.map { ExportSummary.BlockCount(name: $0.name, rows: $0.rowCount) }
  }
}

/// The bytes of one CSV file as they are gathered.
private struct Lines {
  private let dateFormat: DateFormat
  private var offsets: ZoneOffsetCache
  private var buffer: [UInt8] = []
  /// The last measure row's source, and its field as written with the comma after it.
  private var lastSource = ""
  private var lastSourceField: [UInt8] = [UInt8(ascii: ",")]
  private let flushThreshold: Int
  private let keepsRawText: Bool
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  init(
    dateFormat: DateFormat, timeZone: TimeZone, flushThreshold: Int, keepsRawText: Bool,
    sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    self.dateFormat = dateFormat
    self.offsets = ZoneOffsetCache(timeZone: timeZone)
    self.flushThreshold = flushThreshold
    self.keepsRawText = keepsRawText
    self.sink = sink
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Writes the whole file: disclaimer, header and every block.
  mutating func write(_ blocks: [RowBlock]) throws {
    buffer.append(contentsOf: CSVWriter.disclaimer.utf8)
    buffer.append(contentsOf: CSVWriter.header.utf8)
    for block in blocks {
      switch block {
      case .measure(let measure, let unit, let rows):
        // The block's name (with the empty LOINC after it) and unit, quoted once for its rows.
        let name = CSVField.bytes(measure.name, keepsRawText: keepsRawText) + Array(",,".utf8)
        let unitLabel = CSVField.bytes(unit.label, keepsRawText: keepsRawText) + [UInt8(ascii: ",")]
        try rows.forEachRow { row in
          appendDate(row.date)
          buffer.append(contentsOf: name)
          FixedDecimal.append(measure.writtenValue(of: row.value), to: &buffer)
          buffer.append(UInt8(ascii: ","))
          buffer.append(contentsOf: unitLabel)
          appendSource(row.source)
          if let mealTime = row.mealTime { appendEscaped(mealTime.displayName) }
          try endRow()
        }
      case .labs(let rows):
        for row in rows {
          appendDate(row.date)
          appendField(row.name)
          appendField(row.loinc)
          FixedDecimal.append(row.value, to: &buffer)
          buffer.append(UInt8(ascii: ","))
          appendField(row.unit)
          appendField(row.source)
          try endRow()
        }
      }
    }
    try flush()
  }

  private mutating func appendDate(_ date: Timestamp) {
    let seconds = date.wholeSecondsSince1970
    let offset = dateFormat.isUTC ? 0 : offsets.offset(at: seconds)
    dateFormat.append(secondsSince1970: seconds, offset: offset, to: &buffer)
    buffer.append(UInt8(ascii: ","))
  }

  /// A measure row's source followed by a comma: the last one's bytes when it is the same text
  /// (rows come in runs of one source, whose string the reader shares).
  private mutating func appendSource(_ source: String) {
    if source != lastSource {
      lastSource = source
      lastSourceField = CSVField.bytes(source, keepsRawText: keepsRawText) + [UInt8(ascii: ",")]
    }
    buffer.append(contentsOf: lastSourceField)
  }

  /// A field followed by a comma.
  private mutating func appendField(_ text: String) {
    appendEscaped(text)
    buffer.append(UInt8(ascii: ","))
  }

  private mutating func appendEscaped(_ text: String) {
    CSVField.append(text, keepsRawText: keepsRawText, to: &buffer)
  }

  private mutating func endRow() throws {
    buffer.append(0x0A)
    if buffer.count >= flushThreshold { try flush() }
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBytes { try sink($0) }
    buffer.removeAll(keepingCapacity: true)
  }
}
