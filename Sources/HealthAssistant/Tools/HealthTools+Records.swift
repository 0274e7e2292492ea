import Foundation
import HealthArchive
import HealthDatabase
import HealthExport

/// `records`: the raw samples of one type.
extension HealthTools {
  var records: AssistantTool {
    let record = JSONSchema.object(
      [
        ("start", JSONSchema.string("Local time, ISO 8601.")),
        ("end", JSONSchema.string("Local time, ISO 8601.")),
        (
          "value",
          JSONSchema.anyOf(
            ["number", "string", "null"],
            description: "The number, or a category's value (HKCategoryValueSleepAnalysisAsleepCore).")
        ),
        (
          "unit",
          JSONSchema.string(
            "The unit every tool gives the metric in (the summary's: lbs or kg, bpm, %, mg/dL, ...).",
            nullable: true)
        ),
        ("raw_value", JSONSchema.number("Only where it differs: the value as the export wrote it.")),
        (
          "raw_unit",
          JSONSchema.string("Only where it differs: the unit the export wrote (lb, count/min, ...).")
        ),
        ("source", JSONSchema.string("The app or device that recorded it.")),
      ], required: ["start", "end", "value", "unit", "source"])
    return AssistantTool(
      name: "records", title: "Raw samples",
      description: """
        The raw samples of one type as the export holds them, newest first (or oldest first): start, end, \
        value, unit and source. Samples of several sources overlap (the iPhone and the Apple Watch both count \
        the same steps), so do not add them up: use summary for totals and averages.
        """,
      inputSchema: JSONSchema.object(
        [
          (
            "metric",
            JSONSchema.string(
              "A CSV name (Heart Rate), short name (HeartRate) or identifier; see list_types.")
          )
        ] + JSONSchema.dayRange + [
          (
            "limit",
            JSONSchema.integer("The most samples returned.", minimum: 1, maximum: 10_000, default: 100)
          ),
          (
            "order",
            JSONSchema.choice(
              ["desc", "asc"], default: "desc", description: "desc: newest first; asc: oldest first.")
          ),
        ], required: ["metric"]),
      outputSchema: JSONSchema.object(
        [
          ("metric", JSONSchema.string()), ("type", JSONSchema.string()),
          ("records", JSONSchema.array(of: record)),
          ("count", JSONSchema.integer("Samples returned.")), ("truncated", JSONSchema.truncated),
        ] + Self.nothingFoundFields, required: ["metric", "type", "records", "count", "truncated"]),
      run: { arguments, call throws(ToolFailure) in
        let metric = try arguments.requiredString("metric")
        let range = try arguments.dayRange()
        let limit = try arguments.integer("limit", default: 100, in: 1...10_000)
        let order = try arguments.choice("order", among: ["desc", "asc"], default: "desc")
        let info = try type(named: metric, kinds: ["quantity", "category"], call: call)
        let (start, end) = try bounds(range, call: call)
        var entries: [JSONValue] = []
        var truncated = false
        try read(
          """
          SELECT r.start_unix, r.end_unix, r.value, r.value_text, r.unit, s.name FROM records AS r
          JOIN sources AS s ON s.id = r.source_id
          WHERE r.type = ? AND r.start_unix >= ? AND r.start_unix < ?
          ORDER BY r.start_unix \(order == "asc" ? "ASC" : "DESC"), r.id \(order == "asc" ? "ASC" : "DESC")
          LIMIT ?
          """, [.text(info.type), .integer(start), .integer(end), .integer(Int64(limit + 1))], call: call
        ) { statement in
          guard entries.count < limit else {
            truncated = true
            return false
          }
          let value = statement.value(at: 2)
          guard value != .null else {
            entries.append([
              "start": localTime(statement.value(at: 0)), "end": localTime(statement.value(at: 1)),
              "value": statement.value(at: 3).json, "unit": statement.value(at: 4).json,
              "source": statement.value(at: 5).json,
            ])
            return true
          }
          let shown = displayed(value, unit: statement.value(at: 4), type: info.type)
          var entry: [JSONValue.Member] = [
            .init(key: "start", value: localTime(statement.value(at: 0))),
            .init(key: "end", value: localTime(statement.value(at: 1))),
            .init(key: "value", value: shown.value), .init(key: "unit", value: shown.unit),
          ]
          if let rawValue = shown.rawValue { entry.append(.init(key: "raw_value", value: rawValue)) }
          if let rawUnit = shown.rawUnit { entry.append(.init(key: "raw_unit", value: rawUnit)) }
          entry.append(.init(key: "source", value: statement.value(at: 5).json))
          entries.append(.object(entry))
          return true
        }
        return try answer(
          [
            "metric": .string(info.displayName), "type": .string(info.type), "records": .array(entries),
            "count": .integer(entries.count), "truncated": .bool(truncated),
          ], isEmpty: entries.isEmpty, what: info.displayName, range: range
        ) { () throws(ToolFailure) in
          let span = try rows(
            "SELECT min(start_unix), max(start_unix) FROM records WHERE type = ?", [.text(info.type)],
            call: call)
          return (span.first?[0] ?? .null, span.first?[1] ?? .null)
        }
      })
  }
}
