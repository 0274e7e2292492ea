import Foundation
import HealthModel

/// Writes the HealthExporter CSV: the three disclaimer lines, the header, then the rows of each
/// block, as UTF-8 with LF line endings. Fields are quoted only when they hold a comma, a double
/// quote, CR or LF (RFC 4180), inner quotes doubled.
///
/// Bytes are gathered in one reused buffer and handed to the sink in chunks of about 1 MiB.
struct CSVWriter {
  /// The lines before the header, each ending with LF.
  static let disclaimer = """
    ### HealthExporterCSV: data exported as-is from Apple Health.
    ### No warranty of accuracy or completeness or fitness for any purpose.
    ### Not a medical record. Verify with your healthcare provider before any clinical use.

    """
  /// The header line, ending with LF.
  static let header = "Date,Metric,LOINC,Value,Unit,Source,Meal Time\n"

  private let dateFormat: DateFormat
  private var offsets: ZoneOffsetCache
  private var buffer: [UInt8] = []
  private let flushThreshold: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  /// - Parameters:
  ///   - dateFormat: how dates are written.
  ///   - timeZone: the zone of local dates.
  ///   - flushThreshold: bytes gathered before the sink is called.
  ///   - sink: receives the bytes, in order.
  init(
    dateFormat: DateFormat, timeZone: TimeZone, flushThreshold: Int = 1 << 20,
    sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    self.dateFormat = dateFormat
    self.offsets = ZoneOffsetCache(timeZone: timeZone)
    self.flushThreshold = flushThreshold
    self.sink = sink
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Writes the whole file: disclaimer, header and every block.
  mutating func write(_ blocks: [CSVBlock]) throws {
    buffer.append(contentsOf: Self.disclaimer.utf8)
    buffer.append(contentsOf: Self.header.utf8)
    for block in blocks {
      switch block {
      case .measure(let measure, let unit, let rows):
        for row in rows {
          appendDate(row.date)
          appendField(measure.name)
          buffer.append(UInt8(ascii: ","))  // LOINC: empty for all but labs
          let value = measure.rounding == .towardZero ? row.value.rounded(.towardZero) : row.value
          FixedDecimal.append(value, decimals: measure.decimals, to: &buffer)
          buffer.append(UInt8(ascii: ","))
          appendField(unit.label)
          appendField(row.source)
          if let mealTime = row.mealTime { appendEscaped(mealTime.displayName) }
          try endRow()
        }
      case .labs(let rows):
        for row in rows {
          appendDate(row.date)
          appendField(row.name)
          appendField(row.loinc)
          FixedDecimal.append(row.value, decimals: row.decimals, to: &buffer)
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

  /// A field followed by a comma.
  private mutating func appendField(_ text: String) {
    appendEscaped(text)
    buffer.append(UInt8(ascii: ","))
  }

  private mutating func appendEscaped(_ text: String) {
    CSVField.append(text, to: &buffer)
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
