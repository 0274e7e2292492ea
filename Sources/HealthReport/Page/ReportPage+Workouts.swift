import HealthExport
import HealthModel

extension ReportPage {
  /// The most activities a chart tells apart; the rest are drawn together as one.
  private static let drawnActivities = 6

  /// Workouts per week by activity: minutes in a stacked bar per week, and a table with each
  /// activity's workouts, minutes and distance.
  mutating func workouts() {
    let weeks = data.workouts
    guard !weeks.entries.isEmpty else { return }
    // Activities by minutes in all, the most first; past the sixth, one "Other".
    var minutesByActivity: [String: Double] = [:]
    for entry in weeks.entries { minutesByActivity[entry.activity, default: 0] += entry.minutes }
    let ranked = minutesByActivity.sorted {
      $0.value != $1.value ? $0.value > $1.value : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }.map(\.key)
    let named = Array(
      ranked.prefix(ranked.count > Self.drawnActivities ? Self.drawnActivities - 1 : Self.drawnActivities))
    // Neighbours differ in lightness too, so that a grey-scale print keeps them apart.
    let colours: [SeriesStyle.Colour] = [.blue, .yellow, .vermillion, .skyBlue, .bluishGreen, .reddishPurple]
    let groups = named + (named.count < ranked.count ? ["Other"] : [])
    func group(of activity: String) -> String { named.contains(activity) ? activity : "Other" }

    var weekTotals: [(week: SummaryPeriodSpan, minutes: [String: Double])] = []
    for entry in weeks.entries {
      if weekTotals.last?.week.start != entry.week.start { weekTotals.append((entry.week, [:])) }
      weekTotals[weekTotals.count - 1].minutes[group(of: entry.activity), default: 0] += entry.minutes
    }
    var chart = SVGChart(
      geometries: geometries(values: weekTotals.map { $0.minutes.values.reduce(0, +) }, includingZero: true))
    chart.axes(valueTitle: "Workouts (min)", dayTitle: "Week, from Monday", format: format)
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = []
    var base = [Double](repeating: 0, count: weekTotals.count)
    for (index, name) in groups.enumerated() {
      let style = SeriesStyle(colour: name == "Other" ? .black : colours[index % colours.count])
      var bars: [ChartBar] = []
      for (weekIndex, week) in weekTotals.enumerated() {
        guard let minutes = week.minutes[name] else { continue }
        bars.append(
          ChartBar(
            day: Double(Self.dayNumber(of: week.week)), days: 7, base: base[weekIndex],
            top: base[weekIndex] + minutes,
            label:
              "Week of \(format.period(week.week)): \(name) \(format.number(WrittenValue(minutes, decimals: 0))) min"
          ))
        base[weekIndex] += minutes
      }
      chart.bars(bars, style: style)
      legend.append((name, style, .bar))
    }
    let distanceUnit = weeks.distanceUnit
    var headers = ["Week of", "Activity", "Workouts", Self.titled("Duration", unit: SummaryKind.minutesUnit)]
    if let distanceUnit { headers.append(Self.titled("Distance", unit: distanceUnit)) }
    var table = DataTable(
      summary: "The numbers (\(weeks.entries.count) \(weeks.entries.count == 1 ? "row" : "rows"))",
      headers: headers,
      numericColumns: distanceUnit == nil ? [2, 3] : [2, 3, 4])
    table.rows = weeks.entries.map { entry in
      var cells = [
        format.period(entry.week), entry.activity, "\(entry.workouts)",
        format.number(WrittenValue(entry.minutes, decimals: 0)),
      ]
      if distanceUnit != nil {
        cells.append(entry.distance.map { format.number(WrittenValue($0, decimals: 2)) } ?? "")
      }
      return cells
    }
    openSection("workouts", title: "Workouts")
    add([
      ChartFigure(
        id: "workouts", title: "Workouts per week by activity",
        note:
          "Minutes of each activity per week, from Monday; the table gives each activity's workouts, minutes and distance.",
        legend: legend,
        svg: chart.svg(label: "Workout minutes per week, \(format.day(firstDay)) to \(format.day(lastDay))"),
        table: table)
    ])
    closeSection()
  }
}
