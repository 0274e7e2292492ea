/// A column's lines kept as differences from the line before. Most elements of a type repeat the
/// previous element's keys, unit, source, version and device, and only the dates and the value
/// change; so each line is written as the bytes it shares with the previous line, copied, and
/// the rest. Where the two differ, both are passed to the end of the segment they are in (just
/// past the next `,` or `:`, or the line's end) and compared again from there. A sample of about
/// 320 bytes becomes about 40: a column keeps eight times as many elements in memory and writes
/// an eighth of the bytes to its spill file.
///
/// A record is its length (LEB128), then operations: a byte `0x00…0x7F` copies that many plus
/// one bytes of the previous line; `0x80…0xBF` is followed by that many minus 0x7F bytes of the
/// line, and passes over as many of the previous line; `0xC0` by a LEB128 length, a LEB128 count
/// of bytes of the previous line to pass over, and that many bytes of the line. The first line is
/// coded against an empty one.
enum ProfileLineDelta {
  private static let comma = UInt8(ascii: ",")
  private static let colon = UInt8(ascii: ":")
  private static let longestCopy = 0x80
  private static let longestShortLiteral = 0x40
  private static let literal: UInt8 = 0xC0
  /// Shorter common runs are written with the bytes around them.
  private static let shortestCopy = 4

  /// Codes lines, each against the one it was given before.
  struct Encoder {
    /// The previous line, in the first `previousCount` bytes.
    private var previous: [UInt8] = []
    private var previousCount = 0
    /// Where a record is made: its length's room, then its operations.
    private var scratch: [UInt8] = []

