import Foundation

/// Round values for a value axis: steps of 1, 2 or 5 times a power of ten, covering the values
/// shown, with the decimals their labels need.
///
///     NiceTicks(covering: 121.3, 124.9)   // 121, 122, 123, 124, 125 (step 1, 0 decimals)
///     NiceTicks(covering: 0, 18_561)      // 0, 5000, 10000, 15000, 20000
package struct NiceTicks: Hashable, Sendable {
  /// The tick values, lowest first; the first and last bound the axis.
  package var values: [Double]
  /// The distance between two ticks.
  package var step: Double
  /// The decimals a tick label needs (0 for a step of 1 or more).
  package var decimals: Int

  /// Ticks covering `lower...upper` in about `count` steps. Equal bounds are widened (by 5 %, or
  /// to 0...1 at zero); `includingZero` extends the axis to 0 (bars start there).
  package init(covering lower: Double, _ upper: Double, count: Int = 5, includingZero: Bool = false) {
    var low = min(lower, upper)
    var high = max(lower, upper)
    if includingZero {
      low = min(low, 0)
      high = max(high, 0)
    }
    if low == high {
      let pad = low == 0 ? 1 : abs(low) * 0.05
      low = includingZero && low >= 0 ? low : low - pad
      high += pad
    }
    let raw = (high - low) / Double(max(count, 1))
    var exponent = Int(floor(log10(raw)))
    let fraction = raw / Self.power(exponent)
    var multiple: Double
    switch fraction {
    case ...1.000_000_1: multiple = 1
    case ...2.000_000_1: multiple = 2
    case ...5.000_000_1: multiple = 5
    default:
      multiple = 1
      exponent += 1
    }
    step = multiple * Self.power(exponent)
    decimals = max(0, -exponent)
    // Work in whole multiples of the step, so that the values are exact decimals to the digits
    // the labels show.
    let first = Int(floor(low / step + 1e-9))
    let last = Int(ceil(high / step - 1e-9))
    values = (first...max(first + 1, last)).map {
      Self.value(index: $0, multiple: multiple, exponent: exponent)
    }
  }

  /// The axis the ticks span.
  package var domain: ClosedRange<Double> { values[0]...values[values.count - 1] }

  /// 10 to the power `exponent`, exact for negative powers as a quotient.
  private static func power(_ exponent: Int) -> Double {
    exponent >= 0 ? pow(10, Double(exponent)) : 1 / pow(10, Double(-exponent))
  }

  /// `index` steps of `multiple` × 10^`exponent`, as the nearest double to the decimal.
  private static func value(index: Int, multiple: Double, exponent: Int) -> Double {
    let units = Double(index) * multiple
    return exponent >= 0 ? units * pow(10, Double(exponent)) : units / pow(10, Double(-exponent))
  }
}
