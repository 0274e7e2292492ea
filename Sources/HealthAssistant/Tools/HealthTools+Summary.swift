import Foundation
import HealthArchive
import HealthDatabase
import HealthExport

/// `summary`: the rows of the `summaries` table (each stretch of time counted once, from the
/// highest-priority source), by day, week, month or year.
extension HealthTools {
  static let periods = ["day", "week", "month", "year"]

  var summary: AssistantTool {
    let row = JSONSchema.object(
      [
        ("period", JSONSchema.string("The period's first day, yyyy-MM-dd (a week starts on Monday).")),
        ("metric", JSONSchema.string("Steps, Heart Rate, Sleep AsleepCore, ...")),
        (
          "value",
          JSONSchema.number(
            "The total (cumulative types, sleep in minutes) or the mean (discrete types).", nullable: true)
        ),
        ("unit", JSONSchema.string(nullable: true)),
        ("minimum", JSONSchema.number("The smallest sample (discrete types).", nullable: true)),
        ("maximum", JSONSchema.number("The largest sample (discrete types).", nullable: true)),
        ("count", JSONSchema.integer("The samples that counted.")),
        ("sources", JSONSchema.string("The sources that counted, highest priority first, joined with '; '.")),
      ], required: ["period", "metric", "value", "unit", "minimum", "maximum", "count", "sources"])
    return AssistantTool(
      name: "summary", title: "Totals and averages by period",
      description: """
        Totals and statistics of one metric per day, week, month or year, as the Health app counts them: where \
        the iPhone and the Apple Watch recorded the same walk, its steps count once (the Watch wins), and a \
        sample that crosses midnight is split between the days. Cumulative types (steps, distance, energy, \
        sleep minutes) give totals; discrete types (heart rate, weight, blood glucose) give the mean, minimum \
        and maximum. The most recent 'limit' periods are returned, oldest first. Use this, not records, for \
        'how many steps', 'how much sleep', 'average heart rate'.
        """,
      inputSchema: JSONSchema.object(
        [
          (
            "metric",
            JSONSchema.string(
              "A CSV name (Steps, Heart Rate, Weight), short name (StepCount), identifier (HKQuantityTypeIdentifierStepCount) or summary metric (Sleep AsleepCore); see list_types."
            )
          ),
          (
            "period",
            JSONSchema.choice(Self.periods, default: "day", description: "The length of each row's period.")
          ),
          (
            "from",
            JSONSchema.day("The first day (yyyy-MM-dd, local), inclusive; periods that start on or after it.")
          ),
          (
            "to",
            JSONSchema.day("The last day (yyyy-MM-dd, local), inclusive; periods that start on or before it.")
          ),
          ("limit", JSONSchema.integer("The most rows returned.", minimum: 1, maximum: 10_000, default: 100)),
        ], required: ["metric"]),
      outputSchema: JSONSchema.object(
        [
          ("metric", JSONSchema.string("The metric the argument named.")),
          ("type", JSONSchema.string("Its identifier.")),
          ("period", JSONSchema.string()),
          ("rows", JSONSchema.array(of: row)),
          ("count", JSONSchema.integer("Rows returned.")),
          ("total_periods", JSONSchema.integer("Rows that matched, before the limit.")),
          ("truncated", JSONSchema.truncated),
        ] + Self.nothingFoundFields,
        required: ["metric", "type", "period", "rows", "count", "total_periods", "truncated"]),
      run: { arguments, call throws(ToolFailure) in
        let metric = try arguments.requiredString("metric")
        let period = try arguments.choice("period", among: Self.periods, default: "day")
        let range = try arguments.dayRange()
        let limit = try arguments.integer("limit", default: 100, in: 1...10_000)
        let (filter, filterValue, type, name) = try summaryMetric(metric, call: call)
        let from = range.from.map { $0.description } ?? "0000-00-00"
        let to = range.to.map { $0.description } ?? "9999-99-99"
        var rows: [[SQLiteValue]]
        if period == "year" {
          rows = Self.years(
            of: try self.rows(
              """
              SELECT period_start, metric, value, unit, minimum, maximum, count, sources FROM summaries
              WHERE period = 'month' AND \(filter) = ? AND substr(period_start, 1, 4) >= substr(?, 1, 4) AND period_start <= ?
              ORDER BY period_start, metric
              """, [.text(filterValue), .text(from), .text(to)], call: call))
        } else {
          rows = try self.rows(
            """
            SELECT period_start, metric, value, unit, minimum, maximum, count, sources FROM summaries
            WHERE period = ? AND \(filter) = ? AND period_start >= ? AND period_start <= ?
            ORDER BY period_start, metric
            """, [.text(period), .text(filterValue), .text(from), .text(to)], call: call)
        }
        let total = rows.count
        if rows.count > limit { rows = Array(rows.suffix(limit)) }
        let entries: [JSONValue] = rows.map { row in
          [
            "period": row[0].json, "metric": row[1].json, "value": row[2].json, "unit": row[3].json,
            "minimum": row[4].json, "maximum": row[5].json, "count": row[6].json, "sources": row[7].json,
          ]
        }
        return try answer(
          [
            "metric": .string(name), "type": .string(type), "period": .string(period),
            "rows": .array(entries),
            "count": .integer(entries.count), "total_periods": .integer(total),
            "truncated": .bool(total > limit),
          ], isEmpty: entries.isEmpty, what: name, range: range
        ) { () throws(ToolFailure) in
          let span = try self.rows(
            "SELECT min(period_start), max(period_start) FROM summaries WHERE period = 'day' AND \(filter) = ?",
            [.text(filterValue)], call: call)
          return (span.first?[0] ?? .null, span.first?[1] ?? .null)
        }
      })
  }

