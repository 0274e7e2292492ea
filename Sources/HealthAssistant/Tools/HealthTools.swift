package import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// The tools and resources of the assistant server, on the database of the person's export.
///
/// Every tool reads through the database's read-only connection, within its time budget, and
/// returns a bounded list that says when it was cut (`truncated`). Dates in arguments are local
/// calendar days (`yyyy-MM-dd`) in the database's time zone (`AssistantDatabase.timeZone`);
/// instants in results are ISO 8601 on the same clocks (`2026-01-09T07:30:00-05:00`).
package struct HealthTools {
  package let database: AssistantDatabase

  package init(database: AssistantDatabase) {
    self.database = database
  }

  /// The zone of the days in arguments and of the times in results: the database's.
  package var timeZone: TimeZone { database.timeZone }

  /// The unit a type's values are given in by every tool, as the summaries and the CSV give them
  /// (`lbs` or `kg`, `bpm`, `%`, `mg/dL`), with the database's units; nil for a type the registry
  /// has no unit for (its values keep their own).
  func displayUnit(ofType type: String) -> CSVUnit? {
    MetricRegistry.standard.measure(forType: type)?.unit.resolved(with: database.units)
  }

  /// A record's value and unit as the tools give them (`displayUnit`), with the value and the
  /// unit the export wrote, each where it differs; the export's own where the display unit cannot
  /// take it.
  func displayed(_ value: SQLiteValue, unit: SQLiteValue, type: String)
    -> (value: JSONValue, unit: JSONValue, rawValue: JSONValue?, rawUnit: JSONValue?)
  {
    guard let display = displayUnit(ofType: type), let number = value.number, case .text(let rawUnit) = unit,
      let converted = display.convert(number, from: rawUnit)
    else { return (value.json, unit.json, nil, nil) }
    let shown = SQLiteValue.real(converted).json
    return (
      shown, .string(display.label), shown == value.json ? nil : value.json,
      display.label == rawUnit ? nil : unit.json
    )
  }

  /// Every tool, in the order `tools/list` shows them.
  package var tools: [AssistantTool] {
    [listTypes, summary, compare, baseline, records, workouts, workoutRoute, labs, ecg, profile, query]
  }

  /// `health://schema` and `health://profile`.
  package var resources: [AssistantResource] { [schemaResource, profileResource] }

  // MARK: - Reading

  /// Runs `sql` with `bindings` and hands each row to `body`, within the time budget.
  /// - Throws: `ToolFailure` with the database's or the budget's message.
  func read(
    _ sql: String, _ bindings: [SQLiteValue] = [], call: ToolCall,
    _ body: (SQLiteStatement) throws(ToolFailure) -> Bool
  ) throws(ToolFailure) {
    let connection = try database.connection(for: call)
    let statement: SQLiteStatement
    do {
      statement = try connection.prepare(sql)
    } catch {
      throw ToolFailure(error.description)
    }
    var failure: ToolFailure?
    do {
      try connection.withTimeLimit { () throws(DatabaseError) in
        for (index, value) in bindings.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        while try statement.step() {
          do throws(ToolFailure) {
            if try !body(statement) { break }
          } catch {
            failure = error
            break
          }
        }
      }
    } catch {
      throw ToolFailure(error.description)
    }
    if let failure { throw failure }
  }

  /// The rows of `sql`, each as its values.
  func rows(_ sql: String, _ bindings: [SQLiteValue] = [], call: ToolCall) throws(ToolFailure)
    -> [[SQLiteValue]]
  {
    var rows: [[SQLiteValue]] = []
    try read(sql, bindings, call: call) { statement in
      rows.append((0..<statement.columnCount).map(statement.value(at:)))
      return true
    }
    return rows
  }

  /// The bounds in Unix seconds of the local days `from` through `to` (either open), in the
  /// database's zone: while the export is being indexed, this waits for it as `read` does,
  /// reporting progress to `call`.
  /// - Throws: `ToolFailure` when the input could not be indexed.
  func bounds(_ range: (from: CalendarDay?, to: CalendarDay?), call: ToolCall) throws(ToolFailure)
    -> (start: Int64, end: Int64)
  {
    _ = try database.connection(for: call)
    let (start, end) = DateRange.custom(from: range.from, to: range.to).bounds(
      now: Timestamp(secondsSince1970: 0), timeZone: timeZone)
    return (start?.wholeSecondsSince1970 ?? Int64.min, end?.wholeSecondsSince1970 ?? Int64.max)
  }

  /// An instant on the local clocks, ISO 8601 with the offset: `2026-01-09T07:30:00-05:00`.
  func localTime(_ seconds: Int64) -> String {
    let date = Date(timeIntervalSince1970: Double(seconds))
    let offset = timeZone.secondsFromGMT(for: date)
    let civil = CivilDateTime(secondsSince1970: seconds + Int64(offset))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return
      "\(civil.dayText)T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
  }

  /// An instant as JSON: its local time, or null.
  func localTime(_ value: SQLiteValue) -> JSONValue {
    guard case .integer(let seconds) = value else { return .null }
    return .string(localTime(seconds))
  }

  /// The number of days an optional `from`/`to` pair describes, for messages.
  static func describe(_ range: (from: CalendarDay?, to: CalendarDay?)) -> String {
    switch (range.from, range.to) {
    case (nil, nil): "any day"
    case (let from?, nil): "from \(from)"
    case (nil, let to?): "through \(to)"
    case (let from?, let to?): "from \(from) through \(to)"
    }
  }
}

// MARK: - Values

extension SQLiteValue {
  /// The value as JSON: numbers as numbers (a real that is not finite as null), text as strings.
  var json: JSONValue {
    switch self {
    case .null: .null
    case .integer(let value): .number(JSONNumber(value))
    case .real(let value): JSONNumber(value).map(JSONValue.number) ?? .null
    case .text(let text): .string(text)
    }
  }

  var text: String? {
    if case .text(let text) = self { return text }
    return nil
  }

  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }
}

extension JSONValue {
  static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  static func integer(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }
}
