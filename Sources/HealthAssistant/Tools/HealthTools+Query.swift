import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// `query`: one read-only SQL query of the assistant's, and the `health://schema` resource that
/// tells it what to query.
extension HealthTools {
  /// The most bytes of values a query's result holds before it is cut.
  static let maximumQueryBytes = 1 << 20
  /// The longest text of one value; longer ones are cut and end with `…`.
  static let maximumValueCharacters = 10_000

  var query: AssistantTool {
    AssistantTool(
      name: "query", title: "SQL query",
      description: """
        Runs one read-only SQL query (SELECT or WITH, SQLite's dialect) on the health database and returns its \
        columns and rows. Read health://schema first for the tables (records, workouts, route_points, \
        lab_results, summaries, ...). Dates are stored as text and as Unix seconds (start_unix); filter \
        records on type and start_unix, which are indexed. Anything that would write, attach a database, load \
        an extension or run a pragma is refused, and a query that runs too long is stopped.
        """,
      inputSchema: JSONSchema.object(
        [
          ("sql", JSONSchema.string("One SELECT or WITH statement.")),
          ("limit", JSONSchema.integer("The most rows returned.", minimum: 1, maximum: 10_000, default: 100)),
        ], required: ["sql"]),
      outputSchema: JSONSchema.object(
        [
          ("columns", JSONSchema.array(of: JSONSchema.string())),
          (
            "rows",
            JSONSchema.array(of: JSONSchema.array(of: JSONSchema.anyOf(["number", "string", "null"])))
          ),
          ("count", JSONSchema.integer("Rows returned.")),
          (
            "truncated",
            JSONSchema.boolean("Whether more rows were left out, past the limit or 1 MiB of values.")
          ),
        ], required: ["columns", "rows", "count", "truncated"]),
      run: { arguments, call throws(ToolFailure) in
        let sql = try arguments.requiredString("sql")
        let limit = try arguments.integer("limit", default: 100, in: 1...10_000)
        return try runQuery(sql, limit: limit, call: call)
      })
  }

  /// The columns and rows of one read-only query, at most `limit` rows and about 1 MiB.
  func runQuery(_ sql: String, limit: Int, call: ToolCall) throws(ToolFailure) -> JSONValue {
    var columns: [JSONValue]?
    var rows: [JSONValue] = []
    var bytes = 0
    var truncated = false
    try read(sql, call: call) { statement in
      if columns == nil {
        columns = (0..<statement.columnCount).map { .string(statement.columnName($0)) }
      }
      guard rows.count < limit, bytes < Self.maximumQueryBytes else {
        truncated = true
        return false
      }
      var row: [JSONValue] = []
      for column in 0..<statement.columnCount {
        let value: JSONValue
        if let blob = statement.blob(at: column) {
          value = .string(Self.hexLiteral(blob))
        } else {
          value = Self.bounded(statement.value(at: column).json)
        }
        bytes += Self.size(of: value)
        row.append(value)
      }
      rows.append(.array(row))
      return true
    }
    if columns == nil {
      // A query that returned no row still has columns.
      let connection = try database.connection(for: call)
      columns =
        (try? connection.prepare(sql)).map { statement in
          (0..<statement.columnCount).map { .string(statement.columnName($0)) }
        } ?? []
    }
    return [
      "columns": .array(columns ?? []), "rows": .array(rows), "count": .integer(rows.count),
      "truncated": .bool(truncated),
    ]
  }

  /// A blob as SQL writes one, `x'0aff'`, its first 4 KiB.
  static func hexLiteral(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    var text = "x'"
    for byte in bytes.prefix(4096) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return text + (bytes.count > 4096 ? "…'" : "'")
  }

  /// A text value cut to `maximumValueCharacters`.
  static func bounded(_ value: JSONValue) -> JSONValue {
    guard case .string(let text) = value, text.count > maximumValueCharacters else { return value }
    return .string(String(text.prefix(maximumValueCharacters)) + "…")
  }

  static func size(of value: JSONValue) -> Int {
    switch value {
    case .string(let text): text.utf8.count + 2
    case .number(let number): number.text.utf8.count
    default: 4
    }
  }

  // MARK: - health://schema

  var schemaResource: AssistantResource {
    AssistantResource(
      uri: "health://schema", name: "schema", title: "Health database schema",
      description: "The tables of the health database with their columns, for writing query SQL.",
      mimeType: "text/markdown",
      read: { call throws(ToolFailure) in try schemaText(call: call) })
  }

  /// The schema as text: how to read it, then each table's `CREATE TABLE` and its indexes.
  func schemaText(call: ToolCall) throws(ToolFailure) -> String {
    let definitions = try rows(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY tbl_name, type DESC, name",
      call: call)
    let zone = try rows("SELECT time_zone FROM export_info LIMIT 1", call: call).first?.first?.text ?? "UTC"
    var text = """
      # The health database

      One SQLite database holds the person's whole Apple Health export. Query it with the query tool (one \
      read-only SELECT or WITH statement, SQLite's dialect).

      - Identifiers are Apple's: `HKQuantityTypeIdentifierStepCount`; `types` maps each to its short name \
      (`StepCount`), kind, aggregation and CSV name (`Steps`), with its record count.
      - Every instant is stored twice: as the export writes it (`start_date`, `2026-01-09 07:30:00 -0500`) and as \
      Unix seconds (`start_unix`). Filter `records` on `type` and `start_unix`: they are indexed.
      - `records.value` is the number; `value_text` holds a category's value \
      (`HKCategoryValueSleepAnalysisAsleepCore`). Members of a correlation (blood pressure) have \
      `correlation_id`.
      - Several sources record the same activity: do not sum `records` across sources for totals. The \
      `summaries` table counts each stretch of time once (per `period` day, week or month; `period_start` \
      yyyy-MM-dd in the time zone \(zone)).
      - `route_points` holds the GPS points of `workouts` (by `workout_id`); `lab_results` the lab values of the \
      clinical records, by LOINC code.
      - The tools' days and times are in \(timeZone.displayName).

      ## Tables

      """
    for definition in definitions {
      guard let sql = definition[3].text else { continue }
      if definition[0].text == "table" { text += "\n### \(definition[1].text ?? "")\n\n" }
      text += "```sql\n\(sql);\n```\n"
    }
    return text
  }
}
