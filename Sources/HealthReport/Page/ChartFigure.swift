/// One chart as the page shows it: a heading and a note, a legend, the SVG, and the numbers
/// behind it in a table that opens below it.
struct ChartFigure {
  /// How a legend entry is drawn.
  enum Key {
    /// A line, with the series' marker where it has one.
    case line
    /// The marker alone.
    case mark
    case bar
    case band
  }

  /// The figure's id, also its table's `data-chart`.
  var id: String
  var title: String
  var note: String?
  var legend: [(name: String, style: SeriesStyle, key: Key)] = []
  var svg: String
  var table: DataTable
  /// A figure among small ones (the labs'): a smaller heading, and its card's latest value.
  var isSmall = false
  /// Markup shown between the heading and the chart (a lab's latest value), the page's own.
  var headline: String?

  /// The figure's HTML.
  var html: String {
    var html = HTML()
    html.raw("<figure class=\"chart\(isSmall ? " small" : "")\" id=\"\(HTML.escape(id))\">")
    html.raw("<figcaption>")
    html.element(isSmall ? "h4" : "h3", title)
    if let headline { html.raw(headline) }
    if let note { html.element("p", note, attributes: "class=\"note\"") }
    html.raw("</figcaption>")
    if !legend.isEmpty {
      html.raw("<ul class=\"legend\">")
      for entry in legend {
        html.raw("<li>" + Self.key(entry.style, entry.key))
        html.text(entry.name)
        html.raw("</li>")
      }
      html.raw("</ul>")
    }
    html.raw(svg)
    html.raw(table.html(chart: id))
    html.raw("</figure>")
    return html.text
  }

  /// A small drawing of a series' look for the legend.
  private static func key(_ style: SeriesStyle, _ key: Key) -> String {
    var body = ""
    switch key {
    case .line, .mark:
      if key == .line { body += "<path class=\"\(style.lineClasses)\" d=\"M1,6H27\"/>" }
      if style.marker != .none {
        body +=
          "<g class=\"\(style.markClasses)\">" + SVGChart.marker(style.marker, x: 14, y: 6, title: "")
          + "</g>"
      }
    case .bar:
      body += "<rect class=\"\(style.barClasses)\" x=\"6.0\" y=\"1.0\" width=\"16.0\" height=\"10.0\"/>"
    case .band:
      body += "<rect class=\"band\" x=\"1.0\" y=\"1.0\" width=\"26.0\" height=\"10.0\"/>"
    }
    return
      "<svg class=\"key\" viewBox=\"0 0 28 12\" width=\"28\" height=\"12\" aria-hidden=\"true\">\(body)</svg>"
  }
}

/// The numbers behind a chart, in a table inside `<details>`: closed on screen, opened to print.
struct DataTable {
  var summary: String
  var headers: [String]
  /// The columns that hold numbers, aligned right.
  var numericColumns: Set<Int>
  var rows: [[String]] = []

  /// The table inside `<details>`, under its summary; `data-chart` names the chart it belongs to.
  func html(chart: String) -> String {
    "<details><summary>" + HTML.escape(summary) + "</summary>" + table(chart: chart) + "</details>"
  }

  /// The table alone, in a box that scrolls where it is wider or longer than the page.
  /// - Parameters:
  ///   - chart: the chart's identifier, set as the table's `data-chart`.
  ///   - plain: whether it stands on its own (text columns wrap).
  ///   - cards: whether, on a phone's screen, each row is shown as a card, each value named by its
  ///     column's header (the columns of at a glance do not fit side by side there).
  /// - Returns: the HTML.
  func table(chart: String, plain: Bool = false, cards: Bool = false) -> String {
    var html = HTML()
    // Numeric columns are aligned right by the table's classes (`n2`: the second column), not
    // by a class on each of their cells: a long table is thousands of cells.
    let classes =
      ["data"] + (plain ? ["plain"] : []) + (cards ? ["cards"] : [])
      + numericColumns.sorted().map { "n\($0 + 1)" }
    html.raw(
      "<div class=\"scroll\"><table class=\"\(classes.joined(separator: " "))\" data-chart=\"\(HTML.escape(chart))\">"
    )
    html.raw("<thead><tr>")
    for header in headers {
      html.element("th", header, attributes: "scope=\"col\"")
    }
    html.raw("</tr></thead><tbody>")
    for row in rows {
      html.raw("<tr>")
      for (index, cell) in row.enumerated() {
        var attributes = plain && !numericColumns.contains(index) ? "class=\"wrap\"" : ""
        if cards, index < headers.count {
          attributes += (attributes.isEmpty ? "" : " ") + "data-label=\"\(HTML.escape(headers[index]))\""
        }
        html.element("td", cell, attributes: attributes)
      }
      html.raw("</tr>")
    }
    html.raw("</tbody></table></div>")
    return html.text
  }
}
