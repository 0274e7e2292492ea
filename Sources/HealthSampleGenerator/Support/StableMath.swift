/// Sine, cosine and the exponential computed with additions, multiplications and divisions only,
/// which IEEE 754 defines exactly: the C library's versions may differ in the last bit from one
/// system to another, and one bit is enough to move a rounded value or a threshold. Accurate to
/// about 1e-12, far finer than any value the generator writes.
enum StableMath {
  static let pi = 3.141_592_653_589_793
  static let twoPi = 6.283_185_307_179_586

  /// The sine of `x` (radians).
  static func sin(_ x: Double) -> Double {
    // Reduce to [-π, π], then to [-π/2, π/2] by symmetry.
    var r = x - twoPi * (x / twoPi).rounded()
    if r > pi / 2 {
      r = pi - r
    } else if r < -pi / 2 {
      r = -pi - r
    }
    let r2 = r * r
    // Taylor series to r^17: the error is below 1e-15 on [-π/2, π/2].
    var term = r
    var sum = r
    var n = 1.0
    for _ in 0..<8 {
      term = -term * r2 / ((n + 1) * (n + 2))
      sum += term
      n += 2
    }
    return sum
  }

  /// The cosine of `x` (radians).
  static func cos(_ x: Double) -> Double {
    sin(x + pi / 2)
  }

  /// e raised to `x`, for `x` in about -700 ... 700.
  static func exp(_ x: Double) -> Double {
    // e^x = 2^k · e^r with |r| ≤ ln 2 / 2.
    let ln2 = 0.693_147_180_559_945_3
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0
    var sum = 1.0
    for n in 1...16 {
      term = term * r / Double(n)
      sum += term
    }
    var scale = 1.0
    let exponent = Int(k)
    if exponent >= 0 {
      for _ in 0..<exponent { scale *= 2 }
    } else {
      for _ in 0..<(-exponent) { scale /= 2 }
    }
    return sum * scale
  }

  /// `value` rounded to `decimals` places (half away from zero), as the number written.
  static func quantized(_ value: Double, decimals: Int) -> Double {
    let scale = powerOfTen(decimals)
    return (value * scale).rounded() / scale
  }

  /// 10 raised to `exponent` (0 ... 18), exactly.
  static func powerOfTen(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  /// `value` kept within `range`.
  static func clamped(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
  }
}
