import Foundation
import HealthExport
import HealthModel

/// Dates as the database stores them in text: in export.xml's shape, `2019-07-19 10:36:11 -0700`,
/// on the wall clock of the offset the input wrote the date with, or of the database's time zone
/// where it wrote none (a JSON profile). Formatted with digit arithmetic into one buffer it owns.
struct DateText: ~Copyable {
  private var zone: ZoneOffsetCache
  /// The text (25 bytes), then the date part of the last day formatted (10 bytes).
  private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 35)
  /// The local day whose date part is kept after the text.
  private var cachedDay: Int64 = .min
  /// The local time (seconds) and offset of the text in the buffer, if it holds one of `format`.
  private var formatted: (local: Int64, offset: Int)?

  init(timeZone: TimeZone) {
    zone = ZoneOffsetCache(timeZone: timeZone)
  }

  deinit {
    storage.deallocate()
  }

  /// The offset a date is shown in: the one it was written with, else the time zone's.
  mutating func offset(of date: Timestamp) -> Int {
    date.writtenUTCOffset.map(Int.init) ?? zone.offset(at: date.wholeSecondsSince1970)
  }

  /// The text of `date`, valid until the next call.
  mutating func format(_ date: Timestamp) -> UnsafeBufferPointer<UInt8> {
    let offset = offset(of: date)
    let local = date.wholeSecondsSince1970 + Int64(offset)
    let out = storage
    // A record's dates often repeat (its start and end, the next record's): the text is there.
    if let formatted, formatted.local == local, formatted.offset == offset {
      return UnsafeBufferPointer(start: out, count: 25)
    }
    formatted = (local, offset)
    let (quotient, remainder) = local.quotientAndRemainder(dividingBy: 86_400)
    let day = remainder < 0 ? quotient - 1 : quotient
    let secondOfDay = Int(remainder < 0 ? remainder + 86_400 : remainder)
    func put(_ value: Int, _ width: Int, at position: Int) {
      var value = value
      for index in stride(from: position + width - 1, through: position, by: -1) {
        out[index] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
    }
    if day != cachedDay {
      // Dates come in runs of one day: the calendar is worked out once for each.
      cachedDay = day
      let civil = CivilDateTime.civil(fromDays: day)
      put(min(max(civil.year, 0), 9999), 4, at: 25)
      out[29] = UInt8(ascii: "-")
      put(civil.month, 2, at: 30)
      out[32] = UInt8(ascii: "-")
      put(civil.day, 2, at: 33)
    }
    out.update(from: out + 25, count: 10)
    out[10] = UInt8(ascii: " ")
    put(secondOfDay / 3600, 2, at: 11)
    out[13] = UInt8(ascii: ":")
    put(secondOfDay / 60 % 60, 2, at: 14)
    out[16] = UInt8(ascii: ":")
    put(secondOfDay % 60, 2, at: 17)
    out[19] = UInt8(ascii: " ")
    out[20] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    let minutes = abs(offset) / 60
    put(minutes / 60 % 100, 2, at: 21)
    put(minutes % 60, 2, at: 23)
    return UnsafeBufferPointer(start: out, count: 25)
  }

  /// `date` in ISO 8601 in UTC (`2019-06-11T22:00:42Z`), as GPX files write times; valid until
  /// the next call.
  mutating func formatUTC(_ date: Timestamp) -> UnsafeBufferPointer<UInt8> {
    let text = format(Timestamp(secondsSince1970: date.wholeSecondsSince1970, writtenUTCOffset: 0))
    formatted = nil
    storage[10] = UInt8(ascii: "T")
    storage[19] = UInt8(ascii: "Z")
    return UnsafeBufferPointer(rebasing: text[0..<20])
  }

  /// The text of `date`, as a string.
  mutating func text(_ date: Timestamp) -> String {
    String(decoding: format(date), as: UTF8.self)
  }
}
