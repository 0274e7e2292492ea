import HealthArchive
import HealthDatabase
import HealthExport

/// `baseline`: the latest day or week of a metric against the person's own usual range, so that
/// "is my resting heart rate unusual?" has an answer in numbers and the person's own history.
extension HealthTools {
  static let baselinePeriods = ["day", "week"]
  /// The fewest earlier periods a usual range is given for.
  static let baselineMinimumPeriods = 3

  var baseline: AssistantTool {
    let row = JSONSchema.object(
      [
        ("metric", JSONSchema.string("Steps, Resting Heart Rate, Sleep AsleepCore, ...")),
        ("unit", JSONSchema.string(nullable: true)),
        ("latest_period", JSONSchema.string("The first day of the latest period with data, yyyy-MM-dd.")),
        ("latest_value", JSONSchema.number("Its value (a total or a mean, as in summary).")),
        (
          "history_from",
          JSONSchema.string("The first day of the history the usual range rests on, yyyy-MM-dd.")
        ),
        ("history_to", JSONSchema.string("Its last day: the day before the latest period.")),
        ("periods", JSONSchema.integer("The periods with data in the history.")),
        ("median", JSONSchema.number("Their median; null with fewer than three.", nullable: true)),
        (
          "lower_quartile",
          JSONSchema.number("Their 25th percentile; null with fewer than three.", nullable: true)
        ),
        (
          "upper_quartile",
          JSONSchema.number("Their 75th percentile; null with fewer than three.", nullable: true)
        ),
        (
          "position",
          JSONSchema.string(
            "inside (within the quartiles, bounds included), above or below the usual range; null with fewer than three periods.",
            nullable: true)
        ),
        ("note", JSONSchema.string("The same in a sentence.")),
      ],
      required: [
        "metric", "unit", "latest_period", "latest_value", "history_from", "history_to", "periods", "median",
        "lower_quartile", "upper_quartile", "position", "note",
      ])
    return AssistantTool(
      name: "baseline", title: "The latest against the person's usual range",
      description: """
        The latest day or week of one metric that has data, against the person's own usual range: the median and \
        the middle half (25th to 75th percentile, interpolated between ranks) of the days or weeks with data in \
        the 'days' before it, with how many there were, and whether the latest is inside (bounds included), \
        above or below that range. Numbers and the person's own history only: it is not a medical judgement and \
        says nothing of what is healthy. Use this for 'is my resting heart rate unusual?', 'was last week a lot \
        of steps for me?'.
        """,
      inputSchema: JSONSchema.object(
        [
          (
            "metric",
            JSONSchema.string(
              "A CSV name (Steps, Resting Heart Rate, Weight), short name or identifier; see list_types.")
          ),
          ("period", JSONSchema.choice(Self.baselinePeriods, default: "day", description: "Days or weeks.")),
          (
            "days",
            JSONSchema.integer(
              "The days of history before the latest period.", minimum: 7, maximum: 3_650, default: 90)
          ),
        ], required: ["metric"]),
      outputSchema: Self.perMetricOutput(row: row, period: "day or week."),
      run: { arguments, call throws(ToolFailure) in
        let metric = try arguments.requiredString("metric")
        let period = try arguments.choice("period", among: Self.baselinePeriods, default: "day")
        let days = try arguments.integer("days", default: 90, in: 7...3_650)
        let (filter, filterValue, type, name) = try summaryMetric(metric, call: call)
        let periodRows = try self.rows(
          """
          SELECT period_start, metric, value, unit FROM summaries
          WHERE period = ? AND \(filter) = ? AND count > 0 AND value IS NOT NULL ORDER BY metric, period_start
          """, [.text(period), .text(filterValue)], call: call)
        var metrics: [String] = []
        var series: [String: [(start: CalendarDay, value: Double, unit: SQLiteValue)]] = [:]
        for row in periodRows {
          guard let text = row[0].text, let start = CalendarDay(parsing: text), let metricName = row[1].text,
            let value = row[2].number
          else { continue }
          if series[metricName] == nil { metrics.append(metricName) }
          series[metricName, default: []].append((start, value, row[3]))
        }
        let rows: [JSONValue] = metrics.compactMap { metricName in
          guard let entries = series[metricName], let latest = entries.last else { return nil }
          let historyFrom = latest.start.adding(days: -days)
          let historyTo = latest.start.adding(days: -1)
          let history = entries.filter { $0.start >= historyFrom && $0.start < latest.start }.map(\.value)
            .sorted()
          return Self.baselineRow(
            metric: metricName, unit: latest.unit, period: period, latest: (latest.start, latest.value),
            history: history, historyFrom: historyFrom, historyTo: historyTo)
        }
        return try answer(
          ["metric": .string(name), "type": .string(type), "period": .string(period), "rows": .array(rows)],
          isEmpty: rows.isEmpty, what: name, range: (nil, nil)
        ) { () throws(ToolFailure) in (.null, .null) }
      })
  }

  /// A row of `baseline`: the latest period's value against the quartiles of `history` (sorted).
  static func baselineRow(
    metric: String, unit: SQLiteValue, period: String, latest: (start: CalendarDay, value: Double),
    history: [Double], historyFrom: CalendarDay, historyTo: CalendarDay
  ) -> JSONValue {
    let unitText = unit.text.map { " \($0)" } ?? ""
    let what = period == "week" ? "week of \(latest.start)" : "\(latest.start)"
    let latestText =
      "\(metric) on the latest \(period) with data (\(what)) is \(format(latest.value))\(unitText)"
    var median: Double?
    var lower: Double?
    var upper: Double?
    var position: String?
    let note: String
    if history.count >= baselineMinimumPeriods {
      let (q1, q2, q3) = (
        PeriodStatistics.quantile(history, 0.25), PeriodStatistics.quantile(history, 0.5),
        PeriodStatistics.quantile(history, 0.75)
      )
      (lower, median, upper) = (q1, q2, q3)
      let placement = latest.value < q1 ? "below" : latest.value > q3 ? "above" : "inside"
      position = placement
      note =
        "\(latestText): \(placement) the usual range, \(format(q1)) to \(format(q3))\(unitText) (the middle half of the \(history.count) \(period)s with data from \(historyFrom) to \(historyTo); median \(format(q2)))."
    } else {
      note =
        "\(latestText); a usual range needs at least \(baselineMinimumPeriods) \(period)s with data before it, and \(historyFrom) to \(historyTo) has \(history.count)."
    }
    func number(_ value: Double?) -> JSONValue { value.map { SQLiteValue.real($0).json } ?? .null }
    return [
      "metric": .string(metric), "unit": unit.json, "latest_period": .string(latest.start.description),
      "latest_value": number(latest.value), "history_from": .string(historyFrom.description),
      "history_to": .string(historyTo.description), "periods": .integer(history.count),
      "median": number(median),
      "lower_quartile": number(lower), "upper_quartile": number(upper),
      "position": position.map(JSONValue.string) ?? .null, "note": .string(note),
    ]
  }

  /// A number for a sentence: at most two decimals, no trailing zeros.
  private static func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }
}
