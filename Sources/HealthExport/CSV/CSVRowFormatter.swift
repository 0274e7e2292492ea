import Foundation
import HealthModel
import SystemShim

/// A run of rows of one block, in a chunk of rows formatted together (`CSVRowFormatter`).
enum CSVSegment {
  /// Rows of a measure block as they are kept, with the block's fields written once for its rows
  /// and the names the rows' sources point into.
  case measure(CSVMeasureFields, [PackedMeasureRow], sources: [String])
  /// Rows of the Labs block.
  case labs(ArraySlice<LabRow>)

  var rowCount: Int {
    switch self {
    case .measure(_, let rows, _): rows.count
    case .labs(let rows): rows.count
    }
  }
}

/// The fields a measure block's rows share: the measure, its name (with the empty LOINC after
/// it) and its unit, each quoted as written once.
struct CSVMeasureFields {
  let measure: Measure
  let name: [UInt8]
  let unitLabel: [UInt8]

  init(measure: Measure, unit: CSVUnit, keepsRawText: Bool) {
    self.measure = measure
    name = CSVField.bytes(measure.name, keepsRawText: keepsRawText) + Array(",,".utf8)
    unitLabel = CSVField.bytes(unit.label, keepsRawText: keepsRawText) + [UInt8(ascii: ",")]
  }
}

/// Formats CSV rows into bytes, each row ending with LF. What it keeps between rows (the zone's
/// offsets, the last source's field) only saves work: rows come out the same whatever was
/// formatted before them, so chunks of rows can be formatted apart and joined in order.
struct CSVRowFormatter {
  private let dateFormat: DateFormat
  private var offsets: ZoneOffsetCache
  private let keepsRawText: Bool
  /// The last measure row's source in its segment's names, and its field as written with the
  /// comma after it.
  private var lastSource: UInt32?
  private var lastSourceField: [UInt8] = []

  init(dateFormat: DateFormat, timeZone: TimeZone, keepsRawText: Bool) {
    self.dateFormat = dateFormat
    self.offsets = ZoneOffsetCache(timeZone: timeZone)
    self.keepsRawText = keepsRawText
  }

  /// Appends the lines of every row of `segments`, in order, to `buffer`.
  mutating func append(_ segments: [CSVSegment], to buffer: inout [UInt8]) {
    for segment in segments {
      switch segment {
      case .measure(let fields, let rows, let sources):
        lastSource = nil
        // The block's fields are appended from their storage, and the measure read once: an
        // array appended, or a measure copied, at each row would retain and release it there.
        let measure = fields.measure
        fields.name.withSpan { name in
          fields.unitLabel.withSpan { unitLabel in
            for row in rows {
              appendDate(Timestamp(millisecondsSince1970: row.date), to: &buffer)
              buffer.append(name)
              FixedDecimal.append(measure.writtenValue(of: row.value), to: &buffer)
              buffer.append(UInt8(ascii: ","))
              buffer.append(unitLabel)
              appendSource(row.source, of: sources, to: &buffer)
              if let mealTime = row.unpackedMealTime {
                CSVField.append(mealTime.displayName, keepsRawText: keepsRawText, to: &buffer)
              }
              buffer.append(0x0A)
            }
          }
        }
      case .labs(let rows):
        for row in rows {
          appendDate(row.date, to: &buffer)
          appendField(row.name, to: &buffer)
          appendField(row.loinc, to: &buffer)
          FixedDecimal.append(row.value, to: &buffer)
          buffer.append(UInt8(ascii: ","))
          appendField(row.unit, to: &buffer)
          appendField(row.source, to: &buffer)
          buffer.append(0x0A)
        }
      }
    }
  }

  private mutating func appendDate(_ date: Timestamp, to buffer: inout [UInt8]) {
    let seconds = date.wholeSecondsSince1970
    let offset = dateFormat.isUTC ? 0 : offsets.offset(at: seconds)
    dateFormat.append(secondsSince1970: seconds, offset: offset, to: &buffer)
    buffer.append(UInt8(ascii: ","))
  }

  /// A measure row's source followed by a comma: the last one's bytes when it is the same
  /// (rows come in runs of one source).
  private mutating func appendSource(_ source: UInt32, of sources: [String], to buffer: inout [UInt8]) {
    if source != lastSource {
      lastSource = source
      lastSourceField = CSVField.bytes(sources[Int(source)], keepsRawText: keepsRawText) + [UInt8(ascii: ",")]
    }
    lastSourceField.withSpan { buffer.append($0) }
  }

  /// A field followed by a comma.
  private func appendField(_ text: String, to buffer: inout [UInt8]) {
    CSVField.append(text, keepsRawText: keepsRawText, to: &buffer)
    buffer.append(UInt8(ascii: ","))
  }
}
