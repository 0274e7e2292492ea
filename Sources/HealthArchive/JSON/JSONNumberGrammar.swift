/// The RFC 8259 number grammar, on bytes: scanning, converting to `Double`, and writing.
///
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, with nothing number-like right after:
/// `01`, `1.`, `.5`, `+1`, `1.5.3`, `0x1F`, `NaN` and `Infinity` are not numbers.
enum JSONNumberGrammar {
  /// What `scan` found.
  enum Scan: Equatable {
    /// A number ending before `end`; `needsRangeCheck` when its value may overflow a `Double`
    /// (it has an exponent or more than 308 integer digits).
    case number(end: Int, needsRangeCheck: Bool)
    /// Not a number.
    case invalid
    /// The bytes end before the number does, and more may come.
    case incomplete
  }

  /// Scans a number starting at `start`.
  /// - Parameters:
  ///   - p: the bytes.
  ///   - start: where the number starts (at `-` or a digit).
  ///   - end: one past the last byte available.
  ///   - isFinal: whether no bytes follow `end` (the end of the input).
  @inline(__always)
  static func scan(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int, isFinal: Bool) -> Scan {
    var i = start
    if p[i] == UInt8(ascii: "-") { i += 1 }
    guard i < end else { return isFinal ? .invalid : .incomplete }
    let integerStart = i
    if p[i] == UInt8(ascii: "0") {
      i += 1
    } else if isDigit(p[i]) {
      i += 1
      while i < end && isDigit(p[i]) { i += 1 }
    } else {
      return .invalid
    }
    let integerDigits = i - integerStart
    var hasExponent = false
    if i < end && p[i] == UInt8(ascii: ".") {
      i += 1
      guard i < end else { return isFinal ? .invalid : .incomplete }
      guard isDigit(p[i]) else { return .invalid }
      while i < end && isDigit(p[i]) { i += 1 }
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
      return isFinal ? .number(end: i, needsRangeCheck: hasExponent || integerDigits > 308) : .incomplete
    }
    if isNumberLike(p[i]) { return .invalid }
    return .number(end: i, needsRangeCheck: hasExponent || integerDigits > 308)
  }

  /// The correctly rounded `Double` of a valid number's bytes; nil when it is too large.
  ///
  /// The same approach as `ValueParsing.decimal`: up to 15 significant digits without an exponent
  /// as an exact integer divided by an exact power of ten, others through the standard library.
  @inline(__always)
  static func doubleValue(of bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    ValueParsing.decimal(bytes)
  }

  /// Whether a byte may continue a number-like word (so that a number cannot end before it).
  @inline(__always)
  static func isNumberLike(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || isLetter(byte)
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") <= 9
  }

  @inline(__always)
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
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var count = 0
      while magnitude > 0 {
        let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
        digits[19 - count] = UInt8(ascii: "0") &+ UInt8(remainder)
        count += 1
        magnitude = quotient
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
    }
  }
}
