import Foundation
import HealthExport
import HealthModel

/// The report's HTML: one page that holds everything it shows (its style, its charts as SVG,
/// a few lines of script that open the tables for printing) and refers to nothing outside itself.
///
/// Sections come in a fixed order, each only where the export has data over the range: at a
/// glance, body, activity, heart, blood pressure and glucose, respiration and temperature, sleep,
/// workouts, labs, and what the record holds (its sources and kinds of records); the CSV's three
/// disclaimer lines close the page, and printed, stand at the foot of every page.
struct ReportPage {
  let data: ReportData
  let format: ReportFormat
  /// The days every chart spans: the range's, or, where the range is open, the data's.
  let firstDay: CalendarDay
  let lastDay: CalendarDay
  /// The sections shown, by id, and the charts drawn.
  private(set) var sections: [String] = []
  private(set) var chartCount = 0
  private var html = HTML()

  init(data: ReportData) {
    self.data = data
    format = ReportFormat(dateFormat: data.selection.dateFormat, timeZone: data.timeZone)
    let span = Self.dataSpan(of: data, format: format)
    firstDay = data.firstDay ?? span?.first ?? DateRange.day(of: data.now, in: data.timeZone)
    lastDay = data.lastDay ?? span?.last ?? firstDay
  }

  /// The whole page.
  mutating func render() -> String {
    html.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
    html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    html.raw("<meta name=\"color-scheme\" content=\"light\">")
    html.element("title", "Health report, \(format.day(firstDay)) to \(format.day(lastDay))")
    html.raw("<style>" + ReportStyle.css + "</style></head><body><main>")
    header()
    glance()
    body()
    activity()
    heart()
    bloodPressureAndGlucose()
    respiration()
    sleep()
    workouts()
    labs()
    overview()
    footer()
    html.raw("</main><script>" + ReportStyle.script + "</script></body></html>\n")
    return html.text
  }

  // MARK: - Building blocks

  /// Opens a section with its heading.
  mutating func openSection(_ id: String, title: String, note: String? = nil) {
    sections.append(id)
    html.raw("<section id=\"\(id)\">")
    html.element("h2", title)
    if let note { html.element("p", note, attributes: "class=\"note\"") }
  }

  mutating func closeSection() {
    html.raw("</section>")
  }

  mutating func add(_ figure: ChartFigure) {
    chartCount += 1
    html.raw(figure.html)
  }

  /// A section's charts, side by side where the screen is wide enough for two.
  mutating func add(_ figures: [ChartFigure]) {
    html.raw("<div class=\"figures\">")
    for figure in figures { add(figure) }
    html.raw("</div>")
  }

  mutating func raw(_ markup: String) {
    html.raw(markup)
  }

  mutating func element(_ tag: String, _ content: String, attributes: String = "") {
    html.element(tag, content, attributes: attributes)
  }

  /// The geometries of a chart over the report's days: a wide one and a narrow one for phones,
  /// or one small one (a lab result's).
  func geometries(values: [Double], includingZero: Bool, small: Bool = false) -> [ChartGeometry] {
    let labelWidth = ChartGeometry.labelWidth(characters: format.day(firstDay).count) + 12
    let sizes: [(width: Double, height: Double, margins: ChartGeometry.Margins, valueTicks: Int)] =
      small
      ? [(340, 190, .small, 4)]
      : [(640, 260, .standard, 5), (360, 230, .small, 4)]
    return sizes.map { size in
      ChartGeometry(
        firstDay: firstDay, lastDay: lastDay, values: values, includingZero: includingZero, width: size.width,
        height: size.height, margins: size.margins,
        maximumDayTicks: max(2, Int((size.width - size.margins.left - size.margins.right) / labelWidth)),
        valueTickCount: size.valueTicks)
    }
  }

  /// The most marks a chart draws apart: one per 4 units of the wide chart's plot.
  static let maximumMarks = 140
  /// The most readings a table lists one by one; a series with more is listed per day.
  static let maximumTableRows = 2000

  /// The periods a series of `count` values is drawn by, or nil where each is drawn.
  func buckets(count: Int) -> DayBuckets? {
    DayBuckets(from: firstDay, through: lastDay, valueCount: count, maximum: Self.maximumMarks)
  }

  /// What a thinned chart's note adds: `Each point is the mean of a month's readings, its stroke
  /// from the lowest to the highest.`
  static func thinnedNote(_ buckets: DayBuckets, mark: String = "point", values: String, stroke: Bool = true)
    -> String
  {
    "Each \(mark) is the mean of a \(buckets.word)'s \(values)"
      + (stroke ? ", its stroke from the lowest to the highest." : ".")
  }

