import HealthExport
import HealthModel

extension ReportPage {
  /// Blood pressure, systolic and diastolic per reading; blood glucose per reading with its meal
  /// time.
  mutating func bloodPressureAndGlucose() {
    let figures = [bloodPressureFigure(), glucoseFigure()].compactMap { $0 }
    guard !figures.isEmpty else { return }
    openSection("blood", title: "Blood pressure and glucose")
    add(figures)
    closeSection()
  }

  private func bloodPressureFigure() -> ChartFigure? {
    let systolic = data.readings(ofType: HealthKitIdentifier.bloodPressureSystolic)
    let diastolic = data.readings(ofType: HealthKitIdentifier.bloodPressureDiastolic)
    guard let first = [systolic, diastolic].compactMap({ $0 }).first(where: { !$0.rows.isEmpty }) else {
      return nil
    }
    let unit = first.unit.label
    let measures = [systolic?.measure, diastolic?.measure]
    let readings = Self.bloodPressureReadings(
      systolic: systolic?.rows ?? [], diastolic: diastolic?.rows ?? [])
    let styles = [
      SeriesStyle(colour: .vermillion, marker: .triangleUp),
      SeriesStyle(colour: .blue, marker: .triangleDown),
    ]
    var chart = SVGChart(
      geometries: geometries(values: readings.flatMap { $0.values.compactMap { $0 } }, includingZero: false))
    chart.axes(valueTitle: Self.titled("Blood pressure", unit: unit), dayTitle: "Date", format: format)
    func written(_ value: Double?, _ component: Int) -> String {
      guard let value, let measure = measures[component] else { return "–" }
      return format.number(WrittenValue(value, decimals: measure.decimals))
    }
    func pair(_ values: [Double?]) -> String { "\(written(values[0], 0))/\(written(values[1], 1))" }
    var note = "Each reading as a stroke from its diastolic (lower) to its systolic (upper) pressure."
    // Each reading, or over more readings than the chart shows apart, each period's means.
    var marks: [(day: Double, values: [Double?], label: String)] = []
    if let periods = buckets(count: readings.count) {
      note =
        "Each stroke joins a \(periods.word)'s mean diastolic and systolic pressure, the means of its readings."
      var byStart: [Int64: [Reading]] = [:]
      for reading in readings {
        byStart[periods.start(of: format.localDay(of: reading.date).dayNumber), default: []].append(reading)
      }
      for (start, members) in byStart.sorted(by: { $0.key < $1.key }) {
        let components = (0..<2).map { component in
          DayBucket(
            start: start, days: periods.dayCount(from: start),
            values: members.compactMap { $0.values[component] })
        }
        let spreads = (0..<2).compactMap { component in
          components[component].map {
            "\(component == 0 ? "systolic" : "diastolic") \(written($0.minimum, component))–\(written($0.maximum, component))"
          }
        }
        let means = components.map { $0?.mean }
        marks.append(
          (
            Double(start) + Double(periods.dayCount(from: start)) / 2, means,
            "\(format.period(startingOn: start, of: periods)): mean \(pair(means)) \(unit) (\(spreads.joined(separator: ", "))), \(members.count) \(members.count == 1 ? "reading" : "readings")"
          ))
      }
    } else {
      marks = readings.map { reading in
        (
          format.dayPosition(of: reading.date), reading.values,
          "\(format.date(reading.date)): \(pair(reading.values)) \(unit), \(reading.source)"
        )
      }
    }
    chart.strokes(
      marks.compactMap { mark in
        guard let high = mark.values[0], let low = mark.values[1] else { return nil }
        return (mark.day, low, high)
      }, style: SeriesStyle(colour: .black))
    for component in 0..<2 {
      chart.points(
        marks.compactMap { mark in
          mark.values[component].map { (ChartPoint(day: mark.day, value: $0), mark.label) }
        }, style: styles[component])
    }
    var table = DataTable(
      summary: "The numbers (\(readings.count) \(readings.count == 1 ? "reading" : "readings"))",
      headers: ["Date", Self.titled("Blood pressure", unit: unit), "Source"], numericColumns: [1])
    table.rows = readings.map { [format.date($0.date), pair($0.values), $0.source] }
    return ChartFigure(
      id: "blood-pressure", title: "Blood pressure", note: note,
      legend: [("Systolic", styles[0], .mark), ("Diastolic", styles[1], .mark)],
      svg: chart.svg(label: "Blood pressure in \(unit), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table)
  }

  /// One blood-pressure reading: its systolic and diastolic values (either may be missing).
  private struct Reading {
    var date: Timestamp
    var source: String
    var values: [Double?]
  }

  /// The readings, oldest first: the two components recorded at the same moment by the same
  /// source make one.
  private static func bloodPressureReadings(systolic: [MeasureRow], diastolic: [MeasureRow]) -> [Reading] {
    var readings: [Reading] = []
    var indexByKey: [String: [Int]] = [:]
    for (column, rows) in [systolic, diastolic].enumerated() {
      for row in rows {
        let key = "\(row.date.millisecondsSince1970) \(row.source)"
        if let index = indexByKey[key]?.first(where: { readings[$0].values[column] == nil }) {
          readings[index].values[column] = row.value
        } else {
          var values: [Double?] = [nil, nil]
          values[column] = row.value
          indexByKey[key, default: []].append(readings.count)
          readings.append(Reading(date: row.date, source: row.source, values: values))
        }
      }
    }
    return readings.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
      .map(\.element)
  }

  private func glucoseFigure() -> ChartFigure? {
    guard let (measure, unit, rows) = data.readings(ofType: HealthKitIdentifier.bloodGlucose), !rows.isEmpty
    else { return nil }
    let groups: [(name: String, mealTime: MealTime?, style: SeriesStyle)] = [
      ("Before a meal", .beforeMeal, SeriesStyle(colour: .blue, marker: .circle)),
      ("After a meal", .afterMeal, SeriesStyle(colour: .vermillion, marker: .triangleUp)),
      ("Meal time not given", nil, SeriesStyle(colour: .black, marker: .square)),
    ]
    var chart = SVGChart(geometries: geometries(values: rows.map(\.value), includingZero: false))
    chart.axes(valueTitle: Self.titled(measure.name, unit: unit.label), dayTitle: "Date", format: format)
    // Each reading, or over more readings than the chart shows apart, each period's mean per meal time.
    let periods = buckets(count: rows.count)
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = []
    for group in groups {
      let members = rows.filter { $0.mealTime == group.mealTime }
      guard !members.isEmpty else { continue }
      if let periods {
        draw(
          periods.group(members.map { (format.localDay(of: $0.date).dayNumber, $0.value) }), of: periods,
          on: &chart, style: group.style, joined: false, unit: unit.label, decimals: measure.decimals,
          counting: ("reading", "readings"))
      } else {
        chart.points(
          members.map { row in
            (
              ChartPoint(day: format.dayPosition(of: row.date), value: row.value),
              "\(format.date(row.date)): \(format.number(measure.writtenValue(of: row.value))) \(unit.label), \(row.mealTime?.displayName ?? "no meal time"), \(row.source)"
            )
          }, style: group.style)
      }
      legend.append((group.name, group.style, .mark))
    }
    let table: DataTable
    if rows.count > Self.maximumTableRows {
      table = dailyTable(
        of: rows.map { (format.localDay(of: $0.date).dayNumber, $0.value) }, unit: unit.label,
        decimals: measure.decimals)
    } else {
      var readings = DataTable(
        summary: "The numbers (\(rows.count) \(rows.count == 1 ? "reading" : "readings"))",
        headers: ["Date", Self.titled(measure.name, unit: unit.label), "Meal Time", "Source"],
        numericColumns: [1])
      readings.rows = rows.map {
        [
          format.date($0.date), format.number(measure.writtenValue(of: $0.value)),
          $0.mealTime?.displayName ?? "", $0.source,
        ]
      }
      table = readings
    }
    return ChartFigure(
      id: "glucose", title: measure.name,
      note: periods.map { Self.thinnedNote($0, values: "readings of a meal time") }
        ?? "Each reading, by its meal time.",
      legend: legend,
      svg: chart.svg(
        label: "\(measure.name) in \(unit.label), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table)
  }
}
