import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// `labs`: lab results from the clinical records, by LOINC code or name.
extension HealthTools {
  var labs: AssistantTool {
    let result = JSONSchema.object(
      [
        ("loinc", JSONSchema.string("The LOINC code (4548-4 is HbA1c).")),
        ("name", JSONSchema.string("The test's name.")),
        ("value", JSONSchema.number()),
        ("unit", JSONSchema.string()),
        ("date", JSONSchema.string("When it was taken, as the record writes it.")),
        ("source", JSONSchema.string("The laboratory or health system.")),
      ], required: ["loinc", "name", "value", "unit", "date", "source"])
    return AssistantTool(
      name: "labs", title: "Lab results",
      description: """
        Lab results from the clinical records (every FHIR Observation with a LOINC code and a quantity), newest \
        first: LOINC code, name, value, unit, date and source. Filter by 'loinc' (4548-4) or by a part of the \
        'name' (cholesterol), and by days.
        """,
      inputSchema: JSONSchema.object(
        [
          ("loinc", JSONSchema.string("A LOINC code, such as 4548-4.")),
          ("name", JSONSchema.string("A part of the test's name, in any case, such as 'cholesterol'.")),
        ] + JSONSchema.dayRange + [
          (
            "limit",
            JSONSchema.integer("The most results returned.", minimum: 1, maximum: 10_000, default: 100)
          )
        ]),
      outputSchema: JSONSchema.object(
        [
          ("results", JSONSchema.array(of: result)), ("count", JSONSchema.integer("Results returned.")),
          ("truncated", JSONSchema.truncated),
        ] + Self.nothingFoundFields, required: ["results", "count", "truncated"]),
      run: { arguments, call throws(ToolFailure) in
        let loinc = try arguments.string("loinc")
        let name = try arguments.string("name")
        let range = try arguments.dayRange()
        let limit = try arguments.integer("limit", default: 100, in: 1...10_000)
        let (start, end) = try bounds(range, call: call)
        var conditions = [
          """
          ((effective_unix IS NOT NULL AND effective_unix >= ? AND effective_unix < ?)
            OR (effective_unix IS NULL AND substr(effective_date, 1, 10) >= ? AND substr(effective_date, 1, 10) <= ?))
          """
        ]
        var bindings: [SQLiteValue] = [
          .integer(start), .integer(end), .text(range.from?.description ?? "0000-00-00"),
          .text(range.to?.description ?? "9999-99-99"),
        ]
        // Which results, on any day.
        var which: [String] = []
        var whichBindings: [SQLiteValue] = []
        if let loinc {
          which.append("loinc = ?")
          whichBindings.append(.text(loinc.trimmingWhitespace))
        }
        if let name {
          which.append("instr(lower(name), lower(?)) > 0")
          whichBindings.append(.text(name.trimmingWhitespace))
        }
        conditions += which
        bindings += whichBindings
        bindings.append(.integer(Int64(limit + 1)))
        var entries: [JSONValue] = []
        var truncated = false
        try read(
          """
          SELECT loinc, name, value, unit, effective_date, source_name FROM lab_results
          WHERE \(conditions.joined(separator: " AND "))
          ORDER BY coalesce(effective_unix, CAST(strftime('%s', substr(effective_date, 1, 10)) AS INTEGER)) DESC, id DESC LIMIT ?
          """, bindings, call: call
        ) { statement in
          guard entries.count < limit else {
            truncated = true
            return false
          }
          entries.append([
            "loinc": statement.value(at: 0).json, "name": statement.value(at: 1).json,
            "value": statement.value(at: 2).json, "unit": statement.value(at: 3).json,
            "date": statement.value(at: 4).json, "source": statement.value(at: 5).json,
          ])
          return true
        }
        let what =
          loinc.map { "lab result with LOINC \($0.trimmingWhitespace)" } ?? name.map {
            "lab result named like \(Quoted($0))"
          } ?? "lab result"
        return try answer(
          ["results": .array(entries), "count": .integer(entries.count), "truncated": .bool(truncated)],
          isEmpty: entries.isEmpty, what: what, range: range
        ) { () throws(ToolFailure) in
          let span = try rows(
            """
            SELECT min(substr(effective_date, 1, 10)), max(substr(effective_date, 1, 10)) FROM lab_results
            WHERE \(which.isEmpty ? "1" : which.joined(separator: " AND "))
            """, whichBindings, call: call)
          return (span.first?[0] ?? .null, span.first?[1] ?? .null)
        }
      })
  }
}

extension String {
  var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
