import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// `list_types`, and finding the type a `metric` argument names.
extension HealthTools {
  /// One row of the `types` table.
  struct TypeInfo: Hashable {
    var type: String
    var shortName: String
    var csvName: String?
    var kind: String
    var aggregation: String?
    var records: Int64
    var firstUnix: Int64?
    var lastUnix: Int64?

    /// The name to show: the CSV's where the registry has one, else the short name.
    var displayName: String { csvName ?? shortName }
  }

  /// Every type, most records first.
  func types(call: ToolCall) throws(ToolFailure) -> [TypeInfo] {
    try rows(
      "SELECT type, short_name, csv_name, kind, aggregation, records, first_unix, last_unix FROM types ORDER BY records DESC, type",
      call: call
    ).map { row in
      TypeInfo(
        type: row[0].text ?? "", shortName: row[1].text ?? "", csvName: row[2].text, kind: row[3].text ?? "",
        aggregation: row[4].text, records: row[5].integer ?? 0, firstUnix: row[6].integer,
        lastUnix: row[7].integer)
    }
  }

  /// The type a metric argument names: its identifier, short name or CSV name, in any case.
  /// - Parameters:
  ///   - metric: the argument.
  ///   - kinds: the kinds of type the tool reads (records have quantities and categories).
  ///   - call: the call, for its messages.
  /// - Returns: the type.
  /// - Throws: `ToolFailure` naming the nearest types when none matches.
  func type(named metric: String, kinds: Set<String>, call: ToolCall) throws(ToolFailure) -> TypeInfo {
    let all = try types(call: call).filter { kinds.contains($0.kind) }
    let wanted = Self.folded(metric)
    if let found = all.first(where: {
      [$0.type, $0.shortName, $0.csvName].contains { $0.map(Self.folded) == wanted }
    }) {
      return found
    }
    throw ToolFailure(
      "No type is named \(Quoted(metric))\(Self.suggestion(for: metric, among: all.flatMap { [$0.displayName, $0.shortName] })). Call list_types for every type with its names."
    )
  }

  /// ` (did you mean Steps or StepCount?)` for the names nearest to `name`, or nothing. The search
  /// is bounded by the names known (`Suggestion`'s bound): a name far longer than any gets none,
  /// and the distance is worked out only for names whose length is within the distance allowed.
  static func suggestion(for name: String, among names: [String]) -> String {
    let longest = names.lazy.map(\.utf8.count).max() ?? 0
    guard name.utf8.count <= longest + Suggestion.extraLength else { return "" }
    let wanted = folded(name)
    let allowed = max(2, wanted.count / 3)
    var seen = Set<String>()
    let near = names.filter { seen.insert($0).inserted }.compactMap {
      candidate -> (name: String, distance: Int)? in
      let folded = folded(candidate)
      if folded.contains(wanted) { return (candidate, abs(folded.count - wanted.count)) }
      guard abs(folded.count - wanted.count) <= allowed else { return nil }
      let distance = Suggestion.editDistance(wanted, folded)
      return distance <= allowed ? (candidate, distance) : nil
    }
    .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
    guard !near.isEmpty else { return "" }
    return " (did you mean " + near.joined(separator: " or ") + "?)"
  }

  /// A name lowercased, with spaces, dashes and underscores dropped: `heart-rate` is `Heart Rate`.
  static func folded(_ name: String) -> String {
    String(name.lowercased().filter { !" _-()".contains($0) })
  }

  // MARK: - list_types

  var listTypes: AssistantTool {
    let type = JSONSchema.object(
      [
        ("type", JSONSchema.string("Apple's identifier (HKQuantityTypeIdentifierStepCount).")),
        ("short_name", JSONSchema.string("The identifier without its prefix (StepCount).")),
        (
          "csv_name",
          JSONSchema.string("The name in the HealthExporter CSV (Steps), where it has one.", nullable: true)
        ),
        ("kind", JSONSchema.string("quantity, category, correlation, workout, clinical, ...")),
        (
          "aggregation",
          JSONSchema.string(
            "cumulative (summed over time) or discrete (a level), for quantities.", nullable: true)
        ),
        (
          "unit",
          JSONSchema.string(
            "The unit every tool gives its values in (the summary's), else the unit of its latest record.",
            nullable: true)
        ),
        (
          "raw_unit",
          JSONSchema.string("Only where it differs: the unit of its latest record as the export wrote it.")
        ),
        ("records", JSONSchema.integer("How many there are.")),
        ("first", JSONSchema.string("The start of the first, local time (ISO 8601).", nullable: true)),
        ("last", JSONSchema.string("The start of the last, local time (ISO 8601).", nullable: true)),
      ],
      required: ["type", "short_name", "csv_name", "kind", "aggregation", "unit", "records", "first", "last"])
    return AssistantTool(
      name: "list_types", title: "Health data types",
      description: """
        Lists every type of data in the person's export (steps, heart rate, sleep, workouts, lab results, ...), \
        most records first: Apple's identifier, the short and CSV names that the other tools' 'metric' argument \
        accepts, its kind, unit, how many records it has and the dates of the first and last. Call it first to \
        see what there is.
        """,
      inputSchema: JSONSchema.object([]),
      outputSchema: JSONSchema.object(
        [("types", JSONSchema.array(of: type)), ("count", JSONSchema.integer("How many types."))],
        required: ["types", "count"]),
      run: { _, call throws(ToolFailure) in
        let types = try types(call: call)
        var entries: [JSONValue] = []
        for info in types {
          var unit: JSONValue = .null
          var rawUnit: JSONValue?
          if info.kind == "quantity" || info.kind == "category" {
            let latest =
              try rows(
                "SELECT unit FROM records WHERE type = ? ORDER BY start_unix DESC LIMIT 1",
                [.text(info.type)], call: call
              ).first?.first?.json ?? .null
            unit = latest
            if let display = displayUnit(ofType: info.type), latest != .null {
              unit = .string(display.label)
              if latest != unit { rawUnit = latest }
            }
          }
          var entry: [JSONValue.Member] = [
            .init(key: "type", value: .string(info.type)),
            .init(key: "short_name", value: .string(info.shortName)),
            .init(key: "csv_name", value: info.csvName.map(JSONValue.string) ?? .null),
            .init(key: "kind", value: .string(info.kind)),
            .init(key: "aggregation", value: info.aggregation.map(JSONValue.string) ?? .null),
            .init(key: "unit", value: unit),
          ]
          if let rawUnit { entry.append(.init(key: "raw_unit", value: rawUnit)) }
          entry += [
            .init(key: "records", value: .integer(info.records)),
            .init(key: "first", value: info.firstUnix.map { .string(localTime($0)) } ?? .null),
            .init(key: "last", value: info.lastUnix.map { .string(localTime($0)) } ?? .null),
          ]
          entries.append(.object(entry))
        }
        return ["types": .array(entries), "count": .integer(entries.count)]
      })
  }
}
