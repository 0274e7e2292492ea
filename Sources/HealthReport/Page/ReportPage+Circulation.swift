import HealthExport
import HealthModel

extension ReportPage {
  /// Blood pressure, systolic and diastolic per reading; blood glucose per reading with its meal
  /// time.
  mutating func bloodPressureAndGlucose() {
    let figures = [bloodPressureFigure(), glucoseFigure()].compactMap { $0 }
    guard !figures.isEmpty else { return }
    openSection("blood", title: "Blood pressure and glucose")
    for figure in figures { add(figure) }
    closeSection()
  }

  private func bloodPressureFigure() -> ChartFigure? {
    let systolic = data.readings(ofType: HealthKitIdentifier.bloodPressureSystolic)
    let diastolic = data.readings(ofType: HealthKitIdentifier.bloodPressureDiastolic)
    let components = [
      (systolic, "Systolic", SeriesStyle(colour: .vermillion, marker: .triangleUp)),
      (diastolic, "Diastolic", SeriesStyle(colour: .blue, dash: .dashed, marker: .triangleDown)),
    ].compactMap { series, name, style in series.flatMap { $0.rows.isEmpty ? nil : ($0, name, style) } }
    guard let unit = components.first?.0.unit else { return nil }
    var chart = SVGChart(
      geometries: geometries(values: components.flatMap { $0.0.rows.map(\.value) }, includingZero: false))
    chart.axes(valueTitle: Self.titled("Blood pressure", unit: unit.label), dayTitle: "Date", format: format)
    for (series, name, style) in components {
      let points = series.rows.map { ChartPoint(day: format.dayPosition(of: $0.date), value: $0.value) }
      chart.line(points, style: SeriesStyle(colour: style.colour, dash: style.dash))
      chart.points(
        zip(points, series.rows).map { point, row in
          (
            point,
            "\(format.date(row.date)): \(name) \(format.number(series.measure.writtenValue(of: row.value))) \(unit.label), \(row.source)"
          )
        }, style: style)
    }
    // One line per reading: the two components recorded at the same moment by the same source.
    struct Reading {
      var date: Timestamp
      var source: String
      var values: [String?]
    }
    var readings: [Reading] = []
    var indexByKey: [String: [Int]] = [:]
    for (column, component) in [systolic, diastolic].enumerated() {
      guard let component else { continue }
      for row in component.rows {
        let key = "\(row.date.millisecondsSince1970) \(row.source)"
        let written = format.number(component.measure.writtenValue(of: row.value))
        if let index = indexByKey[key]?.first(where: { readings[$0].values[column] == nil }) {
          readings[index].values[column] = written
        } else {
          var values: [String?] = [nil, nil]
          values[column] = written
          indexByKey[key, default: []].append(readings.count)
          readings.append(Reading(date: row.date, source: row.source, values: values))
        }
      }
    }
    readings = readings.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
      .map(\.element)
    var table = DataTable(
      summary: "The numbers (\(readings.count) \(readings.count == 1 ? "reading" : "readings"))",
      headers: [
        "Date", Self.titled("Systolic", unit: unit.label), Self.titled("Diastolic", unit: unit.label),
        "Source",
      ],
      numericColumns: [1, 2])
    table.rows = readings.map { [format.date($0.date), $0.values[0] ?? "", $0.values[1] ?? "", $0.source] }
    return ChartFigure(
      id: "blood-pressure", title: "Blood pressure",
      note: "Each reading's systolic (upper) and diastolic (lower) pressure.",
      legend: components.map { ($0.1, $0.2, .line) },
      svg: chart.svg(
        label: "Blood pressure in \(unit.label), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table)
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
    var legend: [(name: String, style: SeriesStyle, key: ChartFigure.Key)] = []
    for group in groups {
      let members = rows.filter { $0.mealTime == group.mealTime }
      guard !members.isEmpty else { continue }
      chart.points(
        members.map { row in
          (
            ChartPoint(day: format.dayPosition(of: row.date), value: row.value),
            "\(format.date(row.date)): \(format.number(measure.writtenValue(of: row.value))) \(unit.label), \(row.mealTime?.displayName ?? "no meal time"), \(row.source)"
          )
        }, style: group.style)
      legend.append((group.name, group.style, .mark))
    }
    var table = DataTable(
      summary: "The numbers (\(rows.count) \(rows.count == 1 ? "reading" : "readings"))",
      headers: ["Date", Self.titled(measure.name, unit: unit.label), "Meal Time", "Source"],
      numericColumns: [1])
    table.rows = rows.map {
      [
        format.date($0.date), format.number(measure.writtenValue(of: $0.value)),
        $0.mealTime?.displayName ?? "", $0.source,
      ]
    }
    return ChartFigure(
      id: "glucose", title: measure.name, note: "Each reading, by its meal time.", legend: legend,
      svg: chart.svg(
        label: "\(measure.name) in \(unit.label), \(format.day(firstDay)) to \(format.day(lastDay))"),
      table: table)
  }
}
