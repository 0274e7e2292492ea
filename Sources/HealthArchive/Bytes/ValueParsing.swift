package import HealthModel

/// Parsers for the fixed shapes of export.xml values, working on bytes with digit loops.
package enum ValueParsing {
  /// Powers of ten that a `Double` holds exactly.
  private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// A decimal number (`72.5`, `-3`, `1.2e-3`), correctly rounded to the nearest `Double`; nil for
  /// anything else, including `nan` and `inf`.
  ///
  /// Numbers of up to 15 significant digits without an exponent (nearly all of an export's) are
  /// computed as an exact integer divided by an exact power of ten, which IEEE division rounds
  /// correctly; others go through the standard library's correctly rounded parser.
  static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = bytes.count
    guard count > 0, count <= ResourceLimit.numberLength.value else { return nil }
    var i = 0
    var isNegative = false
    if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
      isNegative = bytes[0] == UInt8(ascii: "-")
      i = 1
    }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var digitCount = 0
    var fractionDigits = 0
    var seenPoint = false
    var hasExponent = false
    while i < count {
      let byte = bytes[i]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digitCount += 1
        if seenPoint { fractionDigits += 1 }
        if mantissa != 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
        if significantDigits <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
      } else if byte == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        hasExponent = true
        break
      } else {
        return nil
      }
      i += 1
    }
    guard digitCount > 0 else { return nil }
    if hasExponent {
      var j = i + 1
      if j < count && (bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+")) { j += 1 }
      guard j < count else { return nil }
      while j < count {
        guard bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9") else { return nil }
        j += 1
      }
    } else if significantDigits <= 15 && fractionDigits <= 22 {
      let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
      return isNegative ? -magnitude : magnitude
    }
    guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }

  /// An export.xml date: `2019-07-19 10:36:11 -0700`, or the compact `20150915113529+0200` of
  /// iOS 8 exports, with the offset it was written in; nil for anything else, an impossible date,
  /// or one outside the accepted years (`AcceptedRange`).
  static func appleDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    AcceptedRange.accepted(anyAppleDate(bytes))
  }

  /// Whether `bytes` are an export.xml date outside the accepted years (for messages).
  static func isAppleDateOutsideRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    anyAppleDate(bytes).map { !AcceptedRange.contains($0) } ?? false
  }

  /// `decimal`, when the value lies in the accepted range (`AcceptedRange`).
  static func acceptedDecimal(_ text: String) -> Double? {
    decimal(text).flatMap { AcceptedRange.contains(value: $0) ? $0 : nil }
  }

  /// An export.xml date in any year from 0000 to 9999.
  private static func anyAppleDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    let count = bytes.count
    var civil = CivilDateTime(year: 0, month: 0, day: 0)
    let offsetStart: Int
    if count == 25 {
      guard let day = appleDateDay(bytes), let time = appleDateTimeOfDay(bytes) else { return nil }
      return Timestamp(secondsSince1970: day.start + Int64(time), writtenUTCOffset: Int32(day.offset))
    } else if count == 19 {
      guard let year = digits(bytes, 0, 4), let month = digits(bytes, 4, 2),
        let day = digits(bytes, 6, 2), let hour = digits(bytes, 8, 2),
        let minute = digits(bytes, 10, 2), let second = digits(bytes, 12, 2)
      else { return nil }
      civil = CivilDateTime(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
      offsetStart = 14
    } else {
      return nil
    }
    guard civil.isValid, let offset = utcOffset(bytes, at: offsetStart) else { return nil }
    return Timestamp(
      secondsSince1970: civil.secondsSince1970 - Int64(offset), writtenUTCOffset: Int32(offset))
  }

  /// The day and offset of a date of export.xml's usual form (`2019-07-19 10:36:11 -0700`, 25
  /// bytes): when the day began, in seconds since 1970 UTC, and the offset in seconds east of UTC;
  /// nil when bytes 0..<11 are not a real day followed by a space or bytes 19..<25 not a space and
  /// an offset. The time of day is not looked at.
  static func appleDateDay(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int64, offset: Int)? {
    guard bytes.count == 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: " "), bytes[19] == UInt8(ascii: " "),
      let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2)
    else { return nil }
    let civil = CivilDateTime(year: year, month: month, day: day)
    guard civil.isValid, let offset = utcOffset(bytes, at: 20) else { return nil }
    return (civil.secondsSince1970 - Int64(offset), offset)
  }

  /// The time of day of a date of export.xml's usual form (25 bytes), in seconds since its
  /// midnight; nil when bytes 11..<19 are not `HH:mm:ss` of a real time (seconds 0–59).
  @inline(__always)
  static func appleDateTimeOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count == 25, bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
      hour <= 23, minute <= 59, second <= 59
    else { return nil }
    return hour * 3600 + minute * 60 + second
  }

  /// A UTC time in ISO 8601's shortest form, as GPX files write them: `2019-06-11T22:00:42Z`;
  /// nil for any other shape or an impossible date.
  static func utcDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "Z"), let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2),
      let day = digits(bytes, 8, 2), let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2),
      let second = digits(bytes, 17, 2)
    else { return nil }
    let civil = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard civil.isValid else { return nil }
    return Timestamp(secondsSince1970: civil.secondsSince1970, writtenUTCOffset: 0)
  }

  /// `±HHMM` as seconds east of UTC.
  private static func utcOffset(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let sign = bytes[index]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
      let hours = digits(bytes, index + 1, 2), let minutes = digits(bytes, index + 3, 2),
      hours <= 23, minutes <= 59
    else { return nil }
    let seconds = hours * 3600 + minutes * 60
    return sign == UInt8(ascii: "-") ? -seconds : seconds
  }

  @inline(__always)
  private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for index in start..<(start + count) {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit <= 9 else { return nil }
      value = value * 10 + Int(digit)
    }
    return value
  }
}

extension ValueParsing {
  /// `decimal` of a span of bytes.
  package static func decimal(_ bytes: Span<UInt8>) -> Double? {
    bytes.withUnsafeBufferPointer { decimal($0) }
  }

  /// `appleDate` of a span of bytes.
  package static func appleDate(_ bytes: Span<UInt8>) -> Timestamp? {
    bytes.withUnsafeBufferPointer { appleDate($0) }
  }

  /// `isAppleDateOutsideRange` of a span of bytes.
  package static func isAppleDateOutsideRange(_ bytes: Span<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { isAppleDateOutsideRange($0) }
  }

  /// `utcDateTime` of a span of bytes.
  package static func utcDateTime(_ bytes: Span<UInt8>) -> Timestamp? {
    bytes.withUnsafeBufferPointer { utcDateTime($0) }
  }

  /// The value of a decimal number's bytes, as `decimal` of a buffer reads it.
  package static func decimal(_ bytes: ArraySlice<UInt8>) -> Double? {
    bytes.withUnsafeBufferPointer { decimal($0) }
  }

  /// `decimal` of a string.
  package static func decimal(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { decimal($0) }
  }

  /// `appleDate` of a string.
  package static func appleDate(_ text: String) -> Timestamp? {
    var text = text
    return text.withUTF8 { appleDate($0) }
  }
}
