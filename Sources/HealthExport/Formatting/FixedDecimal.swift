import HealthArchive
package import HealthModel

/// Writes a `Double` with a fixed number of decimals exactly as C's `printf("%.Nf")` does: from the
/// exact binary value, rounding half to even only on exact ties (`0.125` → `0.12`, `2.675` →
/// `2.67` because 2.675 is stored as 2.67499999…), with `-` on negative values, except that a
/// value that rounds to zero is written without a sign (`0.00`, never printf's `-0.00`).
///
/// Common values take a 128-bit integer path; very large or tiny ones a small big-integer path.
package enum FixedDecimal {
  private static let powersOfTen: [UInt64] = (0...19).map { exponent in
    var value: UInt64 = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Appends a written value: its value with its decimal places.
  package static func append(_ written: WrittenValue, to output: inout [UInt8]) {
    append(written.value, decimals: written.decimals, to: &output)
  }

  /// The number the digits `append` writes for `written` stand for, as the nearest `Double`: what
  /// reading them back gives (`2.675` with 2 places is 2.67), without writing them. The
  /// database's summaries store it as a REAL.
  ///
  /// The digits are an integer over a power of ten; where both are exact as `Double`s (below
  /// 2^53, and 10^17 at most), their quotient is correctly rounded by IEEE division and so the
  /// same number a correctly rounding reader gives. Other values are written and read back.
  package static func number(_ written: WrittenValue) -> Double {
    let (value, decimals) = (written.value, written.decimals)
    if value.isFinite, (0...17).contains(decimals),
      let (scaled, roundUp) = fastScaled(value.magnitude, decimals)
    {
      let digits = roundUp ? scaled + 1 : scaled
      if digits == 0 { return 0 }
      if digits <= 1 << 53 {
        let number = Double(digits) / Double(powersOfTen[decimals])
        return value.sign == .minus ? -number : number
      }
    }
    var text: [UInt8] = []
    append(written, to: &text)
    return ValueParsing.decimal(String(decoding: text, as: UTF8.self)) ?? value
  }

  /// round(`magnitude` × 10^`decimals`) on the 128-bit path, as the quotient and whether to round
  /// it up; nil where the value needs the big-integer path.
  private static func fastScaled(_ magnitude: Double, _ decimals: Int) -> (UInt64, roundUp: Bool)? {
    let (significand, exponent) = parts(of: magnitude)
    // value = significand × 2^exponent; the written digits are round(value × 10^decimals).
    guard exponent < 0 && exponent > -128 else { return nil }
    let product = significand.multipliedFullWidth(by: powersOfTen[decimals])
    let (quotient, roundUp) = shiftRightRounding(high: product.high, low: product.low, by: -exponent)
    guard let quotient else { return nil }
    return (quotient, roundUp)
  }

  /// A non-negative finite value as significand × 2^exponent.
  private static func parts(of magnitude: Double) -> (significand: UInt64, exponent: Int) {
    let exponentBits = Int(magnitude.exponentBitPattern)
    if exponentBits == 0 { return (magnitude.significandBitPattern, -1074) }
    return (magnitude.significandBitPattern | (1 << 52), exponentBits - 1075)
  }

  /// Appends `value` with `decimals` places (0 to 17) to `output`; non-finite values are written as
  /// `nan`, `inf` or `-inf`, as printf does (callers never pass them).
  static func append(_ value: Double, decimals: Int, to output: inout [UInt8]) {
    precondition((0...17).contains(decimals), "decimals out of range")
    guard value.isFinite else {
      output.append(contentsOf: value.isNaN ? Array("nan".utf8) : Array((value < 0 ? "-inf" : "inf").utf8))
      return
    }
    let signPosition = output.count
    if value.sign == .minus { output.append(UInt8(ascii: "-")) }
    defer { if value.sign == .minus { dropSignOfZero(at: signPosition, in: &output) } }
    let magnitude = value.magnitude
    if let (quotient, roundUp) = fastScaled(magnitude, decimals) {
      appendDigits(of: quotient, roundUp: roundUp, decimals: decimals, to: &output)
      return
    }
    let (significand, exponent) = parts(of: magnitude)
    var big = BigDigits(significand)
    big.multiply(byPowerOfTen: decimals)
    if exponent >= 0 {
      big.shiftLeft(exponent)
    } else {
      big.shiftRightRoundingHalfEven(-exponent)
    }
    appendPadded(big.decimalString(), decimals: decimals, to: &output)
  }

  /// The quotient of a 128-bit number shifted right by `shift` bits (1…127), when it fits 64 bits,
  /// and whether to round it up (remainder above half, or exactly half with an odd quotient).
  private static func shiftRightRounding(
    high: UInt64, low: UInt64, by shift: Int
  ) -> (quotient: UInt64?, roundUp: Bool) {
    let quotientHigh: UInt64
    let quotientLow: UInt64
    let remainderIsAboveHalf: Bool
    let remainderIsHalf: Bool
    if shift < 64 {
      quotientHigh = high >> UInt64(shift)
      quotientLow = (low >> UInt64(shift)) | (shift == 0 ? 0 : high << UInt64(64 - shift))
      let remainder = low & ((1 << UInt64(shift)) - 1)
      let half: UInt64 = 1 << UInt64(shift - 1)
      remainderIsAboveHalf = remainder > half
      remainderIsHalf = remainder == half
    } else {
      let s = shift - 64
      quotientHigh = 0
      quotientLow = s == 0 ? high : high >> UInt64(s)
      // remainder = (high mod 2^s, low); half = 2^(shift-1)
      let highRemainder = s == 0 ? 0 : high & ((1 << UInt64(s)) - 1)
      if s == 0 {
        let half: UInt64 = 1 << 63
        remainderIsAboveHalf = low > half
        remainderIsHalf = low == half
      } else {
        let halfHigh: UInt64 = 1 << UInt64(s - 1)
        remainderIsAboveHalf = highRemainder > halfHigh || (highRemainder == halfHigh && low > 0)
        remainderIsHalf = highRemainder == halfHigh && low == 0
      }
    }
    guard quotientHigh == 0, quotientLow < UInt64.max else { return (nil, false) }
    let roundUp = remainderIsAboveHalf || (remainderIsHalf && quotientLow & 1 == 1)
    return (quotientLow, roundUp)
  }

  private static func appendDigits(
    of quotient: UInt64, roundUp: Bool, decimals: Int, to output: inout [UInt8]
  ) {
    let scaled = roundUp ? quotient + 1 : quotient
    let integerPart = scaled / powersOfTen[decimals]
    let fraction = scaled % powersOfTen[decimals]
    appendInteger(integerPart, to: &output)
    guard decimals > 0 else { return }
    output.append(UInt8(ascii: "."))
    var digits = [UInt8](repeating: UInt8(ascii: "0"), count: decimals)
    var rest = fraction
    var index = decimals - 1
    while rest > 0 {
      digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      index -= 1
    }
    output.append(contentsOf: digits)
  }

  /// Removes the `-` at `position` when every digit written after it is a zero.
  private static func dropSignOfZero(at position: Int, in output: inout [UInt8]) {
    var index = position + 1
    while index < output.count {
      let byte = output[index]
      if byte != UInt8(ascii: "0") && byte != UInt8(ascii: ".") { return }
      index += 1
    }
    output.remove(at: position)
  }

  /// Appends the decimal digits of `value`.
  static func appendInteger(_ value: UInt64, to output: inout [UInt8]) {
    if value == 0 {
      output.append(UInt8(ascii: "0"))
    } else if value < 100_000_000 {
      appendDigits(of: value, count: nil, to: &output)
    } else {
      appendInteger(value / 100_000_000, to: &output)
      appendDigits(of: value % 100_000_000, count: 8, to: &output)
    }
  }

  /// Appends the digits of `value` (below 10⁸): `count` of them, zeros first, or as many as it has.
  /// They are gathered in one word, the last digit in its highest byte, and appended from its
  /// lowest: no buffer.
  @inline(__always)
  private static func appendDigits(of value: UInt64, count: Int?, to output: inout [UInt8]) {
    var rest = value
    var word: UInt64 = 0
    var digits = 0
    while digits < (count ?? 8) && (count != nil || rest > 0) {
      word = word << 8 | (UInt64(UInt8(ascii: "0")) + rest % 10)
      rest /= 10
      digits += 1
    }
    for _ in 0..<digits {
      output.append(UInt8(truncatingIfNeeded: word))
      word >>= 8
    }
  }

  /// Appends a digit string holding value × 10^decimals with the decimal point put in.
  private static func appendPadded(_ digits: [UInt8], decimals: Int, to output: inout [UInt8]) {
    var digits = digits
    if digits.count <= decimals {
      digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0)
    }
    let pointIndex = digits.count - decimals
    output.append(contentsOf: digits[..<pointIndex])
    if decimals > 0 {
      output.append(UInt8(ascii: "."))
      output.append(contentsOf: digits[pointIndex...])
    }
  }
}

