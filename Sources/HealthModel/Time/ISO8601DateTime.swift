/// A date or date-time in the ISO 8601 / FHIR `dateTime` shape, parsed with digit loops:
/// `2026-01-20`, `2026-01-20T12:00:00Z`, `2026-01-20T12:00:00.250+01:00`, `2026-01`, `2026`.
/// A fraction of a second may have any number of digits; it is read as digits and kept to the
/// microsecond, never rounded (`23:59:59.9999999` stays in its second).
package struct ISO8601DateTime: Hashable, Sendable {
  /// The civil date and time as written (missing parts are 1 for month and day, 0 for time).
  package var civil: CivilDateTime
  /// Microseconds after `civil`'s second: the fraction's first six digits, any further digits
  /// dropped (never rounded).
  package var fractionMicroseconds: Int
  /// Seconds east of UTC when an offset or `Z` was written.
  package var utcOffset: Int?
  /// Whether a time of day was written.
  package var hasTime: Bool

  /// Parses `text`; nil when it is not one of the accepted shapes or names an impossible date.
  package init?(parsing text: String) {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<count {
        let digit = bytes[index + offset] &- UInt8(ascii: "0")
        guard digit <= 9 else { return nil }
        value = value * 10 + Int(digit)
      }
      index += count
      return value
    }
    func expect(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    guard let year = number(4) else { return nil }
    var month = 1
    var day = 1
    if expect(UInt8(ascii: "-")) {
      guard let parsedMonth = number(2) else { return nil }
      month = parsedMonth
      if expect(UInt8(ascii: "-")) {
        guard let parsedDay = number(2) else { return nil }
        day = parsedDay
      }
    }
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0
    var offset: Int? = nil
    var hasTime = false
    if index < bytes.count && (bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ")) {
      index += 1
      hasTime = true
      guard let parsedHour = number(2), expect(UInt8(ascii: ":")), let parsedMinute = number(2)
      else { return nil }
      hour = parsedHour
      minute = parsedMinute
      if expect(UInt8(ascii: ":")) {
        guard let parsedSecond = number(2) else { return nil }
        second = parsedSecond
        if expect(UInt8(ascii: ".")) {
          let fractionStart = index
          while index < bytes.count, bytes[index] &- UInt8(ascii: "0") <= 9 {
            if index - fractionStart < 6 { fraction = fraction * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            index += 1
          }
          guard index > fractionStart else { return nil }
          for _ in min(index - fractionStart, 6)..<6 { fraction *= 10 }
        }
      }
      if expect(UInt8(ascii: "Z")) {
        offset = 0
      } else if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        let isNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
        guard let hours = number(2), hours <= 23 else { return nil }
        _ = expect(UInt8(ascii: ":"))
        guard let minutes = number(2), minutes <= 59 else { return nil }
        offset = (isNegative ? -1 : 1) * (hours * 3600 + minutes * 60)
      }
    }
    guard index == bytes.count else { return nil }
    let civil = CivilDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard civil.isValid else { return nil }
    self.civil = civil
    self.fractionMicroseconds = fraction
    self.utcOffset = offset
    self.hasTime = hasTime
  }

  /// The instant, when the text gave a time and an offset.
  package var timestamp: Timestamp? {
    guard let utcOffset else { return nil }
    return timestamp(utcOffset: utcOffset)
  }

  /// The instant, reading the civil time at `utcOffset` seconds east of UTC, to the microsecond.
  package func timestamp(utcOffset: Int) -> Timestamp {
    let seconds = civil.secondsSince1970 - Int64(utcOffset)
    return Timestamp(microsecondsSince1970: seconds * 1_000_000 + Int64(fractionMicroseconds))
  }
}