    /// Appends the record of `line` to `output`, and keeps a copy of `line` for the next one.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
      let bound = ProfileLineDelta.recordBound(ofLineCount: line.count)
      if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count)) }
      let previousCount = previousCount
      scratch.withUnsafeMutableBufferPointer { buffer in
        // `scratch` holds at least a record's bound: never empty.
        guard let start = buffer.baseAddress else { return }
        let room = ProfileLineDelta.maximumLengthBytes
        let length = previous.withUnsafeBufferPointer { previous in
          ProfileLineDelta.encode(
            line, against: UnsafeBufferPointer(rebasing: previous[0..<previousCount]), into: start + room)
        }
        // The length goes just before the operations.
        let lengthBytes = ProfileLineDelta.lengthByteCount(length)
        ProfileLineDelta.writeLength(length, to: start + room - lengthBytes)
        output.append(
          contentsOf: UnsafeBufferPointer(start: start + room - lengthBytes, count: lengthBytes + length))
      }
      if previous.count < line.count {
        previous = [UInt8](repeating: 0, count: max(line.count, 2 * previous.count, 256))
      }
      if let base = line.baseAddress {
        previous.withUnsafeMutableBufferPointer { $0.baseAddress?.update(from: base, count: line.count) }
      }
      self.previousCount = line.count
    }

    /// Appends the record of `line` to `output`, and keeps a copy of `line` for the next one.
    mutating func append(_ line: [UInt8], to output: inout [UInt8]) {
      line.withUnsafeBufferPointer { append($0, to: &output) }
    }
  }

  /// Gives back the lines of the records an `Encoder` wrote, read in the same order.
  struct Decoder {
    /// The previous line, in the first `previousCount` bytes.
    private var previous: [UInt8] = []
    private var previousCount = 0
    private var current: [UInt8] = []

    /// The line of `record` (without its length), valid until the next call.
    /// - Throws: `Damage` when the record is not one an `Encoder` writes.
    mutating func decode<Result>(
      _ record: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
      // A line holds at most the bytes of the previous line and those of its record.
      let bound = previousCount + record.count
      var current = self.current
      self.current = []
      if current.count < bound { current = [UInt8](repeating: 0, count: max(bound, 2 * current.count, 256)) }
      let count = previousCount
      let length = try current.withUnsafeMutableBufferPointer { output in
        try previous.withUnsafeBufferPointer { previous in
          guard let base = output.baseAddress else { throw ProfileLineDelta.Damage() }
          return try ProfileLineDelta.decode(
            record, against: UnsafeBufferPointer(rebasing: previous[0..<count]), into: base)
        }
      }
      self.current = previous
      previous = current
      previousCount = length
      return try previous.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<length])) }
    }
  }

  /// A record that no `Encoder` wrote (a damaged temporary file).
  struct Damage: Error {}

  // MARK: - Records

  /// The records in `bytes` from `offset` on, each whole; the offset of the first incomplete one.
  /// - Throws: `Damage` for a length that cannot be read.
  static func forEachRecord(
    in bytes: UnsafeBufferPointer<UInt8>, from offset: Int = 0,
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws -> Int {
    var position = offset
    while position < bytes.count {
      var cursor = position
      guard let length = try readLength(bytes, at: &cursor), length <= bytes.count - cursor else {
        return position
      }
      try body(UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + length)]))
      position = cursor + length
    }
    return position
  }

  /// The bytes of the longest LEB128 length.
  static let maximumLengthBytes = 10

  /// The bytes the LEB128 form of `length` takes.
  static func lengthByteCount(_ length: Int) -> Int {
    var rest = UInt(length) >> 7
    var count = 1
    while rest != 0 {
      count += 1
      rest >>= 7
    }
    return count
  }

  /// Writes the LEB128 form of `length` at `bytes`; returns the bytes written.
  @discardableResult
  static func writeLength(_ length: Int, to bytes: UnsafeMutablePointer<UInt8>) -> Int {
    var rest = UInt(length)
    var count = 0
    while rest >= 0x80 {
      bytes[count] = UInt8(truncatingIfNeeded: rest) | 0x80
      rest >>= 7
      count += 1
    }
    bytes[count] = UInt8(rest)
    return count + 1
  }

  /// The most bytes the record of a line of `count` bytes takes, its length included: each
  /// literal is its bytes and at most 21 more, and comes at the end or before a copy of at least
  /// `shortestCopy` bytes (one byte of operation for up to 128 of them).
  static func recordBound(ofLineCount count: Int) -> Int {
    maximumLengthBytes + count + 21 * (count / shortestCopy + 2) + count / shortestCopy + 2
  }

  /// The LEB128 number at `cursor`, moving past it; nil when `bytes` ends inside it.
  /// - Throws: `Damage` for a number longer than an `Int`.
  private static func readLength(_ bytes: UnsafeBufferPointer<UInt8>, at cursor: inout Int) throws -> Int? {
    var value = 0
    var shift = 0
    while cursor < bytes.count {
      let byte = bytes[cursor]
      cursor += 1
      guard shift < 56 else { throw Damage() }
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  // MARK: - Coding

  /// Writes the operations of `current` against `previous` at `record`, which has room for
  /// `recordBound(ofLineCount:)` bytes; returns how many it wrote.
  private static func encode(
    _ current: UnsafeBufferPointer<UInt8>, against previous: UnsafeBufferPointer<UInt8>,
    into record: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard let line = current.baseAddress, !current.isEmpty else { return 0 }
    let before = previous.baseAddress ?? line
    let count = current.count
    let previousCount = previous.count
    var written = 0
    var position = 0
    var previousPosition = 0
    var literalStart = 0
    var literalPreviousStart = 0
    while position < count {
      let common = commonLength(
        line + position, count - position, before + previousPosition, previousCount - previousPosition)
      if common >= shortestCopy || (common > 0 && common == count - position) {
        written += writeLiteral(
          line + literalStart, position - literalStart, passing: previousPosition - literalPreviousStart,
          to: record + written)
        var rest = common
        while rest > 0 {
          let run = min(rest, longestCopy)
          record[written] = UInt8(run - 1)
          written += 1
          rest -= run
        }
        position += common
        previousPosition += common
        literalStart = position
        literalPreviousStart = previousPosition
        guard position < count else { break }
      }
      // The lines differ here: both go on to the end of their segment.
      position = segmentEnd(line, from: position, end: count)
      previousPosition = segmentEnd(before, from: previousPosition, end: previousCount)
    }
    written += writeLiteral(
      line + literalStart, count - literalStart, passing: previousPosition - literalPreviousStart,
      to: record + written)
    return written
  }

  /// Writes a literal's operation and bytes at `record`; returns how many bytes it wrote.
  private static func writeLiteral(
    _ start: UnsafePointer<UInt8>, _ length: Int, passing passed: Int, to record: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard length > 0 else { return 0 }
    var written: Int
    if length <= longestShortLiteral && passed == length {
      record[0] = UInt8(0x7F + length)
      written = 1
    } else {
      record[0] = literal
      written = 1
      written += writeLength(length, to: record + written)
      written += writeLength(passed, to: record + written)
    }
    (record + written).update(from: start, count: length)
    return written + length
  }

  /// Writes the line of `record` at `line`, which has room for the previous line's bytes and
  /// the record's; returns its length.
  static func decode(
    _ record: UnsafeBufferPointer<UInt8>, against previous: UnsafeBufferPointer<UInt8>,
    into line: UnsafeMutablePointer<UInt8>
  ) throws -> Int {
    guard let start = record.baseAddress else { return 0 }
    let before = previous.baseAddress ?? start
    let previousCount = previous.count
    var cursor = 0
    var previousPosition = 0
    var written = 0
    while cursor < record.count {
      let operation = record[cursor]
      cursor += 1
      if operation < 0x80 {
        let length = Int(operation) + 1
        guard length <= previousCount - previousPosition else { throw Damage() }
        (line + written).update(from: before + previousPosition, count: length)
        written += length
        previousPosition += length
        continue
      }
      let length: Int
      let passed: Int
      if operation == literal {
        guard let long = try readLength(record, at: &cursor), let skip = try readLength(record, at: &cursor)
        else { throw Damage() }
        length = long
        passed = skip
      } else if operation < literal {
        length = Int(operation) - 0x7F
        passed = length
      } else {
        throw Damage()
      }
      guard length <= record.count - cursor, passed <= previousCount - previousPosition else {
        throw Damage()
      }
      (line + written).update(from: start + cursor, count: length)
      written += length
      cursor += length
      previousPosition += passed
    }
    return written
  }

  // MARK: - Segments

  /// How many bytes the `count` at `first` and the `otherCount` at `other` begin with alike.
  private static func commonLength(
    _ first: UnsafePointer<UInt8>, _ count: Int, _ other: UnsafePointer<UInt8>, _ otherCount: Int
  ) -> Int {
    let limit = min(count, otherCount)
    var index = 0
    while index + 8 <= limit {
      let difference = ByteWords.load(first, at: index) ^ ByteWords.load(other, at: index)
      if difference != 0 { return index + difference.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < limit && first[index] == other[index] { index += 1 }
    return index
  }

  /// Just past the first `,` or `:` from `start` before `end`, or `end`.
  static func segmentEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var index = start
    while index + 8 <= end {
      let word = ByteWords.load(bytes, at: index)
      let found = ByteWords.bytes(word, equalTo: comma) | ByteWords.bytes(word, equalTo: colon)
      if found != 0 { return index + found.trailingZeroBitCount / 8 + 1 }
      index += 8
    }
    while index < end {
      let byte = bytes[index]
      index += 1
      if byte == comma || byte == colon { return index }
    }
    return end
  }
}
