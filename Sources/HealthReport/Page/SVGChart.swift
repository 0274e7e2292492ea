import HealthExport
import HealthModel

/// A bar in the values' terms: over `days` days from `day` (a day number), from the value `base`
/// up to `top`, with its label on hover.
struct ChartBar {
  var day: Double
  var days: Double = 1
  var base: Double = 0
  var top: Double
  var label: String
}

/// The SVG of one chart, from its geometry: grid, axes with their labels and titles, then the
/// series' lines, points and bars, each point and bar with its value as a `<title>` that the
/// browser shows on hover.
///
/// A chart may be drawn at several sizes at once (a wide one, and a narrow one for phones, which
/// the page shows in its place on a small screen): every series is given in the values' terms
/// and drawn in each. Only the first carries the `<title>`s: a phone's screen has no hover.
struct SVGChart {
  let geometries: [ChartGeometry]
  private var bodies: [String]

  init(geometries: [ChartGeometry]) {
    self.geometries = geometries
    bodies = geometries.map { _ in "" }
  }

  /// The first geometry: its value axis is the chart's.
  var geometry: ChartGeometry { geometries[0] }

  /// The grid and both axes: value labels with `valueTitle` (its unit) above them, day labels
  /// with `dayTitle` below.
  mutating func axes(valueTitle: String, dayTitle: String, format: ReportFormat) {
    draw { geometry in
      var body = ""
      let plot = geometry.plot
      let ticks = geometry.valueTicks
      body += "<g class=\"grid\">"
      for value in ticks.values {
        body += "<path d=\"M\(n(plot.x)),\(n(geometry.y(value)))H\(n(plot.maxX))\"/>"
      }
      body += "</g><g class=\"axis\">"
      body += "<path d=\"M\(n(plot.x)),\(n(plot.y))V\(n(plot.maxY))H\(n(plot.maxX))\"/>"
      for value in ticks.values {
        let label = format.number(WrittenValue(value, decimals: ticks.decimals))
        body +=
          "<text class=\"value\" x=\"\(n(plot.x - 6))\" y=\"\(n(geometry.y(value) + 4))\">\(label)</text>"
      }
      for day in geometry.dayTicks {
        let x = geometry.x(labelOf: day)
        let label = format.day(day)
        body += "<path d=\"M\(n(x)),\(n(plot.maxY))v4\"/>"
        // A label that would reach past the chart's edge ends (or starts) at it instead.
        let half = ChartGeometry.labelWidth(characters: label.count) / 2
        let (anchor, at) =
          x + half > geometry.width - 2
          ? (" end", geometry.width - 2) : x - half < 2 ? (" start", 2) : ("", x)
        body +=
          "<text class=\"day\(anchor)\" x=\"\(n(at))\" y=\"\(n(plot.maxY + 17))\">\(HTML.escape(label))</text>"
      }
      body +=
        "<text class=\"title\" x=\"\(n(plot.x))\" y=\"\(n(plot.y - 12))\">\(HTML.escape(valueTitle))</text>"
      body +=
        "<text class=\"title day-title\" x=\"\(n(plot.x + plot.width / 2))\" y=\"\(n(geometry.height - 6))\">\(HTML.escape(dayTitle))</text>"
      return body + "</g>"
    }
  }

  /// A line through `points`, broken after gaps of more than `gap` days.
  mutating func line(_ points: [ChartPoint], style: SeriesStyle, breakingAfter gap: Double? = nil) {
    guard !points.isEmpty else { return }
    draw { "<path class=\"\(style.lineClasses)\" d=\"\($0.path(through: points, breakingAfter: gap))\"/>" }
  }

  /// A marker at each point, with its label on hover.
  mutating func points(_ points: [(point: ChartPoint, label: String)], style: SeriesStyle) {
    guard style.marker != .none, !points.isEmpty else { return }
    drawTitled { geometry, titled in
      var body = "<g class=\"\(style.markClasses)\">"
      for (point, label) in points {
        let (x, y) = geometry.position(of: point)
        body += Self.marker(style.marker, x: x, y: y, title: titled ? label : "")
      }
      return body + "</g>"
    }
  }

  /// Bars, each with its label on hover.
  mutating func bars(_ bars: [ChartBar], style: SeriesStyle) {
    guard !bars.isEmpty else { return }
    drawTitled { geometry, titled in
      var body = "<g class=\"\(style.barClasses)\">"
      for bar in bars {
        let rect = geometry.bar(day: bar.day, days: bar.days, from: bar.base, to: bar.top)
        body +=
          "<rect \(Self.attributes(of: rect))"
          + (titled ? "><title>\(HTML.escape(bar.label))</title></rect>" : "/>")
      }
      return body + "</g>"
    }
  }

