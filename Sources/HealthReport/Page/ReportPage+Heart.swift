import HealthExport
import HealthModel

extension ReportPage {
  /// Resting and walking heart rate, heart-rate variability and cardio fitness (VO₂ max): their
  /// daily means as the summary gives them.
  mutating func heart() {
    let figures = [
      dailyMeansFigure(
        id: "heart-rate", title: "Resting and walking heart rate",
        series: [
          (HealthKitIdentifier.restingHeartRate, SeriesStyle(colour: .vermillion, marker: .circle)),
          (ReportSeries.walkingHeartRateAverage, SeriesStyle(colour: .blue, dash: .dashed, marker: .square)),
        ]),
      dailyMeansFigure(
        id: "hrv", title: "Heart-rate variability",
        series: [
          (HealthKitIdentifier.heartRateVariabilitySDNN, SeriesStyle(colour: .bluishGreen, marker: .diamond))
        ]),
      dailyMeansFigure(
        id: "vo2-max", title: "Cardio fitness (VO₂ max)",
        series: [(ReportSeries.vo2Max, SeriesStyle(colour: .reddishPurple, marker: .circle))]),
    ].compactMap { $0 }
    guard !figures.isEmpty else { return }
    openSection(
      "heart", title: "Heart",
      note: "The mean of each day's readings; a line is broken where a day has none.")
    add(figures)
    closeSection()
  }

  /// Blood oxygen saturation, respiratory rate and body temperature: their daily means as the
  /// summary gives them.
  mutating func respiration() {
    let figures = [
      dailyMeansFigure(
        id: "oxygen-saturation", title: "Blood oxygen saturation (SpO₂)",
        series: [(HealthKitIdentifier.oxygenSaturation, SeriesStyle(colour: .blue, marker: .circle))]),
      dailyMeansFigure(
        id: "respiratory-rate", title: "Respiratory rate",
        series: [(HealthKitIdentifier.respiratoryRate, SeriesStyle(colour: .bluishGreen, marker: .square))]),
      dailyMeansFigure(
        id: "body-temperature", title: "Body temperature",
        series: [(HealthKitIdentifier.bodyTemperature, SeriesStyle(colour: .vermillion, marker: .diamond))]),
    ].compactMap { $0 }
    guard !figures.isEmpty else { return }
    openSection(
      "respiration", title: "Respiration and temperature",
      note: "The mean of each day's readings; a line is broken where a day has none.")
    add(figures)
    closeSection()
  }

  /// Lines of discrete types' daily means (with minimum, maximum and count in the table), all
  /// in one unit.
  func dailyMeansFigure(id: String, title: String, series: [(type: String, style: SeriesStyle)])
    -> ChartFigure?
  {
    let drawn = series.map { (rows: data.days(ofType: $0.type).filter { $0.value != nil }, style: $0.style) }
      .filter { !$0.rows.isEmpty }
    guard let unit = drawn.first?.rows.first?.unit else { return nil }
    let values = drawn.flatMap { $0.rows.compactMap { $0.value?.value } }
    var chart = SVGChart(geometries: geometries(values: values, includingZero: false))
    let name = drawn.count == 1 ? drawn[0].rows[0].metric : title
    chart.axes(valueTitle: Self.titled(name, unit: unit), dayTitle: "Day", format: format)
    // A chart of one metric has no column naming it.
    let named = series.count > 1
    var table = DataTable(
      summary: "The numbers (\(drawn.reduce(0) { $0 + $1.rows.count }) daily means)",
      headers: ["Day"] + (named ? ["Metric"] : []) + [
        Self.titled("Mean", unit: unit), "Min", "Max", "Readings",
      ],
      numericColumns: named ? [2, 3, 4, 5] : [1, 2, 3, 4])
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = []
    // Over more days than the chart shows apart, a point is a period's mean day.
    let periods = buckets(count: drawn.map(\.rows.count).max() ?? 0)
    // Every row drawn has a value (`drawn` keeps only those).
    for (rows, style) in drawn {
      legend.append((rows[0].metric, style, .line))
      if let periods {
        draw(
          periods.group(rows.map { (Self.dayNumber(of: $0.period), $0.value?.value ?? 0) }), of: periods,
          on: &chart, style: style, joined: true, unit: unit, decimals: rows[0].value?.decimals ?? 0,
          counting: ("day", "days"))
        continue
      }
      let points = rows.map {
        ChartPoint(day: Double(Self.dayNumber(of: $0.period)) + 0.5, value: $0.value?.value ?? 0)
      }
      chart.line(points, style: SeriesStyle(colour: style.colour, dash: style.dash), breakingAfter: 1.5)
      chart.points(
        zip(points, rows).map { point, row in
          (
            point,
            "\(format.period(row.period)): \(row.metric) \(row.value.map(format.number) ?? "") \(unit)\(Self.spread(of: row, format: format))"
          )
        }, style: style)
    }
    // In the summary's order: by day, then by metric.
    let types = Set(series.map(\.type))
    for row in data.days where types.contains(row.type) {
      guard let value = row.value else { continue }
      table.rows.append(
        [format.period(row.period)] + (named ? [row.metric] : []) + [
          format.number(value), row.minimum.map(format.number) ?? "", row.maximum.map(format.number) ?? "",
          "\(row.count)",
        ])
    }
    return ChartFigure(
      id: id, title: title,
      note: periods.map { Self.thinnedNote($0, values: "daily means") }, legend: legend,
      svg: chart.svg(label: "\(title) in \(unit), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table)
  }

  /// ` (52–131, 612 readings)`, or nothing for a single reading.
  private static func spread(of row: SummaryRow, format: ReportFormat) -> String {
    guard row.count > 1, let minimum = row.minimum, let maximum = row.maximum else { return "" }
    return " (\(format.number(minimum))–\(format.number(maximum)), \(row.count) readings)"
  }
}
