import HealthExport
import HealthModel

extension ReportPage {
  /// Lab results: a small chart per test (a LOINC code, with the registry's related codes, in
  /// one unit) over time, its latest value, and where the record gives a reference range,
  /// whether each value is outside it.
  mutating func labs() {
    let rows = data.labRows
    guard !rows.isEmpty else { return }
    let registry = MetricRegistry.standard
    // One group per test and unit, in the order first met.
    var tests = KeyedStore<String, (name: String, unit: String, rows: [LabRow])>()
    for row in rows {
      let number = tests.number(of: row.name + "\u{0}" + row.unit) { (row.name, row.unit, []) }
      tests.values[number].rows.append(row)
    }
    var groups = tests.values
    // Registry order (panel by panel), then tests the registry does not know, by name.
    func rank(_ name: String) -> Int { registry.labs.firstIndex { $0.name == name } ?? registry.labs.count }
    groups = groups.enumerated().sorted { lhs, rhs in
      let (left, right) = (rank(lhs.element.name), rank(rhs.element.name))
      if left != right { return left < right }
      if lhs.element.name != rhs.element.name {
        return lhs.element.name.utf8.lexicographicallyPrecedes(rhs.element.name.utf8)
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
    let outside = rows.filter { row in
      row.referenceRange.map { $0.position(of: row.value.value) != .within } ?? false
    }
    openSection(
      "labs", title: "Lab results",
      note:
        "\(rows.count) \(rows.count == 1 ? "result" : "results") of \(groups.count) \(groups.count == 1 ? "test" : "tests"); \(outside.count) outside the reference range the laboratory gave. The shaded band is the latest result's range."
    )
    raw("<div class=\"labs\">")
    for (index, group) in groups.enumerated() {
      add(labFigure(name: group.name, unit: group.unit, rows: group.rows, index: index))
    }
    raw("</div>")
    closeSection()
  }

  private func labFigure(name: String, unit: String, rows: [LabRow], index: Int) -> ChartFigure {
    let latest = rows[rows.count - 1]
    let range = latest.referenceRange
    let bounds = [range?.low, range?.high].compactMap { $0 }
    var chart = SVGChart(
      geometries: geometries(values: rows.map(\.value.value) + bounds, includingZero: false, small: true))
    chart.axes(valueTitle: unit.isEmpty ? name : unit, dayTitle: "Date", format: format)
    if let range {
      chart.band(
        from: range.low, to: range.high,
        label: "Reference range \(rangeText(range, decimals: latest.value.decimals, unit: unit))")
    }
    let points = rows.map { ChartPoint(day: format.dayPosition(of: $0.date), value: $0.value.value) }
    chart.line(points, style: SeriesStyle(colour: .blue))
    func style(_ position: ReferenceRange.Position) -> SeriesStyle {
      switch position {
      case .within: SeriesStyle(colour: .blue, marker: .circle)
      case .above: SeriesStyle(colour: .vermillion, marker: .triangleUp)
      case .below: SeriesStyle(colour: .vermillion, marker: .triangleDown)
      }
    }
    for position in [ReferenceRange.Position.within, .above, .below] {
      let members = zip(points, rows).filter { Self.position(of: $0.1) ?? .within == position }
      chart.points(
        members.map { point, row in
          (
            point,
            "\(format.date(row.date)): \(format.number(row.value)) \(row.unit)\(flagText(row).map { ", \($0)" } ?? "")"
          )
        }, style: style(position))
    }
    var headline = HTML()
    headline.raw("<p class=\"latest\"><b>")
    headline.text(format.number(latest.value))
    headline.raw("</b> ")
    headline.text(latest.unit)
    if let flag = flagText(latest) {
      headline.raw(" <span class=\"flag\(Self.position(of: latest) == .within ? "" : " out")\">")
      headline.text(flag)
      headline.raw("</span>")
    }
    headline.raw("</p><p class=\"note\">")
    var facts = ["Latest, \(format.date(latest.date))"]
    if let range { facts.append("range \(rangeText(range, decimals: latest.value.decimals, unit: unit))") }
    facts.append(latest.source)
    headline.text(facts.joined(separator: " · "))
    headline.raw("</p>")
    let codes = rows.map(\.loinc).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    var table = DataTable(
      summary: "The numbers (\(rows.count) \(rows.count == 1 ? "result" : "results"))",
      headers: ["Date", "Value", "Unit", "LOINC", "Reference range", "Against the range", "Source"],
      numericColumns: [1])
    table.rows = rows.map { row in
      [
        format.date(row.date), format.number(row.value), row.unit, row.loinc,
        row.referenceRange.map { rangeText($0, decimals: row.value.decimals, unit: "") } ?? "",
        flagText(row) ?? "",
        row.source,
      ]
    }
    return ChartFigure(
      id: "lab-\(index + 1)", title: "\(name) (LOINC \(codes.joined(separator: ", ")))", legend: [],
      svg: chart.svg(label: "\(name) in \(unit), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table, isSmall: true, headline: headline.text)
  }

  /// Where a result lies against its range; nil without a range.
  private static func position(of row: LabRow) -> ReferenceRange.Position? {
    row.referenceRange?.position(of: row.value.value)
  }

  /// `high`, `low` or `in range`; nil without a range.
  func flagText(_ row: LabRow) -> String? {
    switch Self.position(of: row) {
    case .above: "high"
    case .below: "low"
    case .within: "in range"
    case nil: nil
    }
  }

  /// `125–200 mg/dL`, `≥ 40`, `≤ 5.70 %`, the bounds with the result's decimals.
  func rangeText(_ range: ReferenceRange, decimals: Int, unit: String) -> String {
    func bound(_ value: Double) -> String { format.number(WrittenValue(value, decimals: decimals)) }
    let text: String
    switch (range.low, range.high) {
    case (let low?, let high?): text = "\(bound(low))–\(bound(high))"
    case (let low?, nil): text = "≥ \(bound(low))"
    case (nil, let high?): text = "≤ \(bound(high))"
    case (nil, nil): text = ""
    }
    return unit.isEmpty ? text : "\(text) \(unit)"
  }
}
