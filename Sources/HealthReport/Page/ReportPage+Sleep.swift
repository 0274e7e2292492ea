import HealthExport
import HealthModel

extension ReportPage {
  /// The sleep stages HealthKit records, bottom of the stack first, with their colours (next to
  /// each other, lighter and darker in grey too); time in bed is drawn apart, as a stroke across
  /// the night's bar.
  private static let sleepStages: [(metric: String, name: String, colour: SeriesStyle.Colour)] = [
    ("Sleep AsleepDeep", "Deep", .blue),
    ("Sleep AsleepCore", "Core", .skyBlue),
    ("Sleep AsleepREM", "REM", .vermillion),
    ("Sleep AsleepUnspecified", "Asleep (no stage)", .bluishGreen),
    ("Sleep Asleep", "Asleep", .orange),
    ("Sleep Awake", "Awake", .yellow),
  ]
  private static let inBed = "Sleep InBed"
  private static let asleepTotal = SummaryKind.asleepTotalName

  /// Sleep per night by stage, the summary's minutes of each stage over the night from noon to
  /// noon, named by the morning it ends on.
  mutating func sleep() {
    let rows = data.nights.filter { $0.value != nil }
    guard !rows.isEmpty else { return }
    // The stages present, known ones in their order, others after them by name.
    let present = Set(rows.map(\.metric))
    var stages = Self.sleepStages.filter { present.contains($0.metric) }
    for metric in present.sorted()
    where metric != Self.inBed && metric != Self.asleepTotal
      && !stages.contains(where: { $0.metric == metric })
    {
      stages.append((metric, String(metric.dropFirst("Sleep ".count)), .reddishPurple))
    }
    var nights: [(period: SummaryPeriodSpan, minutes: [String: WrittenValue])] = []
    for row in rows {
      if nights.last?.period.start != row.period.start { nights.append((row.period, [:])) }
      nights[nights.count - 1].minutes[row.metric] = row.value
    }
    // Each bar a night, or, over more nights than the chart shows apart, a period's mean night.
    let decimals = rows[0].value?.decimals ?? 0
    let periods = buckets(count: nights.count)
    var bars: [(day: Double, days: Double, name: String, minutes: [String: Double])] = []
    if let periods {
      var byStart: [Int64: (count: Int, minutes: [String: Double])] = [:]
      for night in nights {
        let start = periods.start(of: Self.dayNumber(of: night.period))
        byStart[start, default: (0, [:])].count += 1
        for (metric, value) in night.minutes { byStart[start]?.minutes[metric, default: 0] += value.value }
      }
      bars = byStart.sorted { $0.key < $1.key }.map { start, sums in
        (
          Double(start), Double(periods.dayCount(from: start)),
          "\(format.period(startingOn: start, of: periods)), the mean of \(sums.count) \(sums.count == 1 ? "night" : "nights")",
          sums.minutes.mapValues { $0 / Double(sums.count) }
        )
      }
    } else {
      bars = nights.map { night in
        (
          Double(Self.dayNumber(of: night.period)), 1, "Night to \(format.period(night.period))",
          night.minutes.mapValues(\.value)
        )
      }
    }
    func minutes(_ value: Double) -> String { format.number(WrittenValue(value, decimals: decimals)) }
    let totals = bars.map { bar in stages.reduce(0) { $0 + (bar.minutes[$1.metric] ?? 0) } }
    let inBed = bars.compactMap { $0.minutes[Self.inBed] }
    var chart = SVGChart(
      geometries: geometries(values: (totals + inBed).map { $0 / 60 }, includingZero: true))
    chart.axes(valueTitle: "Sleep (hours)", dayTitle: "Night, by the morning it ends on", format: format)
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = []
    var base = [Double](repeating: 0, count: bars.count)
    for stage in stages {
      let style = SeriesStyle(colour: stage.colour)
      var stageBars: [ChartBar] = []
      for (index, bar) in bars.enumerated() {
        guard let value = bar.minutes[stage.metric] else { continue }
        let top = base[index] + value
        stageBars.append(
          ChartBar(
            day: bar.day, days: bar.days, base: base[index] / 60, top: top / 60,
            label: "\(bar.name): \(stage.name) \(minutes(value)) min"))
        base[index] = top
      }
      chart.bars(stageBars, style: style)
      legend.append((stage.name, style, .bar))
    }
    if !inBed.isEmpty {
      let style = SeriesStyle(colour: .black)
      chart.levels(
        bars.compactMap { bar in
          bar.minutes[Self.inBed].map { value in
            (bar.day, bar.days, value / 60, "\(bar.name): in bed \(minutes(value)) min")
          }
        }, style: style)
      legend.append(("In bed", style, .line))
    }
    let columns =
      stages.map { ($0.metric, $0.name) }
      + (present.contains(Self.asleepTotal) ? [(Self.asleepTotal, "Asleep in all")] : [])
      + (present.contains(Self.inBed) ? [(Self.inBed, "In bed")] : [])
    var table = DataTable(
      summary: "The numbers (\(nights.count) \(nights.count == 1 ? "night" : "nights"), minutes)",
      headers: ["Night to"] + columns.map { Self.titled($0.1, unit: SummaryKind.minutesUnit) },
      numericColumns: Set(1...columns.count))
    table.rows = nights.map { night in
      [format.period(night.period)] + columns.map { night.minutes[$0.0].map(format.number) ?? "" }
    }
    openSection(
      "sleep", title: "Sleep",
      note:
        "Each night runs from noon to noon and is named by the morning it ends on; its stages are counted once where sources overlap, and the time asleep in all once whatever the stages, as the summary counts them."
        + (periods.map { " " + Self.thinnedNote($0, mark: "bar", values: "nights", stroke: false) } ?? "")
    )
    add([
      ChartFigure(
        id: "sleep", title: "Sleep per night by stage", legend: legend,
        svg: chart.svg(label: "Sleep per night in hours, \(format.day(firstDay)) to \(format.day(lastDay))"),
        table: table)
    ])
    closeSection()
  }
}
