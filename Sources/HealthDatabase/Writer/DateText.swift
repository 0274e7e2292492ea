import Foundation
import HealthArchive
import HealthExport
import HealthModel
import SystemShim

/// Dates as the database stores them in text: in export.xml's shape, `2019-07-19 10:36:11 -0700`,
/// on the wall clock of the database's time zone at that instant, whatever offset the input wrote
/// the date with (Apple writes every date with the exporting phone's offset at the moment of
/// export, so that a winter reading in a summer export is an hour off; the zone puts it right).
/// Written by `TextOutput.appendDate`, export.xml's own date writer, into one buffer that is
/// kept from one date to the next.
struct DateText {
  private var zone: ZoneOffsetCache
  private var out = TextOutput(dateOffset: 0, capacity: 32)
  /// The instant and offset whose text `out` holds: a record's dates often repeat (its start and
  /// end, the next record's), and the text is then there already.
  private var held: (instant: Int64, offset: Int)?

  init(timeZone: TimeZone) {
    zone = ZoneOffsetCache(timeZone: timeZone)
  }

  /// The offset a date is shown in: the time zone's at its instant.
  mutating func offset(of date: Timestamp) -> Int {
    zone.offset(at: date.wholeSecondsSince1970)
  }

  /// Hands `body` the text of `date` (25 bytes).
  mutating func withText<Result, Failure: Error>(
    of date: Timestamp, _ body: (Span<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let offset = offset(of: date)
    let instant = date.wholeSecondsSince1970
    if held?.instant != instant || held?.offset != offset {
      out.bytes.removeAll(keepingCapacity: true)
      out.appendDate(instant, offset: offset)
      held = (instant, offset)
    }
    return try out.bytes.withSpan(body)
  }

  /// Hands `body` `date` in ISO 8601 in UTC (`2019-06-11T22:00:42Z`, 20 bytes), as GPX files write
  /// times.
  mutating func withUTCText<Result, Failure: Error>(
    of date: Timestamp, _ body: (Span<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    held = nil
    out.bytes.removeAll(keepingCapacity: true)
    out.appendDate(date.wholeSecondsSince1970, offset: 0)
    // `2019-06-11 22:00:42 +0000` becomes `2019-06-11T22:00:42Z`.
    out.bytes[10] = UInt8(ascii: "T")
    out.bytes.removeLast(5)
    out.bytes[19] = UInt8(ascii: "Z")
    return try out.bytes.withSpan(body)
  }

  /// The text of `date`, as a string.
  mutating func text(_ date: Timestamp) -> String {
    String(decoding: withText(of: date) { [UInt8]($0) }, as: UTF8.self)
  }

  /// `date` in ISO 8601 in UTC, as a string.
  mutating func utcText(_ date: Timestamp) -> String {
    String(decoding: withUTCText(of: date) { [UInt8]($0) }, as: UTF8.self)
  }
}
