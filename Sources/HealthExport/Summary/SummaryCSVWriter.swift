import HealthModel

/// Writes the summary CSV (summaries.md): the CSV's three disclaimer lines, the header, then one
/// line per row, as UTF-8 with LF line endings, quoted as the CSV is.
///
/// Bytes are gathered in one reused buffer and handed to the sink in chunks of about 1 MiB.
struct SummaryCSVWriter {
  /// The header line, ending with LF.
  static let header = "Period,Metric,Value,Unit,Min,Max,Count,Sources\n"
  /// How the sources of a row are joined.
  static let sourceSeparator = "; "

  private let dateFormat: DateFormat
  private var buffer: [UInt8] = []
  private let flushThreshold: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  /// - Parameters:
  ///   - dateFormat: how periods are written.
  ///   - flushThreshold: bytes gathered before the sink is called.
  ///   - sink: receives the bytes, in order.
  init(
    dateFormat: DateFormat, flushThreshold: Int = 1 << 20,
    sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    self.dateFormat = dateFormat
    self.flushThreshold = flushThreshold
    self.sink = sink
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Writes the whole file: disclaimer, header and the rows in the order given.
  mutating func write(_ rows: [SummaryRow]) throws {
    buffer.append(contentsOf: CSVWriter.disclaimer.utf8)
    buffer.append(contentsOf: Self.header.utf8)
    for row in rows {
      dateFormat.appendPeriod(row.period, to: &buffer)
      comma()
      CSVField.append(row.metric, to: &buffer)
      comma()
      if let value = row.value { FixedDecimal.append(value, decimals: row.valueDecimals, to: &buffer) }
      comma()
      CSVField.append(row.unit, to: &buffer)
      comma()
      if let minimum = row.minimum {
        FixedDecimal.append(minimum, decimals: row.extremaDecimals, to: &buffer)
      }
      comma()
      if let maximum = row.maximum {
        FixedDecimal.append(maximum, decimals: row.extremaDecimals, to: &buffer)
      }
      comma()
      FixedDecimal.appendInteger(UInt64(row.count), to: &buffer)
      comma()
      CSVField.append(row.sources.joined(separator: Self.sourceSeparator), to: &buffer)
      buffer.append(0x0A)
      if buffer.count >= flushThreshold { try flush() }
    }
    try flush()
  }

  private mutating func comma() {
    buffer.append(UInt8(ascii: ","))
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBytes { try sink($0) }
    buffer.removeAll(keepingCapacity: true)
  }
}
