/// A rectangle in a chart's units (SVG user units: x to the right, y down), its corners rounded
/// to a tenth as the page writes them.
package struct ChartRect: Hashable, Sendable {
  package var x: Double
  package var y: Double
  package var width: Double
  package var height: Double

  package init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle between two corners given in any order, each rounded to a tenth.
  package init(corners first: (x: Double, y: Double), _ second: (x: Double, y: Double)) {
    let left = ChartNumber.rounded(min(first.x, second.x))
    let top = ChartNumber.rounded(min(first.y, second.y))
    self.init(
      x: left, y: top, width: ChartNumber.rounded(ChartNumber.rounded(max(first.x, second.x)) - left),
      height: ChartNumber.rounded(ChartNumber.rounded(max(first.y, second.y)) - top))
  }

  /// The right edge.
  package var maxX: Double { x + width }
  /// The bottom edge.
  package var maxY: Double { y + height }
}

/// A value at a moment, on a chart whose horizontal axis counts local days: `day` is the local
/// day number (days since 1970-01-01) plus the fraction of the day gone (10:30 is .4375).
package struct ChartPoint: Hashable, Sendable {
  package var day: Double
  package var value: Double

  package init(day: Double, value: Double) {
    self.day = day
    self.value = value
  }
}

/// How chart coordinates are written: to a tenth of a unit, printf's rounding, no `-0.0`.
package enum ChartNumber {
  /// `value` rounded to a tenth.
  package static func rounded(_ value: Double) -> Double {
    let tenth = (value * 10).rounded() / 10
    return tenth == 0 ? 0 : tenth
  }

  /// `value` rounded to a tenth, as text: `12.3`, `200.0`.
  package static func text(_ value: Double) -> String {
    let tenth = rounded(value)
    var whole = Int64(tenth.magnitude * 10 + 0.5)
    let digit = whole % 10
    whole /= 10
    return (tenth < 0 ? "-" : "") + "\(whole).\(digit)"
  }
}
