/// The RFC 8259 number grammar, on bytes: scanning, converting to `Double`, and writing.
///
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, with nothing number-like right after:
/// `01`, `1.`, `.5`, `+1`, `1.5.3`, `0x1F`, `NaN` and `Infinity` are not numbers.
enum JSONNumberGrammar {
  /// A number `scan` found.
  struct Scanned: Equatable {
    /// One past its last byte.
    var end: Int
    /// Its value when the fast path gave it (up to 15 significant digits, no exponent); nil when
    /// `doubleValue(of:)` must convert the text.
    var fastValue: Double?
    /// Whether its value may overflow a `Double` (it has an exponent or more than 308 integer
    /// digits), so that it must be converted to be checked.
    var needsRangeCheck: Bool
  }

  /// What `scan` found.
  enum Scan: Equatable {
    /// A number.
    case number(Scanned)
    /// Not a number.
    case invalid
    /// The bytes end before the number does, and more may come.
    case incomplete
  }

  /// Scans a number starting at `start`, computing its value on the way when it has up to 15
  /// significant digits and no exponent: the exact integer of its digits divided by an exact
  /// power of ten, which IEEE division rounds correctly (the fast path of `ValueParsing.decimal`).
  /// - Parameters:
  ///   - p: the bytes available.
  ///   - start: where the number starts (at `-` or a digit).
  ///   - isFinal: whether no bytes follow `end` (the end of the input).
  /// - Returns: where the number ends and, on the fast path, its value.
  static func scan(_ p: Span<UInt8>, from start: Int, isFinal: Bool) -> Scan {
    let end = p.count
    var i = start
    let isNegative = p[i] == UInt8(ascii: "-")
    if isNegative { i += 1 }
    guard i < end else { return isFinal ? .invalid : .incomplete }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    let integerStart = i
    if p[i] == UInt8(ascii: "0") {
      i += 1
    } else if isDigit(p[i]) {
      while i < end {
        let digit = p[i] &- UInt8(ascii: "0")
        guard digit <= 9 else { break }
        if significantDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
        significantDigits += 1
        i += 1
      }
    } else {
      return .invalid
    }
    let integerDigits = i - integerStart
    var fractionDigits = 0
    var hasExponent = false
    if i < end && p[i] == UInt8(ascii: ".") {
      i += 1
      guard i < end else { return isFinal ? .invalid : .incomplete }
      guard isDigit(p[i]) else { return .invalid }
      while i < end {
        let digit = p[i] &- UInt8(ascii: "0")
        guard digit <= 9 else { break }
        fractionDigits += 1
        if mantissa != 0 || digit != 0 {
          if significantDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
          significantDigits += 1
        }
        i += 1
      }
    }
    if i < end && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
      hasExponent = true
      i += 1
      if i < end && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
      guard i < end else { return isFinal ? .invalid : .incomplete }
      guard isDigit(p[i]) else { return .invalid }
      while i < end && isDigit(p[i]) { i += 1 }
    }
    if i == end {
      if !isFinal { return .incomplete }
    } else if isNumberLike(p[i]) {
      return .invalid
    }
    var fastValue: Double?
    if !hasExponent && significantDigits <= 15 && fractionDigits <= 22 {
      let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
      fastValue = isNegative ? -magnitude : magnitude
    }
    return .number(
      Scanned(end: i, fastValue: fastValue, needsRangeCheck: hasExponent || integerDigits > 308))
  }

  /// The powers of ten a `Double` holds exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The correctly rounded `Double` of a valid number's bytes; nil when it is too large.
  ///
  /// `ValueParsing.decimal`: up to 15 significant digits without an exponent as an exact integer
  /// divided by an exact power of ten, others through the standard library's correctly rounded
  /// parser.
  static func doubleValue(of bytes: Span<UInt8>) -> Double? {
    ValueParsing.decimal(bytes)
  }

  /// Whether a byte may continue a number-like word (so that a number cannot end before it).
  static func isNumberLike(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || isLetter(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") <= 9
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") <= 25
  }

  // MARK: - Writing

  /// 2^53: integral `Double`s below this magnitude are written as integers.
  static let integerLimit = 9_007_199_254_740_992.0

  /// The text `JSONWriter` writes for a finite `Double`.
  static func text(of value: Double) -> String {
    var bytes: [UInt8] = []
    append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a finite `Double`: integral values of magnitude below 2^53 as integers (`-0` for
  /// negative zero), others as Swift's shortest round-tripping text (`0.1`, `1e-07`,
  /// `1.7976931348623157e+308`), which is valid JSON.
  static func append(_ value: Double, to bytes: inout [UInt8]) {
    if value.magnitude < integerLimit && value.rounded(.towardZero) == value {
      if value == 0 && value.sign == .minus {
        bytes.append(UInt8(ascii: "-"))
        bytes.append(UInt8(ascii: "0"))
      } else {
        append(Int(value), to: &bytes)
      }
      return
    }
    var text = value.description
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends the decimal digits of an integer.
  static func append(_ value: Int, to bytes: inout [UInt8]) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude))
      return
    }
    // The digits are appended last first, then put in order where they are.
    let start = bytes.count
    while magnitude > 0 {
      let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
      bytes.append(UInt8(ascii: "0") &+ UInt8(remainder))
      magnitude = quotient
    }
    bytes[start...].reverse()
  }
}
