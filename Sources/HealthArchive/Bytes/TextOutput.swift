import HealthModel

/// The one byte appender of the text the tool generates (export.xml, GPX routes, ECG files), into
/// one reused buffer: ASCII pieces, escaped XML attribute values, numbers and dates in Apple's
/// shape, all without `String` formatting.
package struct TextOutput {
  package var bytes: [UInt8] = []
  /// The UTC offset `appendDate(_:)` writes dates with, in seconds east of UTC.
  package let dateOffset: Int
  /// The last date written, `2026-01-20 07:00:00 -0500` (25 bytes): its day part is kept for the
  /// dates of the same day, its offset part for the dates of the same offset.
  private var lastDate: DateBytes = (
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  )
  private var lastDay: Int64 = .min
  private var lastOffset: Int = .min

  private typealias DateBytes = (
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
  )

  /// Powers of ten that a `Double` holds exactly.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// - Parameters:
  ///   - dateOffset: the UTC offset of `appendDate(_:)`, in seconds east of UTC.
  ///   - capacity: the bytes reserved.
  package init(dateOffset: Int, capacity: Int = 1 << 18) {
    self.dateOffset = dateOffset
    bytes.reserveCapacity(capacity)
  }

  /// `-0500` for -18000 seconds.
  package static func offsetText(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return sign + (hours < 10 ? "0" : "") + "\(hours)" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends ASCII or UTF-8 text known at compile time.
  package mutating func append(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends bytes prepared earlier (a record's fixed attributes).
  package mutating func append(_ prepared: [UInt8]) {
    bytes.append(contentsOf: prepared)
  }

  /// Appends text as an XML attribute value (see `escaped(_:)`).
  package mutating func appendEscaped(_ text: String) {
    var text = text
    text.withUTF8 { Self.appendEscaped($0, to: &bytes) }
  }

  /// The bytes of `text` escaped for an attribute value (see `appendEscaped(_:to:)`).
  package static func escaped(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    var text = text
    text.withUTF8 { appendEscaped($0, to: &result) }
    return result
  }

  /// Appends UTF-8 text as an XML attribute value: `&`, `<`, `>` and `"` as entities, and tab,
  /// line feed and carriage return as character references (which a reader would otherwise
  /// turn into spaces). Other bytes are written as they are.
  package static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    var start = 0
    for (index, byte) in text.enumerated() {
      let replacement: StaticString
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&quot;"
      case 0x09: replacement = "&#9;"
      case 0x0A: replacement = "&#10;"
      case 0x0D: replacement = "&#13;"
      default: continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
      start = index + 1
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
  }

  /// Appends a whole number.
  package mutating func append(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      appendDigits(UInt64(value.magnitude))
    } else {
      appendDigits(UInt64(value))
    }
  }

  /// Appends `value` rounded to `decimals` places, without trailing zeros (`72.5`, `72`).
  package mutating func append(_ value: Double, decimals: Int) {
    var fraction = appendWholePart(of: value, decimals: decimals)
    guard fraction != 0 else { return }
    var places = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    bytes.append(UInt8(ascii: "."))
    appendDigits(UInt64(fraction), width: places)
  }

  /// Appends `value` rounded to `decimals` places, with exactly `decimals` digits after the point.
  package mutating func appendFixed(_ value: Double, decimals: Int) {
    let fraction = appendWholePart(of: value, decimals: decimals)
    guard decimals > 0 else { return }
    bytes.append(UInt8(ascii: "."))
    appendDigits(UInt64(fraction), width: decimals)
  }

  /// Rounds `value` to `decimals` places, appends its sign and whole part, and returns the
  /// digits after the point as a whole number of `decimals` digits.
  private mutating func appendWholePart(of value: Double, decimals: Int) -> Int64 {
    let scale = Self.powersOfTen[decimals]
    var scaled = Int64((value * scale).rounded())
    if scaled < 0 {
      bytes.append(UInt8(ascii: "-"))
      scaled = -scaled
    }
    let divisor = Int64(scale)
    appendDigits(UInt64(scaled / divisor))
    return scaled % divisor
  }

  /// Appends `value` with exactly `decimals` digits after the point, as Apple's route and ECG
  /// files print numbers (`-122.396397`, `-107.825`), when that reads back as the same `Double`;
  /// otherwise in the fewest digits that do (`appendShortest`), so that no digit is lost.
  package mutating func appendFixedIfExact(_ value: Double, decimals: Int) {
    guard value.isFinite, value.magnitude * Self.powersOfTen[decimals] < 9e15 else {
      appendShortest(value)
      return
    }
    let start = bytes.count
    appendFixed(value, decimals: decimals)
    let exact = bytes.withUnsafeBufferPointer {
      ValueParsing.decimal(UnsafeBufferPointer(rebasing: $0[start...])) == value
    }
    if !exact {
      bytes.removeSubrange(start...)
      appendShortest(value)
    }
  }

  /// Appends `value` in the fewest digits that read back as the same `Double`, in plain decimal
  /// notation as export.xml writes numbers (`72`, `0.161`, `5.19412346680959`, `0.000001`); a
  /// value that is not finite as `0`.
  ///
  /// With `placesExponent` (export.xml, whose values are any text), the digits are placed as
  /// ECMAScript's `Number.prototype.toString` places them: plainly from 10^-6 up to 10^21, with an
  /// exponent beyond (`5e-324`, `-1e300`, `1.5e-7`) rather than hundreds of zeros. Without it (a
  /// GPX route's `xsd:decimal`, an ECG file), never with an exponent.
  package mutating func appendShortest(_ value: Double, placesExponent: Bool = false) {
    guard value.isFinite else {
      bytes.append(UInt8(ascii: "0"))
      return
    }
    if value.magnitude < 1e18 && value.rounded(.towardZero) == value {
      if value == 0 && value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
      append(Int(value))
      return
    }
    var text = value.description
    text.withUTF8 { digits in
      guard let exponentIndex = digits.firstIndex(of: UInt8(ascii: "e")) else {
        bytes.append(contentsOf: digits)
        return
      }
      // `description` writes one digit before the point when it writes an exponent.
      let mantissa = UnsafeBufferPointer(rebasing: digits[..<exponentIndex])
      let exponent = Int(String(decoding: digits[(exponentIndex + 1)...], as: UTF8.self)) ?? 0
      if !placesExponent || (-6...20).contains(exponent) {
        appendPlain(mantissa: mantissa, exponent: exponent)
      } else {
        bytes.append(contentsOf: mantissa)
        bytes.append(UInt8(ascii: "e"))
        append(exponent)
      }
    }
  }

  /// Appends `mantissa` × 10^`exponent` without an exponent: `1.5`, -7 as `0.00000015`.
  private mutating func appendPlain(mantissa: UnsafeBufferPointer<UInt8>, exponent: Int) {
    var digits: [UInt8] = []
    var pointPosition = 0
    var seenPoint = false
    for byte in mantissa {
      if byte == UInt8(ascii: "-") {
        bytes.append(byte)
      } else if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else {
        digits.append(byte)
        if !seenPoint { pointPosition += 1 }
      }
    }
    while digits.count > 1 && digits.last == UInt8(ascii: "0") { digits.removeLast() }
    pointPosition += exponent
    if pointPosition <= 0 {
      bytes.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -pointPosition))
      bytes.append(contentsOf: digits)
    } else if pointPosition >= digits.count {
      bytes.append(contentsOf: digits)
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: pointPosition - digits.count))
    } else {
      bytes.append(contentsOf: digits[..<pointPosition])
      bytes.append(UInt8(ascii: "."))
      bytes.append(contentsOf: digits[pointPosition...])
    }
  }

  /// Appends a date as export.xml writes it, `2026-01-20 07:00:00 -0500`, in `dateOffset`.
  package mutating func appendDate(_ instant: Int64) {
    appendDate(instant, offset: dateOffset)
  }

  /// Appends a date as export.xml writes it, `2026-01-20 07:00:00 -0500`, on the clock of
  /// `offset` seconds east of UTC.
  package mutating func appendDate(_ instant: Int64, offset: Int) {
    let local = instant + Int64(offset)
    let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let second = Int(local - day * 86_400)
    let isNewDay = day != lastDay
    let isNewOffset = offset != lastOffset
    lastDay = day
    lastOffset = offset
    withUnsafeMutableBytes(of: &lastDate) { date in
      func put(_ value: Int, at index: Int) {
        date[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
        date[index + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
      }
      if isNewDay {
        let civil = CivilDateTime.civil(fromDays: day)
        let text = Array(TextOutput.dayText(civil.year, civil.month, civil.day).utf8)
        for (index, byte) in text.prefix(10).enumerated() { date[index] = byte }
        date[10] = UInt8(ascii: " ")
        date[13] = UInt8(ascii: ":")
        date[16] = UInt8(ascii: ":")
      }
      put(second / 3600, at: 11)
      put(second / 60 % 60, at: 14)
      put(second % 60, at: 17)
      if isNewOffset {
        let minutes = abs(offset) / 60
        date[19] = UInt8(ascii: " ")
        date[20] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        put(minutes / 60 % 100, at: 21)
        put(minutes % 60, at: 23)
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(date))
    }
  }

  /// `value` rounded to `decimals` places, as text: with trailing zeros dropped (`72.5`), or with
  /// exactly `decimals` digits after the point when `isFixed`.
  package static func text(_ value: Double, decimals: Int, isFixed: Bool = false) -> String {
    var out = TextOutput(dateOffset: 0, capacity: 24)
    if isFixed {
      out.appendFixed(value, decimals: decimals)
    } else {
      out.append(value, decimals: decimals)
    }
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// `value` as `appendShortest(_:placesExponent:)` writes it.
  package static func shortestText(_ value: Double, placesExponent: Bool = true) -> String {
    var out = TextOutput(dateOffset: 0, capacity: 24)
    out.appendShortest(value, placesExponent: placesExponent)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// `54.3 MB`: `bytes` in millions, one decimal.
  package static func megabytes(_ bytes: Int) -> String {
    text(Double(bytes) / 1_000_000, decimals: 1, isFixed: true) + " MB"
  }

  /// `2026-01-09`.
  package static func dayText(_ year: Int, _ month: Int, _ day: Int) -> String {
    CivilDateTime(year: year, month: month, day: day).dayText
  }

  package mutating func appendTwoDigits(_ value: Int) {
    bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  private mutating func appendDigits(_ value: UInt64, width: Int = 1) {
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      while count < width {
        buffer[19 - count] = UInt8(ascii: "0")
        count += 1
      }
      bytes.append(contentsOf: buffer[(20 - count)...])
    }
  }
}
