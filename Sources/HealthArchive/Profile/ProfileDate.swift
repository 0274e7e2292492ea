import HealthModel
import SystemShim

/// The dates of a JSON profile: milliseconds since 1970 as JSON numbers, read from their digits
/// to the microsecond. Further digits are dropped toward the past, so that a fraction longer than
/// a `Double` holds never rounds a date into the next millisecond or second.
enum ProfileDate {
  /// The instant of a number held whole; nil for another kind of value, none, or an instant
  /// outside the accepted years (`AcceptedRange`).
  static func timestamp(_ value: JSONValue?) -> Timestamp? {
    guard let number = value?.numberValue else { return nil }
    return AcceptedRange.accepted(
      number.text.withUTF8Span { timestamp(ofMilliseconds: $0, nearest: number.doubleValue) })
  }

  /// The instant of the text of a valid JSON number of milliseconds; `nearest` (its `Double`)
  /// where its microseconds do not fit 64 bits (beyond 290,000 years from 1970).
  static func timestamp(ofMilliseconds text: Span<UInt8>, nearest: Double) -> Timestamp {
    guard let microseconds = microseconds(ofMilliseconds: text) else {
      return Timestamp(millisecondsSince1970: nearest)
    }
    return Timestamp(microsecondsSince1970: microseconds)
  }

  /// The whole microseconds of a valid JSON number of milliseconds (`-12.5e3`), rounded toward
  /// the past; nil when they do not fit an `Int64`.
  static func microseconds(ofMilliseconds text: Span<UInt8>) -> Int64? {
    var index = 0
    let isNegative = !text.isEmpty && text[0] == UInt8(ascii: "-")
    if isNegative { index = 1 }
    let mantissaStart = index
    var integerDigits = 0
    var sawPoint = false
    while index < text.count, text[index] | 0x20 != UInt8(ascii: "e") {
      if text[index] == UInt8(ascii: ".") {
        sawPoint = true
      } else if !sawPoint {
        integerDigits += 1
      }
      index += 1
    }
    let mantissaEnd = index
    var exponent = 0
    if index < text.count {
      index += 1
      let isNegativeExponent = text[index] == UInt8(ascii: "-")
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
      while index < text.count {
        exponent = min(exponent * 10 + Int(text[index] &- UInt8(ascii: "0")), 1_000_000)
        index += 1
      }
      if isNegativeExponent { exponent = -exponent }
    }
    // The digits that make whole microseconds: the integer part's, the exponent's shift, and three
    // more (milliseconds to microseconds).
    let kept = integerDigits + exponent + 3
    var value: Int64 = 0
    var position = 0
    var dropsDigits = false
    for offset in mantissaStart..<mantissaEnd where text[offset] != UInt8(ascii: ".") {
      let digit = Int64(text[offset] &- UInt8(ascii: "0"))
      if position < kept {
        let (shifted, overflows) = value.multipliedReportingOverflow(by: 10)
        let (sum, sumOverflows) = shifted.addingReportingOverflow(digit)
        guard !overflows, !sumOverflows else { return nil }
        value = sum
      } else if digit != 0 {
        dropsDigits = true
      }
      position += 1
    }
    if value != 0 {
      for _ in position..<max(kept, position) {
        let (shifted, overflows) = value.multipliedReportingOverflow(by: 10)
        guard !overflows else { return nil }
        value = shifted
      }
    }
    return isNegative ? -value - (dropsDigits ? 1 : 0) : value
  }
}

extension JSONReader {
  /// Reads the next value, which must be a number, as a profile date (`ProfileDate`); nil when
  /// it lies outside the accepted years (`AcceptedRange`).
  /// - Throws: `JSONError.Reason.typeMismatch` for another kind of value; as `nextToken()`.
  func readProfileDate() throws -> Timestamp? {
    let found = try nextToken()
    guard found == .number else {
      throw error(.typeMismatch(expected: "a number", found: found.nameInMessages))
    }
    let nearest = doubleValue
    return AcceptedRange.accepted(
      withContentBytes { ProfileDate.timestamp(ofMilliseconds: $0, nearest: nearest) })
  }
}