/// A non-negative integer of any size, little-endian in 32-bit limbs; just what exact decimal
/// printing of a `Double` needs.
private struct BigDigits {
  private var limbs: [UInt32]

  init(_ value: UInt64) {
    limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
    normalize()
  }

  mutating func multiply(byPowerOfTen exponent: Int) {
    for _ in 0..<exponent { multiply(by: 10) }
  }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry > 0 { limbs.append(UInt32(carry)) }
  }

  mutating func shiftLeft(_ bits: Int) {
    let limbShift = bits / 32
    let bitShift = bits % 32
    if bitShift > 0 {
      var carry: UInt32 = 0
      for index in limbs.indices {
        let limb = limbs[index]
        limbs[index] = (limb << UInt32(bitShift)) | carry
        carry = limb >> UInt32(32 - bitShift)
      }
      if carry > 0 { limbs.append(carry) }
    }
    limbs.insert(contentsOf: repeatElement(0, count: limbShift), at: 0)
  }

  /// Divides by 2^bits, rounding half to even.
  mutating func shiftRightRoundingHalfEven(_ bits: Int) {
    let totalBits = limbs.count * 32
    if bits > totalBits {
      limbs = [0]
      return
    }
    let half = bit(at: bits - 1)
    var restNonZero = false
    for position in 0..<max(0, bits - 1) where bit(at: position) {
      restNonZero = true
      break
    }
    let limbShift = bits / 32
    let bitShift = bits % 32
    limbs.removeFirst(min(limbShift, limbs.count))
    if bitShift > 0 {
      for index in limbs.indices {
        let next = index + 1 < limbs.count ? limbs[index + 1] : 0
        limbs[index] = (limbs[index] >> UInt32(bitShift)) | (next << UInt32(32 - bitShift))
      }
    }
    if limbs.isEmpty { limbs = [0] }
    normalize()
    let isOdd = limbs[0] & 1 == 1
    if half && (restNonZero || isOdd) { addOne() }
  }

  private func bit(at position: Int) -> Bool {
    guard position >= 0, position / 32 < limbs.count else { return false }
    return (limbs[position / 32] >> UInt32(position % 32)) & 1 == 1
  }

  private mutating func addOne() {
    for index in limbs.indices {
      let (sum, overflow) = limbs[index].addingReportingOverflow(1)
      limbs[index] = sum
      if !overflow { return }
    }
    limbs.append(1)
  }

  private mutating func normalize() {
    while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
  }

  /// The decimal digits, most significant first.
  func decimalString() -> [UInt8] {
    var rest = limbs
    var chunks: [UInt32] = []
    while !(rest.count == 1 && rest[0] == 0) && !rest.isEmpty {
      var remainder: UInt64 = 0
      for index in stride(from: rest.count - 1, through: 0, by: -1) {
        let current = (remainder << 32) | UInt64(rest[index])
        rest[index] = UInt32(current / 1_000_000_000)
        remainder = current % 1_000_000_000
      }
      chunks.append(UInt32(remainder))
      while rest.count > 1 && rest.last == 0 { rest.removeLast() }
    }
    guard let first = chunks.last else { return [UInt8(ascii: "0")] }
    var digits: [UInt8] = []
    FixedDecimal.appendInteger(UInt64(first), to: &digits)
    for chunk in chunks.dropLast().reversed() {
      var part: [UInt8] = []
      FixedDecimal.appendInteger(UInt64(chunk), to: &part)
      digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 9 - part.count))
      digits.append(contentsOf: part)
    }
    return digits
  }
}
