import HealthExport
import HealthModel

extension ReportPage {
  /// One line of "At a glance": a series' statistics over the range, and over the range before.
  struct GlanceLine {
    var name: String
    var unit: String
    var decimals: Int
    /// One per component (blood pressure has two: systolic and diastolic).
    var current: [GlanceStatistics]
    var previous: [GlanceStatistics]
    /// `day` for days with data, `night` for nights.
    var dayWord: String
  }

  /// "At a glance", first on the page: for the range, each series' latest value and its day, its
  /// median and range, its change from the range before (the median's), and on how many of the
  /// range's days it has data; then the latest lab results outside their reference range.
  mutating func glance() {
    let lines = glanceLines()
    let outside = latestOutsideRange()
    guard !lines.isEmpty || !outside.isEmpty else { return }
    let dayCount = Int(lastDay.dayNumber - firstDay.dayNumber) + 1
    let compared = data.previous != nil
    openSection(
      "glance", title: "At a glance",
      note:
        "Over the \(dayCount) \(dayCount == 1 ? "day" : "days") of the report: the latest value, the median and the range of the values, "
        + (compared
          ? "the change of the median from the \(dayCount) days before, "
          : "")
        + "and how many days (for sleep, nights) have data. Steps and sleep are counted once, as the summary counts them; heart rates, VO₂ max, oxygen saturation, respiratory rate and temperature are daily means."
    )
    if !lines.isEmpty {
      var headers = ["Measure", "Latest", "Median", "Range"]
      if compared { headers.append("Change") }
      headers.append("Days with data")
      var table = DataTable(
        summary: "", headers: headers, numericColumns: Set(1..<(compared ? 5 : 4)))
      for line in lines {
        var cells = [
          ReportPage.titled(line.name, unit: line.unit),
          joined(line, \.latest) + " (" + format.day(CalendarDay(dayNumber: line.current[0].latestDay)) + ")",
          joined(line, \.median),
          line.current.map { "\(written($0.minimum, line))–\(written($0.maximum, line))" }.joined(
            separator: " / "),
        ]
        if compared {
          cells.append(
            line.previous.count == line.current.count
              ? zip(line.current, line.previous).map { signed($0.median - $1.median, line) }.joined(
                separator: "/")
              : "no data before")
        }
        let days = line.current.map(\.daysWithData).max() ?? 0
        cells.append("\(days) of \(dayCount) \(line.dayWord)\(dayCount == 1 ? "" : "s")")
        table.rows.append(cells)
      }
      raw(table.table(chart: "glance", plain: true, cards: true))
    }
    if !outside.isEmpty {
      element("h3", "Lab results outside their reference range")
      var table = DataTable(
        summary: "", headers: ["Test", "Latest", "Reference range", "Date", "Source"], numericColumns: [1])
      for row in outside {
        table.rows.append([
          row.name, "\(format.number(row.value)) \(row.unit)\(flagText(row).map { ", \($0)" } ?? "")",
          row.referenceRange.map { rangeText($0, decimals: row.value.decimals, unit: row.unit) } ?? "",
          format.date(row.date), row.source,
        ])
      }
      raw(table.table(chart: "glance-labs", plain: true, cards: true))
    }
    closeSection()
  }

  /// The lines, in the order of the sections below: body, activity, heart, blood, respiration,
  /// sleep.
  func glanceLines() -> [GlanceLine] {
    var lines: [GlanceLine] = []
    func readings(_ types: [String], name: String? = nil) {
      let series = types.compactMap { data.readings(ofType: $0) }.filter { !$0.rows.isEmpty }
      guard series.count == types.count, let first = series.first else { return }
      let current = series.compactMap { series in
        GlanceStatistics(series.rows.map { (format.localDay(of: $0.date).dayNumber, $0.value) })
      }
      let previous = types.compactMap { type in
        (data.previous?.readings(ofType: type)).flatMap { rows in
          GlanceStatistics(rows.map { (format.localDay(of: $0.date).dayNumber, $0.value) })
        }
      }
      lines.append(
        GlanceLine(
          name: name ?? first.measure.name, unit: first.unit.label, decimals: first.measure.decimals,
          current: current, previous: previous, dayWord: "day"))
    }
    func days(_ type: String, metric: String? = nil, name: String, night: Bool = false) {
      func values(_ rows: [SummaryRow]) -> [(day: Int64, value: Double)] {
        rows.filter { $0.type == type && (metric == nil || $0.metric == metric) }.compactMap { row in
          row.value.map { (ReportData.dayNumber(of: row.period), $0.value) }
        }
      }
      let rows = night ? data.nights : data.days
      guard let current = GlanceStatistics(values(rows)),
        let first = rows.first(where: { $0.type == type && (metric == nil || $0.metric == metric) }),
        let decimals = first.value?.decimals
      else { return }
      let previous = data.previous.flatMap { GlanceStatistics(values(night ? $0.nights : $0.days)) }
      lines.append(
        GlanceLine(
          name: name, unit: first.unit, decimals: decimals, current: [current],
          previous: previous.map { [$0] } ?? [], dayWord: night ? "night" : "day"))
    }
    readings([HealthKitIdentifier.bodyMass])
    readings([ReportSeries.bodyFatPercentage])
    readings([ReportSeries.bodyMassIndex])
    days(HealthKitIdentifier.stepCount, name: "Steps per day")
    days(HealthKitIdentifier.restingHeartRate, name: "Resting heart rate")
    days(ReportSeries.walkingHeartRateAverage, name: "Walking heart rate")
    days(HealthKitIdentifier.heartRateVariabilitySDNN, name: "Heart-rate variability")
    days(ReportSeries.vo2Max, name: "Cardio fitness (VO₂ max)")
    readings(
      [HealthKitIdentifier.bloodPressureSystolic, HealthKitIdentifier.bloodPressureDiastolic],
      name: "Blood pressure")
    readings([HealthKitIdentifier.bloodGlucose])
    days(HealthKitIdentifier.oxygenSaturation, name: "Blood oxygen saturation")
    days(HealthKitIdentifier.respiratoryRate, name: "Respiratory rate")
    days(HealthKitIdentifier.bodyTemperature, name: "Body temperature")
    days(
      HealthKitIdentifier.sleepAnalysis, metric: SummaryKind.asleepTotalName, name: "Sleep per night",
      night: true)
    return lines
  }

  /// The latest result of each test (name and unit) that lies outside its reference range.
  func latestOutsideRange() -> [LabRow] {
    var latest: [String: LabRow] = [:]
    var order: [String] = []
    for row in data.labRows {
      let key = row.name + "\u{0}" + row.unit
      if latest[key] == nil { order.append(key) }
      latest[key] = row
    }
    return order.compactMap { latest[$0] }.filter { row in
      row.referenceRange.map { $0.position(of: row.value.value) != .within } ?? false
    }
  }

  private func written(_ value: Double, _ line: GlanceLine) -> String {
    format.number(WrittenValue(value, decimals: line.decimals))
  }

  private func joined(_ line: GlanceLine, _ value: KeyPath<GlanceStatistics, Double>) -> String {
    line.current.map { written($0[keyPath: value], line) }.joined(separator: "/")
  }

  /// `+1.2`, `−0.8` (a minus sign), `0` where it rounds to nothing.
  private func signed(_ change: Double, _ line: GlanceLine) -> String {
    let text = written(abs(change), line)
    guard text.contains(where: { $0 != "0" && $0 != "." }) else { return text }
    return (change > 0 ? "+" : "−") + text
  }
}