  /// The column and value that select a metric's rows, its type and its name.
  /// - Throws: `ToolFailure` when nothing is named so, or the database holds no summaries.
  func summaryMetric(_ metric: String, call: ToolCall) throws(ToolFailure)
    -> (column: String, value: String, type: String, name: String)
  {
    let named = try rows("SELECT DISTINCT metric, type FROM summaries", call: call)
    guard !named.isEmpty else {
      throw ToolFailure(
        "The database holds no summaries (the export has no quantity samples, or the database was made without them); use records or query instead."
      )
    }
    let wanted = Self.folded(metric)
    if let row = named.first(where: { $0[0].text.map(Self.folded) == wanted }),
      let name = row[0].text, let type = row[1].text
    {
      return ("metric", name, type, name)
    }
    let info = try type(named: metric, kinds: ["quantity", "category"], call: call)
    guard named.contains(where: { $0[1].text == info.type }) else {
      throw ToolFailure(
        "\(info.displayName) has no summaries\(Self.suggestion(for: metric, among: named.compactMap { $0[0].text })). Summaries exist for quantity types, sleep, mindful minutes and stand hours; use records for the samples."
      )
    }
    return ("type", info.type, info.type, info.displayName)
  }

  /// Monthly rows folded into years: totals summed; means weighted by their counts, with the
  /// smallest minimum and largest maximum; counts summed; sources in the order first seen.
  static func years(of months: [[SQLiteValue]]) -> [[SQLiteValue]] {
    var order: [String] = []
    var groups: [String: [[SQLiteValue]]] = [:]
    for row in months {
      guard let start = row[0].text, let metric = row[1].text else { continue }
      let key = "\(start.prefix(4))-01-01\u{0}\(metric)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(row)
    }
    return order.map { key in
      let rows = groups[key, default: []]
      let isDiscrete = rows.contains { $0[4] != .null }
      let counts = rows.map { Double($0[6].integer ?? 0) }
      let count = counts.reduce(0, +)
      let values = rows.map { $0[2].number ?? 0 }
      let value: SQLiteValue =
        isDiscrete
        ? (count > 0 ? .real(zip(values, counts).map { $0 * $1 }.reduce(0, +) / count) : .null)
        : .real(values.reduce(0, +))
      let minimum = rows.compactMap { $0[4].number }.min().map(SQLiteValue.real) ?? .null
      let maximum = rows.compactMap { $0[5].number }.max().map(SQLiteValue.real) ?? .null
      var sources: [String] = []
      for row in rows {
        for source in (row[7].text ?? "").components(separatedBy: "; ")
        where !source.isEmpty && !sources.contains(source) {
          sources.append(source)
        }
      }
      return [
        .text(String(key.prefix(10))), rows[0][1], value, rows[0][3], minimum, maximum,
        .integer(Int64(count)),
        .text(sources.joined(separator: "; ")),
      ]
    }
  }
}
