import HealthArchive
import HealthDatabase
import HealthExport

/// `compare`: one metric over two periods side by side, from the summaries, so that "did I walk
/// more this month than last?" is one call and no arithmetic.
extension HealthTools {
  static let comparedPeriods = ["day", "week", "month"]

  var compare: AssistantTool {
    let side = JSONSchema.object(
      [
        ("from", JSONSchema.string("The period's first day, yyyy-MM-dd.")),
        ("to", JSONSchema.string("The period's last day, yyyy-MM-dd.")),
        (
          "value",
          JSONSchema.number(
            "The total (cumulative types, sleep in minutes) or the mean (discrete types) over the period; null without data.",
            nullable: true)
        ),
        ("days_with_data", JSONSchema.integer("The days of the period with at least one sample.")),
        ("days", JSONSchema.integer("The days of the period.")),
      ], required: ["from", "to", "value", "days_with_data", "days"])
    let row = JSONSchema.object(
      [
        ("metric", JSONSchema.string("Steps, Heart Rate, Sleep AsleepCore, ...")),
        ("unit", JSONSchema.string(nullable: true)),
        ("first", side),
        ("second", side),
        (
          "difference",
          JSONSchema.number(
            "The second period's value minus the first's; null where either has none.", nullable: true)
        ),
        (
          "percent_change",
          JSONSchema.number(
            "The difference as a percentage of the first period's value; null where that is 0 or missing.",
            nullable: true)
        ),
      ], required: ["metric", "unit", "first", "second", "difference", "percent_change"])
    return AssistantTool(
      name: "compare", title: "Two periods side by side",
      description: """
        One metric over two periods side by side, from the same summaries as 'summary' (each stretch of time \
        counted once): each period's value (a total for steps, distance, energy and sleep minutes; a mean for \
        heart rate, weight, glucose), the difference (second minus first), the percentage change against the \
        first, and how many days of each had data. Name two periods by a day in each ('first', 'second', with \
        'period' day, week or month: the week or month that holds the day), or two ranges of days \
        ('first_from', 'first_to', 'second_from', 'second_to'). Use this for 'this month against last', \
        'this week against the same week last year'.
        """,
      inputSchema: JSONSchema.object(
        [
          (
            "metric",
            JSONSchema.string(
              "A CSV name (Steps, Heart Rate, Weight), short name or identifier; see list_types.")
          ),
          (
            "period",
            JSONSchema.choice(
              Self.comparedPeriods, default: "week",
              description: "The length of the periods named by 'first' and 'second'.")
          ),
          (
            "first",
            JSONSchema.day("A day of the first period (yyyy-MM-dd, local): the period that holds it.")
          ),
          ("second", JSONSchema.day("A day of the second period (yyyy-MM-dd, local).")),
          ("first_from", JSONSchema.day("Instead of 'first': the first range's first day, inclusive.")),
          ("first_to", JSONSchema.day("The first range's last day, inclusive.")),
          ("second_from", JSONSchema.day("Instead of 'second': the second range's first day, inclusive.")),
          ("second_to", JSONSchema.day("The second range's last day, inclusive.")),
        ], required: ["metric"]),
      outputSchema: Self.perMetricOutput(
        row: row, period: "day, week, month, or custom for two ranges of days."),
      run: { arguments, call throws(ToolFailure) in
        let metric = try arguments.requiredString("metric")
        let (periodName, first, second) = try comparedRanges(arguments)
        let (filter, filterValue, type, name) = try summaryMetric(metric, call: call)
        let dayRows = try self.rows(
          """
          SELECT period_start, metric, value, unit, minimum IS NOT NULL OR maximum IS NOT NULL, count FROM summaries
          WHERE period = 'day' AND \(filter) = ? AND ((period_start >= ? AND period_start <= ?) OR (period_start >= ? AND period_start <= ?))
          ORDER BY metric, period_start
          """,
          [
            .text(filterValue), .text(first.from.description), .text(first.to.description),
            .text(second.from.description), .text(second.to.description),
          ], call: call)
        var metrics: [String] = []
        var units: [String: SQLiteValue] = [:]
        var days: [String: [(day: String, value: PeriodStatistics.DayValue)]] = [:]
        for row in dayRows {
          guard let day = row[0].text, let metricName = row[1].text else { continue }
          if days[metricName] == nil { metrics.append(metricName) }
          if row[3] != .null { units[metricName] = row[3] }
          days[metricName, default: []].append(
            (
              day,
              PeriodStatistics.DayValue(
                value: row[2].number, count: row[5].integer ?? 0, isDiscrete: row[4] == .integer(1))
            ))
        }
        func side(_ range: (from: CalendarDay, to: CalendarDay), of metricName: String) -> (
          JSONValue, Double?
        ) {
          let (from, to) = (range.from.description, range.to.description)
          let inRange = (days[metricName] ?? []).filter { $0.day >= from && $0.day <= to }.map(\.value)
          let value = PeriodStatistics.combine(inRange)
          let length = Int(range.to.dayNumber - range.from.dayNumber) + 1
          let json: JSONValue = [
            "from": .string(from), "to": .string(to),
            "value": value.map { SQLiteValue.real($0).json } ?? .null,
            "days_with_data": .integer(inRange.filter { $0.count > 0 }.count), "days": .integer(length),
          ]
          return (json, value)
        }
        let rows: [JSONValue] = metrics.map { metricName in
          let (firstSide, firstValue) = side(first, of: metricName)
          let (secondSide, secondValue) = side(second, of: metricName)
          var difference: Double?
          var change: Double?
          if let firstValue, let secondValue {
            difference = secondValue - firstValue
            if firstValue != 0 { change = (secondValue - firstValue) / abs(firstValue) * 100 }
          }
          return [
            "metric": .string(metricName), "unit": units[metricName]?.json ?? .null, "first": firstSide,
            "second": secondSide, "difference": difference.map { SQLiteValue.real($0).json } ?? .null,
            "percent_change": change.map { SQLiteValue.real($0).json } ?? .null,
          ]
        }
        let asked = (from: min(first.from, second.from), to: max(first.to, second.to))
        return try answer(
          [
            "metric": .string(name), "type": .string(type), "period": .string(periodName),
            "rows": .array(rows),
          ],
          isEmpty: rows.isEmpty, what: name, range: (asked.from, asked.to)
        ) { () throws(ToolFailure) in
          let span = try self.rows(
            "SELECT min(period_start), max(period_start) FROM summaries WHERE period = 'day' AND \(filter) = ?",
            [.text(filterValue)], call: call)
          return (span.first?[0] ?? .null, span.first?[1] ?? .null)
        }
      })
  }

