import HealthExport
import HealthModel

extension ReportPage {
  /// Steps per day counted once, with a 30-day average; distance walked or run, and flights
  /// climbed, per day.
  mutating func activity() {
    let figures = [
      dailyBarsFigure(
        id: "steps", type: HealthKitIdentifier.stepCount, title: "Steps per day",
        style: SeriesStyle(colour: .skyBlue), averageDays: 30,
        note:
          "Counted once where the watch and the phone recorded the same walk, as the summary counts them."
      ),
      dailyBarsFigure(
        id: "distance", type: ReportSeries.distanceWalkingRunning, title: "Distance walked or run per day",
        style: SeriesStyle(colour: .bluishGreen)),
      dailyBarsFigure(
        id: "flights", type: ReportSeries.flightsClimbed, title: "Flights climbed per day",
        style: SeriesStyle(colour: .orange)),
    ].compactMap { $0 }
    guard !figures.isEmpty else { return }
    openSection("activity", title: "Activity")
    add(figures)
    closeSection()
  }

  /// Bars of a cumulative type's daily totals as the summary gives them, with a line of their
  /// trailing mean where `averageDays` is given.
  func dailyBarsFigure(
    id: String, type: String, title: String, style: SeriesStyle, averageDays: Int? = nil, note: String? = nil
  ) -> ChartFigure? {
    let rows = data.days(ofType: type).filter { $0.value != nil }
    guard let first = rows.first, let value = first.value else { return nil }
    let unit = first.unit
    let days = rows.map { Self.dayNumber(of: $0.period) }
    let values = zip(days, rows).map { (day: $0.0, value: $0.1.value?.value ?? 0) }
    // Over more days than the chart shows apart, a bar is a period's mean day, and has no average.
    let periods = buckets(count: rows.count)
    let averageDays = periods == nil ? averageDays : nil
    let means = averageDays.map { TrailingMean.means(of: values, days: $0) }
    let bars: [ChartBar]
    if let periods {
      bars = periods.group(values).map { bucket in
        ChartBar(
          day: Double(bucket.start), days: Double(bucket.days), top: bucket.mean,
          label:
            "\(format.period(startingOn: bucket.start, of: periods)): \(format.number(WrittenValue(bucket.mean, decimals: value.decimals))) \(unit) a day, the mean of \(bucket.count) \(bucket.count == 1 ? "day" : "days")"
        )
      }
    } else {
      bars = zip(days, rows).map { day, row in
        ChartBar(
          day: Double(day), top: row.value?.value ?? 0,
          label: "\(format.period(row.period)): \(row.value.map(format.number) ?? "") \(unit)")
      }
    }
    var chart = SVGChart(
      geometries: geometries(values: bars.map(\.top) + (means ?? []).map(\.mean), includingZero: true))
    chart.axes(valueTitle: Self.titled(first.metric, unit: unit), dayTitle: "Day", format: format)
    chart.bars(bars, style: style)
    let averageStyle = SeriesStyle(colour: .black, dash: .dashed)
    if let means {
      chart.line(means.map { ChartPoint(day: Double($0.day) + 0.5, value: $0.mean) }, style: averageStyle)
    }

    var headers = ["Day", Self.titled(first.metric, unit: unit)]
    if let averageDays { headers.append(Self.titled("\(averageDays)-day average", unit: unit)) }
    headers.append("Sources")
    var table = DataTable(
      summary: "The numbers (\(rows.count) \(rows.count == 1 ? "day" : "days"))", headers: headers,
      numericColumns: averageDays == nil ? [1] : [1, 2])
    for (index, row) in rows.enumerated() {
      var cells = [format.period(row.period), row.value.map(format.number) ?? ""]
      if let means { cells.append(format.number(WrittenValue(means[index].mean, decimals: value.decimals))) }
      cells.append(row.sources.joined(separator: "; "))
      table.rows.append(cells)
    }
    let notes = [
      note,
      averageDays.map {
        "The line is the \($0)-day average, the mean of the days with data among that day and the \($0 - 1) before."
      },
      periods.map { Self.thinnedNote($0, mark: "bar", values: "days", stroke: false) },
    ].compactMap { $0 }
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = [(first.metric, style, .bar)]
    if let averageDays { legend.append(("\(averageDays)-day average", averageStyle, .line)) }
    return ChartFigure(
      id: id, title: title,
      note: notes.isEmpty ? nil : notes.joined(separator: " "),
      legend: legend,
      svg: chart.svg(label: "\(title) in \(unit), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table)
  }

  /// The local day number a period starts on.
  static func dayNumber(of period: SummaryPeriodSpan) -> Int64 {
    ReportData.dayNumber(of: period)
  }
}
