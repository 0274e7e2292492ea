import SystemShim

/// The values of one column in the row group being gathered, kept as they come: definition
/// levels for a nullable column, then the values that are not null (numbers as little-endian
/// words, whose bytes are PLAIN's; booleans one byte each until they are packed), or for text as
/// numbers into the chunk's dictionary. A dictionary that grows past its bound is given up: the
/// chunk's text is written PLAIN from then on, and so are the values before.
struct ParquetColumnChunk: Sendable {
  /// One page's content before compression, with what its header says.
  struct Page: Sendable {
    /// The page's bytes.
    var body: [UInt8]
    /// Values (nulls included) in a data page, entries in a dictionary page.
    var valueCount: Int
    /// How its values are encoded (`Encoding` of parquet.thrift).
    var encoding: Int32
  }

  /// The pages of a chunk, ready to be compressed and written.
  struct Pages: Sendable {
    /// The dictionary page, for text written through a dictionary.
    var dictionary: Page?
    /// The data page (one per chunk).
    var data: Page
    /// The encodings the chunk uses, for its metadata.
    var encodings: [Int32]
    var statistics: ParquetStatistics
  }

  /// Encodings (`Encoding` of parquet.thrift).
  static let plain: Int32 = 0
  static let rle: Int32 = 3
  static let rleDictionary: Int32 = 8

  let column: ParquetColumn
  /// The dictionary's bound: past this many bytes of entries, the chunk is written PLAIN.
  let dictionaryLimit: Int
  /// Values appended, nulls included.
  private(set) var count = 0
  private var nullCount = 0
  /// 1 for a value, 0 for a null; empty for a column that is never null.
  private var definitionLevels: [UInt8] = []
  /// The values that are not null of an 8-byte type (`INT64`, `DOUBLE`), little endian.
  private var words: [UInt64] = []
  /// The values that are not null of a 4-byte type (`INT32`), little endian.
  private var halfWords: [UInt32] = []
  /// The values that are not null as bytes: booleans one byte each, text written PLAIN.
  private var values: [UInt8] = []
  /// Text, while it goes through the dictionary: the dictionary and each value's number.
  private var dictionary: ParquetDictionary?
  private var numbers: [UInt32] = []
  private var integerBounds: (minimum: Int64, maximum: Int64)?
  private var doubleBounds: (minimum: Double, maximum: Double)?

  /// An empty chunk of `column`.
  init(column: ParquetColumn, dictionaryLimit: Int) {
    self.column = column
    self.dictionaryLimit = dictionaryLimit
    if column.kind == .string { dictionary = ParquetDictionary() }
  }

  /// The bytes it holds, about.
  var byteCount: Int {
    definitionLevels.count + values.count + words.count * 8 + (halfWords.count + numbers.count) * 4
      + (dictionary?.plain.count ?? 0)
  }

  // MARK: - Appending

  /// Appends a null; the column must be nullable.
  mutating func appendNull() {
    precondition(column.isOptional, "column \(column.name) is never null")
    definitionLevels.append(0)
    nullCount += 1
    count += 1
  }

  /// Appends a value of an `INT32` or `INT64` column (a date, a timestamp).
  mutating func append(integer value: Int64) {
    noteValue()
    switch column.kind {
    case .int32, .date: halfWords.append(UInt32(truncatingIfNeeded: value).littleEndian)
    case .int64, .timestamp: words.append(UInt64(bitPattern: value).littleEndian)
    case .boolean, .double, .string: preconditionFailure("column \(column.name) holds no integers")
    }
    noteBounds(value)
  }

  /// Appends a value of a `DOUBLE` column.
  mutating func append(double value: Double) {
    precondition(column.kind == .double, "column \(column.name) holds no doubles")
    noteValue()
    words.append(value.bitPattern.littleEndian)
    guard !value.isNaN else { return }
    if let bounds = doubleBounds {
      doubleBounds = (min(bounds.minimum, value), max(bounds.maximum, value))
    } else {
      doubleBounds = (value, value)
    }
  }

  /// Appends a value of a `BOOLEAN` column.
  mutating func append(boolean value: Bool) {
    precondition(column.kind == .boolean, "column \(column.name) holds no booleans")
    noteValue()
    values.append(value ? 1 : 0)
    noteBounds(value ? 1 : 0)
  }

  /// Appends a value of a text column.
  mutating func append(string value: String) {
    precondition(column.kind == .string, "column \(column.name) holds no text")
    noteValue()
    guard var kept = dictionary else {
      values.appendPlain(value)
      return
    }
    // Taken out while it changes, so that it is not copied.
    dictionary = nil
    numbers.append(kept.number(of: value))
    if kept.plain.count > dictionaryLimit {
      for number in numbers { values.append(contentsOf: kept.plainEntry(number)) }
      numbers = []
    } else {
      dictionary = kept
    }
  }

  private mutating func noteBounds(_ value: Int64) {
    if let bounds = integerBounds {
      integerBounds = (min(bounds.minimum, value), max(bounds.maximum, value))
    } else {
      integerBounds = (value, value)
    }
  }

  private mutating func noteValue() {
    if column.isOptional { definitionLevels.append(1) }
    count += 1
  }

  // MARK: - Pages

  /// The chunk's pages and statistics, and the chunk emptied for the next row group.
  mutating func takePages() -> Pages {
    var body: [UInt8] = []
    if column.isOptional {
      // Data page v1: the levels' hybrid encoding after its length in 4 bytes.
      let levels = RLEHybridEncoder.encode(definitionLevels, bitWidth: 1)
      body.appendLittleEndian(UInt32(levels.count))
      body.append(contentsOf: levels)
    }
    var statistics = ParquetStatistics(nullCount: Int64(nullCount))
    var dictionaryPage: Page?
    var encodings = [Self.plain, Self.rle]
    let encoding: Int32
    if let dictionary, dictionary.count > 0 {
      let width = RLEHybridEncoder.bitWidth(forCount: dictionary.count)
      body.append(UInt8(width))
      RLEHybridEncoder.append(numbers, bitWidth: width, to: &body)
      dictionaryPage = Page(body: dictionary.plain, valueCount: dictionary.count, encoding: Self.plain)
      encoding = Self.rleDictionary
      encodings.append(Self.rleDictionary)
      if let bounds = dictionary.bounds {
        statistics.minimum = Array(bounds.minimum)
        statistics.maximum = Array(bounds.maximum)
      }
    } else {
      encoding = Self.plain
      switch column.kind {
      case .boolean: appendPackedBooleans(to: &body)
      case .int64, .timestamp, .double: words.withRawSpan { body.append($0) }
      case .int32, .date: halfWords.withRawSpan { body.append($0) }
      case .string: body.append(contentsOf: values)
      }
      statistics.setBounds(of: column.kind, integers: integerBounds, doubles: doubleBounds)
    }
    let pages = Pages(
      dictionary: dictionaryPage, data: Page(body: body, valueCount: count, encoding: encoding),
      encodings: encodings, statistics: statistics)
    self = ParquetColumnChunk(column: column, dictionaryLimit: dictionaryLimit)
    return pages
  }

  /// Booleans as PLAIN packs them: one bit each, from the least significant bit of each byte.
  private func appendPackedBooleans(to body: inout [UInt8]) {
    var byte: UInt8 = 0
    for (index, value) in values.enumerated() {
      byte |= value << (index % 8)
      if index % 8 == 7 {
        body.append(byte)
        byte = 0
      }
    }
    if values.count % 8 != 0 { body.append(byte) }
  }
}
