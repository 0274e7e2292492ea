import Foundation

/// The tables of a report's page, read back as a person's browser shows them.
package enum ReportTables {
  /// The body rows of every data table, by its `data-chart`, each cell unescaped.
  package static func parse(_ html: String) -> [String: [[String]]] {
    var tables: [String: [[String]]] = [:]
    var rest = Substring(html)
    while let open = rest.firstRange(of: "<table class=\"data") {
      let table = rest[open.lowerBound...]
      guard let close = table.firstRange(of: "</table>") else { break }
      let text = table[..<close.upperBound]
      let chart = attribute("data-chart", in: text) ?? ""
      var rows: [[String]] = []
      if let body = text.firstRange(of: "<tbody>") {
        var cursor = text[body.upperBound...]
        while let row = cursor.firstRange(of: "<tr>"), let end = cursor.firstRange(of: "</tr>") {
          rows.append(cells(in: cursor[row.upperBound..<end.lowerBound]))
          cursor = cursor[end.upperBound...]
        }
      }
      tables[chart] = rows
      rest = rest[close.upperBound...]
    }
    return tables
  }

  /// The contents of each `<td>` in `row`, unescaped.
  package static func cells(in row: Substring) -> [String] {
    var cells: [String] = []
    var rest = row
    while let open = rest.firstRange(of: "<td") {
      guard let startTag = rest[open.upperBound...].firstRange(of: ">"),
        let close = rest[startTag.upperBound...].firstRange(of: "</td>")
      else { break }
      cells.append(unescape(String(rest[startTag.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return cells
  }

  /// The `<title>` texts of the marks inside the figure `id`.
  package static func titles(inFigure id: String, of html: String) -> [String] {
    guard let figure = html.firstRange(of: "<figure class=\"chart\" id=\"\(id)\">"),
      let start = html[figure.upperBound...].firstRange(of: "<svg class=\"chart"),
      let end = html[start.upperBound...].firstRange(of: "</svg>")
    else { return [] }
    var titles: [String] = []
    var rest = html[start.upperBound..<end.lowerBound]
    while let open = rest.firstRange(of: "<title>"),
      let close = rest[open.upperBound...].firstRange(of: "</title>")
    {
      titles.append(unescape(String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return titles
  }

  package static func attribute(_ name: String, in text: Substring) -> String? {
    guard let start = text.firstRange(of: "\(name)=\""),
      let end = text[start.upperBound...].firstRange(of: "\"")
    else {
      return nil
    }
    return unescape(String(text[start.upperBound..<end.lowerBound]))
  }

  package static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