  /// The result of a tool that answers with a row per summary metric of a type (`compare`,
  /// `baseline`): the metric named, its type, the period and the rows, or where the data is.
  static func perMetricOutput(row: JSONValue, period: String) -> JSONValue {
    JSONSchema.object(
      [
        ("metric", JSONSchema.string("The metric the argument named.")),
        ("type", JSONSchema.string("Its identifier.")),
        ("period", JSONSchema.string(period)),
        (
          "rows",
          JSONSchema.array(
            of: row, description: "One row per summary metric of the type (sleep has several).")
        ),
      ] + Self.nothingFoundFields,
      required: ["metric", "type", "period", "rows"])
  }

  /// The two ranges of days `compare` is asked about, with the name of their period.
  /// - Throws: `ToolFailure` when neither or both ways of naming them are used, or a range is
  ///   incomplete or backwards.
  private func comparedRanges(_ arguments: ToolArguments) throws(ToolFailure) -> (
    String, (from: CalendarDay, to: CalendarDay), (from: CalendarDay, to: CalendarDay)
  ) {
    let customNames = ["first_from", "first_to", "second_from", "second_to"]
    var custom: [CalendarDay?] = []
    for name in customNames { custom.append(try arguments.day(name)) }
    let first = try arguments.day("first")
    let second = try arguments.day("second")
    if custom.contains(where: { $0 != nil }) {
      guard first == nil, second == nil else {
        throw ToolFailure(
          "Name the two periods either by 'first' and 'second' (with 'period') or by 'first_from', 'first_to', 'second_from' and 'second_to', not both."
        )
      }
      let missing = zip(customNames, custom).filter { $0.1 == nil }.map { "'\($0.0)'" }
      guard missing.isEmpty, let firstFrom = custom[0], let firstTo = custom[1], let secondFrom = custom[2],
        let secondTo = custom[3]
      else {
        throw ToolFailure(
          "Two ranges need all four days: \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing."
        )
      }
      _ = try arguments.dayRange(from: "first_from", to: "first_to")
      _ = try arguments.dayRange(from: "second_from", to: "second_to")
      return ("custom", (firstFrom, firstTo), (secondFrom, secondTo))
    }
    guard let first, let second else {
      throw ToolFailure(
        "Name the two periods: 'first' and 'second' (a day of each, yyyy-MM-dd, with 'period' day, week or month), or 'first_from', 'first_to', 'second_from' and 'second_to'."
      )
    }
    let period = try arguments.choice("period", among: Self.comparedPeriods, default: "week")
    return (
      period, PeriodStatistics.range(of: period, holding: first),
      PeriodStatistics.range(of: period, holding: second)
    )
  }
}