  /// Short horizontal strokes across a bar of `days` days at `value` (a night's time in bed),
  /// each with its label.
  mutating func levels(
    _ levels: [(day: Double, days: Double, value: Double, label: String)], style: SeriesStyle
  ) {
    guard !levels.isEmpty else { return }
    drawTitled { geometry, titled in
      var body = "<g class=\"\(style.lineClasses) level\">"
      for level in levels {
        let rect = geometry.bar(day: level.day, days: level.days, from: level.value, to: level.value)
        body +=
          "<path d=\"M\(n(rect.x)),\(n(rect.y))H\(n(rect.maxX))\""
          + (titled ? "><title>\(HTML.escape(level.label))</title></path>" : "/>")
      }
      return body + "</g>"
    }
  }

  /// A shaded band from the value `low` to `high` (a reference range; an open end reaches the
  /// edge of the plot).
  mutating func band(from low: Double?, to high: Double?, label: String) {
    draw { geometry in
      let domain = geometry.valueTicks.domain
      let rect = geometry.band(from: low ?? domain.lowerBound, to: high ?? domain.upperBound)
      return "<rect class=\"band\" \(Self.attributes(of: rect))><title>\(HTML.escape(label))</title></rect>"
    }
  }

  /// The `<svg>` elements, labelled for screen readers: one, or a wide one and a narrow one.
  func svg(label: String) -> String {
    zip(geometries, bodies).enumerated().map { index, chart in
      let size = geometries.count == 1 ? "" : index == 0 ? " wide" : " narrow"
      return
        "<svg class=\"chart\(size)\" viewBox=\"0 0 \(n(chart.0.width)) \(n(chart.0.height))\" role=\"img\" aria-label=\"\(HTML.escape(label))\">"
        + chart.1 + "</svg>"
    }.joined()
  }

  /// Vertical strokes from `low` to `high` at each day (a period's lowest to highest value, a
  /// blood-pressure reading's diastolic to systolic pressure), as one path.
  mutating func strokes(_ strokes: [(day: Double, low: Double, high: Double)], style: SeriesStyle) {
    guard !strokes.isEmpty else { return }
    draw { geometry in
      var path = ""
      for stroke in strokes {
        let x = n(geometry.x(day: stroke.day))
        path += "M\(x),\(n(geometry.y(stroke.low)))V\(n(geometry.y(stroke.high)))"
      }
      return "<path class=\"\(style.lineClasses) stroke\" d=\"\(path)\"/>"
    }
  }

  /// Appends what `body` draws in each geometry.
  private mutating func draw(_ body: (ChartGeometry) -> String) {
    drawTitled { geometry, _ in body(geometry) }
  }

  /// Appends what `body` draws in each geometry, told whether it is the one that carries the
  /// titles.
  private mutating func drawTitled(_ body: (ChartGeometry, Bool) -> String) {
    for index in geometries.indices { bodies[index] += body(geometries[index], index == 0) }
  }

  private static func attributes(of rect: ChartRect) -> String {
    "x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
  }

  /// A marker of `shape` centred at (x, y), with a title.
  static func marker(_ shape: SeriesStyle.Marker, x: Double, y: Double, title: String) -> String {
    let titled = title.isEmpty ? "" : "<title>\(HTML.escape(title))</title>"
    switch shape {
    case .none:
      return ""
    case .circle:
      return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"3.5\">\(titled)</circle>"
    case .square:
      return "<rect x=\"\(n(x - 3))\" y=\"\(n(y - 3))\" width=\"6.0\" height=\"6.0\">\(titled)</rect>"
    case .triangleUp:
      return "<path d=\"M\(n(x)),\(n(y - 4))L\(n(x + 4)),\(n(y + 3))H\(n(x - 4))Z\">\(titled)</path>"
    case .triangleDown:
      return "<path d=\"M\(n(x)),\(n(y + 4))L\(n(x + 4)),\(n(y - 3))H\(n(x - 4))Z\">\(titled)</path>"
    case .diamond:
      return
        "<path d=\"M\(n(x)),\(n(y - 4.5))L\(n(x + 4.5)),\(n(y))L\(n(x)),\(n(y + 4.5))L\(n(x - 4.5)),\(n(y))Z\">\(titled)</path>"
    }
  }

}

/// A coordinate as the page writes it.
private func n(_ value: Double) -> String { ChartNumber.text(value) }
