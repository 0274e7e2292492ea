import HealthExport
import HealthModel

/// The SVG of one chart, from its geometry: grid, axes with their labels and titles, then the
/// series' lines, points and bars, each point and bar with its value as a `<title>` that the
/// browser shows on hover.
struct SVGChart {
  let geometry: ChartGeometry
  private(set) var body = ""

  init(geometry: ChartGeometry) {
    self.geometry = geometry
  }

  /// The grid and both axes: value labels with `valueTitle` (its unit) above them, day labels
  /// with `dayTitle` below.
  mutating func axes(valueTitle: String, dayTitle: String, format: ReportFormat) {
    let plot = geometry.plot
    let ticks = geometry.valueTicks
    body += "<g class=\"grid\">"
    for value in ticks.values {
      let y = ChartNumber.text(geometry.y(value))
      body += "<path d=\"M\(n(plot.x)),\(y)H\(n(plot.maxX))\"/>"
    }
    body += "</g><g class=\"axis\">"
    body += "<path d=\"M\(n(plot.x)),\(n(plot.y))V\(n(plot.maxY))H\(n(plot.maxX))\"/>"
    for value in ticks.values {
      let label = format.number(WrittenValue(value, decimals: ticks.decimals))
      body += "<text class=\"value\" x=\"\(n(plot.x - 6))\" y=\"\(n(geometry.y(value) + 4))\">\(label)</text>"
    }
    for day in geometry.dayTicks {
      let x = geometry.x(labelOf: day)
      body += "<path d=\"M\(n(x)),\(n(plot.maxY))v4\"/>"
      body +=
        "<text class=\"day\" x=\"\(n(x))\" y=\"\(n(plot.maxY + 17))\">\(HTML.escape(format.day(day)))</text>"
    }
    body +=
      "<text class=\"title\" x=\"\(n(plot.x))\" y=\"\(n(plot.y - 12))\">\(HTML.escape(valueTitle))</text>"
    body +=
      "<text class=\"title day-title\" x=\"\(n(plot.x + plot.width / 2))\" y=\"\(n(geometry.height - 6))\">\(HTML.escape(dayTitle))</text>"
    body += "</g>"
  }

  /// A line through `points`, broken after gaps of more than `gap` days.
  mutating func line(_ points: [ChartPoint], style: SeriesStyle, breakingAfter gap: Double? = nil) {
    guard !points.isEmpty else { return }
    body +=
      "<path class=\"\(style.lineClasses)\" d=\"\(geometry.path(through: points, breakingAfter: gap))\"/>"
  }

  /// A marker at each point, with its label on hover.
  mutating func points(_ points: [(point: ChartPoint, label: String)], style: SeriesStyle) {
    guard style.marker != .none else { return }
    body += "<g class=\"\(style.markClasses)\">"
    for (point, label) in points {
      let (x, y) = geometry.position(of: point)
      body += Self.marker(style.marker, x: x, y: y, title: label)
    }
    body += "</g>"
  }

  /// Bars, each with its label on hover.
  mutating func bars(_ bars: [(rect: ChartRect, label: String)], style: SeriesStyle) {
    body += "<g class=\"\(style.barClasses)\">"
    for (rect, label) in bars {
      body +=
        "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\"><title>\(HTML.escape(label))</title></rect>"
    }
    body += "</g>"
  }

  /// Short horizontal strokes across bars (a night's time in bed), each with its label.
  mutating func levels(_ levels: [(rect: ChartRect, label: String)], style: SeriesStyle) {
    body += "<g class=\"\(style.lineClasses) level\">"
    for (rect, label) in levels {
      body +=
        "<path d=\"M\(n(rect.x)),\(n(rect.y))H\(n(rect.maxX))\"><title>\(HTML.escape(label))</title></path>"
    }
    body += "</g>"
  }

  /// A shaded band (a reference range).
  mutating func band(_ rect: ChartRect, label: String) {
    body +=
      "<rect class=\"band\" x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\"><title>\(HTML.escape(label))</title></rect>"
  }

  /// The whole `<svg>` element, labelled for screen readers.
  func svg(label: String, small: Bool = false) -> String {
    "<svg class=\"chart\(small ? " small" : "")\" viewBox=\"0 0 \(n(geometry.width)) \(n(geometry.height))\" role=\"img\" aria-label=\"\(HTML.escape(label))\">"
      + body + "</svg>"
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

  private static func n(_ value: Double) -> String { ChartNumber.text(value) }
  private func n(_ value: Double) -> String { ChartNumber.text(value) }
}
