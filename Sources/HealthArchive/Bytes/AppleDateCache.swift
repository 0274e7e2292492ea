package import HealthModel

/// Export.xml dates read as `ValueParsing.appleDate` reads them, with the day and UTC offset of
/// the last one kept: a record's dates, and the next records', fall mostly on one day in one
/// offset (`2026-05-25 … -0400`), whose checks and civil arithmetic are then done once, leaving
/// only the time of day to read.
///
/// What it gives depends on the bytes alone, as `appleDate`'s does: the day and offset are
/// reused only for the same bytes (`yyyy-MM-dd ` and ` ±HHMM`) they were read from.
package struct AppleDateCache {
  /// Bytes 0..<8, 3..<11 and 19..<25 of the last 25-byte date.
  private var key: (UInt64, UInt64, UInt64) = (0, 0, 0)
  private var hasKey = false
  /// What those bytes gave: the day's start in UTC seconds and the offset; nil when they are not
  /// a day and an offset.
  private var day: (start: Int64, offset: Int)?

  package init() {}

  /// `appleDate` of a span of bytes.
  package mutating func appleDate(_ bytes: Span<UInt8>) -> Timestamp? {
    bytes.withUnsafeBufferPointer { appleDate($0) }
  }

  /// `ValueParsing.appleDate(bytes)`.
  package mutating func appleDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    guard bytes.count == 25, let base = bytes.baseAddress else { return ValueParsing.appleDate(bytes) }
    // Little-endian words: shifting out the low two bytes of bytes 17..<25 leaves 19..<25.
    let key = (ByteWords.load(base, at: 0), ByteWords.load(base, at: 3), ByteWords.load(base, at: 17) >> 16)
    if !hasKey || key != self.key {
      self.key = key
      hasKey = true
      day = ValueParsing.appleDateDay(bytes)
    }
    guard let day, let time = ValueParsing.appleDateTimeOfDay(bytes) else { return nil }
    return AcceptedRange.accepted(
      Timestamp(secondsSince1970: day.start + Int64(time), writtenUTCOffset: Int32(day.offset)))
  }
}