  /// The numbers of a series of more readings than a table lists (`maximumTableRows`): each
  /// local day's count, mean, lowest and highest, in the series' decimals.
  func dailyTable(of values: [(day: Int64, value: Double)], unit: String, decimals: Int) -> DataTable {
    let days = DayBuckets(length: .day).group(values)
    var table = DataTable(
      summary:
        "The numbers (\(values.count) readings, per day: \(days.count) \(days.count == 1 ? "day" : "days"))",
      headers: [
        "Day", "Readings", Self.titled("Mean", unit: unit), Self.titled("Lowest", unit: unit),
        Self.titled("Highest", unit: unit),
      ],
      numericColumns: [1, 2, 3, 4])
    func written(_ value: Double) -> String { format.number(WrittenValue(value, decimals: decimals)) }
    table.rows = days.map { day in
      [
        format.day(CalendarDay(dayNumber: day.start)), "\(day.count)", written(day.mean),
        written(day.minimum),
        written(day.maximum),
      ]
    }
    return table
  }

  /// Draws the periods of a thinned series: each one's stroke from its lowest to its highest
  /// value, a line through the means where `joined`, and a marker at each mean, labelled
  /// `June 2026: mean 180.2 lbs (178.0–182.5), 12 readings`.
  func draw(
    _ buckets: [DayBucket], of periods: DayBuckets, on chart: inout SVGChart, style: SeriesStyle,
    joined: Bool, unit: String, decimals: Int, counting noun: (singular: String, plural: String)
  ) {
    let points = buckets.map { ChartPoint(day: $0.middle, value: $0.mean) }
    chart.strokes(
      buckets.map { ($0.middle, $0.minimum, $0.maximum) }, style: SeriesStyle(colour: style.colour))
    if joined {
      // Broken where a whole period has no value.
      chart.line(
        points, style: SeriesStyle(colour: style.colour, dash: style.dash),
        breakingAfter: Double(periods.longestDayCount) * 1.5)
    }
    func written(_ value: Double) -> String { format.number(WrittenValue(value, decimals: decimals)) }
    chart.points(
      zip(points, buckets).map { point, bucket in
        let spread = bucket.count > 1 ? " (\(written(bucket.minimum))–\(written(bucket.maximum)))" : ""
        return (
          point,
          "\(format.period(startingOn: bucket.start, of: periods)): mean \(written(bucket.mean)) \(unit)\(spread), \(bucket.count) \(bucket.count == 1 ? noun.singular : noun.plural)"
        )
      }, style: style)
  }

  /// `Name (unit)`.
  static func titled(_ name: String, unit: String) -> String {
    unit.isEmpty ? name : "\(name) (\(unit))"
  }

  // MARK: - Header and footer

  private mutating func header() {
    html.raw("<header>")
    html.element("h1", "Health report")
    let zone = data.timeZone.displayName
    var range = "\(format.day(firstDay)) to \(format.day(lastDay))"
    switch data.selection.range {
    case .lastDays(let days): range += " (the last \(days) \(days == 1 ? "day" : "days"))"
    case .all: range += " (all data)"
    case .custom, .lastRecords: break
    }
    html.element("p", range, attributes: "class=\"range\"")
    let dates =
      data.selection.dateFormat.isUTC
      ? "Dates are \(data.selection.dateFormat.pattern), UTC; days, nights and weeks are those of \(zone)."
      : "Dates are \(data.selection.dateFormat.pattern), local time in \(zone)."
    html.element(
      "p",
      "Made \(format.date(data.now)). \(dates) Weight in \(data.selection.units.weight.rawValue), temperature in °\(data.selection.units.temperature.rawValue.uppercased()).",
      attributes: "class=\"note\"")
    html.raw("</header>")
  }

  private mutating func footer() {
    html.raw("<footer>")
    for line in CSVExport.disclaimer.split(separator: "\n") {
      html.element("p", String(line.hasPrefix("### ") ? line.dropFirst(4) : line))
    }
    html.raw("</footer>")
  }

  /// The first and last local day of what the report draws.
  private static func dataSpan(of data: ReportData, format: ReportFormat) -> (
    first: CalendarDay, last: CalendarDay
  )? {
    var days: [CalendarDay] = []
    for block in data.readings.blocks {
      switch block {
      case .measure(_, _, let rows):
        if let rows = rows.inMemory, let first = rows.first, let last = rows.last {
          days += [format.localDay(of: first.date), format.localDay(of: last.date)]
        }
      case .labs(let rows):
        days += rows.map { format.localDay(of: $0.date) }
      }
    }
    func day(of period: SummaryPeriodSpan) -> CalendarDay {
      CalendarDay(year: period.localStart.year, month: period.localStart.month, day: period.localStart.day)
    }
    days += (data.days + data.nights).map { day(of: $0.period) }
    // Weeks of workouts are drawn over the days of the others; alone, they span their own days.
    if days.isEmpty, let first = data.workouts.entries.first, let last = data.workouts.entries.last {
      days = [day(of: first.week), day(of: last.week).adding(days: 6)]
    }
    guard let first = days.min(), let last = days.max() else { return nil }
    return (first, last)
  }
}
