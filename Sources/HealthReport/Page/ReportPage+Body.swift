import HealthExport
import HealthModel

extension ReportPage {
  /// Weight with its 7-day average; body fat and BMI where present.
  mutating func body() {
    let weight = readingsFigure(
      id: "weight", type: HealthKitIdentifier.bodyMass, style: SeriesStyle(colour: .blue, marker: .circle),
      averageDays: 7,
      note:
        "Each reading, and the 7-day average: the mean of the readings of that day and the six days before.")
    let bodyFat = readingsFigure(
      id: "body-fat", type: ReportSeries.bodyFatPercentage,
      style: SeriesStyle(colour: .reddishPurple, marker: .diamond))
    let bmi = readingsFigure(
      id: "bmi", type: ReportSeries.bodyMassIndex, style: SeriesStyle(colour: .bluishGreen, marker: .square))
    let figures = [weight, bodyFat, bmi].compactMap { $0 }
    guard !figures.isEmpty else { return }
    openSection("body", title: "Body")
    add(figures)
    closeSection()
  }

  /// A chart of one reading series as the CSV writes it: a point per reading joined by a line,
  /// or, with `averageDays`, the points and a line of their trailing mean; where the readings are
  /// more than the chart shows apart, a point per period (`DayBuckets`) with its spread.
  func readingsFigure(
    id: String, type: String, style: SeriesStyle, averageDays: Int? = nil, note: String? = nil
  ) -> ChartFigure? {
    guard let series = data.readings(ofType: type), !series.rows.isEmpty else { return nil }
    let (measure, unit, rows) = series
    let points = rows.map { ChartPoint(day: format.dayPosition(of: $0.date), value: $0.value) }
    let values = zip(rows, points).map { (day: Int64($0.1.day.rounded(.down)), value: $0.0.value) }
    let periods = buckets(count: rows.count)
    // A thinned chart draws its periods' means instead of a trailing average.
    let averageDays = periods == nil ? averageDays : nil
    let means = averageDays.map { TrailingMean.means(of: values, days: $0) }
    var chart = SVGChart(
      geometries: geometries(values: rows.map(\.value) + (means ?? []).map(\.mean), includingZero: false))
    chart.axes(valueTitle: Self.titled(measure.name, unit: unit.label), dayTitle: "Date", format: format)
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = []
    var note = note
    if let periods {
      draw(
        periods.group(values), of: periods, on: &chart, style: style, joined: true, unit: unit.label,
        decimals: measure.decimals, counting: ("reading", "readings"))
      legend.append((measure.name, style, .line))
      note = Self.thinnedNote(periods, values: "readings")
    } else {
      let averageStyle = SeriesStyle(colour: .black)
      if let means {
        chart.line(means.map { ChartPoint(day: Double($0.day) + 0.5, value: $0.mean) }, style: averageStyle)
      } else {
        chart.line(points, style: SeriesStyle(colour: style.colour, dash: style.dash))
      }
      let labels = rows.map { row in
        "\(format.date(row.date)): \(format.number(measure.writtenValue(of: row.value))) \(unit.label), \(row.source)"
      }
      chart.points(Array(zip(points, labels)), style: style)
      legend.append(
        (averageDays == nil ? measure.name : "Readings", style, averageDays == nil ? .line : .mark))
      if let averageDays { legend.append(("\(averageDays)-day average", averageStyle, .line)) }
    }
    return ChartFigure(
      id: id, title: measure.name, note: note, legend: legend,
      svg: chart.svg(
        label: "\(measure.name) in \(unit.label), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: readingsTable(
        measure: measure, unit: unit, rows: rows, values: values, averageDays: averageDays, means: means))
  }

  /// The numbers behind a reading series: each reading with its average where there is one, or
  /// per day where they are too many.
  private func readingsTable(
    measure: Measure, unit: CSVUnit, rows: [MeasureRow], values: [(day: Int64, value: Double)],
    averageDays: Int?, means: [(day: Int64, mean: Double)]?
  ) -> DataTable {
    guard rows.count <= Self.maximumTableRows else {
      return dailyTable(of: values, unit: unit.label, decimals: measure.decimals)
    }
    let meanByDay = Dictionary(uniqueKeysWithValues: (means ?? []).map { ($0.day, $0.mean) })
    var headers = ["Date", Self.titled(measure.name, unit: unit.label)]
    if let averageDays { headers.append(Self.titled("\(averageDays)-day average", unit: unit.label)) }
    headers.append("Source")
    var table = DataTable(
      summary: "The numbers (\(rows.count) \(rows.count == 1 ? "reading" : "readings"))", headers: headers,
      numericColumns: averageDays == nil ? [1] : [1, 2])
    for (row, value) in zip(rows, values) {
      var cells = [format.date(row.date), format.number(measure.writtenValue(of: row.value))]
      if let mean = meanByDay[value.day] {
        cells.append(format.number(WrittenValue(mean, decimals: measure.decimals)))
      }
      cells.append(row.source)
      table.rows.append(cells)
    }
    return table
  }
}
