import Foundation
import HealthArchive
import HealthDatabase
import HealthExport
import HealthModel

/// `workouts` and `workout_route`.
extension HealthTools {
  static let activityPrefix = "HKWorkoutActivityType"

  var workouts: AssistantTool {
    let statistic = JSONSchema.object(
      [
        ("type", JSONSchema.string("What was measured (HeartRate, DistanceCycling, ActiveEnergyBurned).")),
        ("average", JSONSchema.number(nullable: true)), ("minimum", JSONSchema.number(nullable: true)),
        ("maximum", JSONSchema.number(nullable: true)), ("sum", JSONSchema.number(nullable: true)),
        (
          "unit",
          JSONSchema.string("The unit every tool gives the metric in (bpm for heart rate).", nullable: true)
        ),
        ("raw_unit", JSONSchema.string("Only where it differs: the unit the export wrote (count/min).")),
      ], required: ["type", "average", "minimum", "maximum", "sum", "unit"])
    let workout = JSONSchema.object(
      [
        ("id", JSONSchema.integer("The id workout_route takes.")),
        ("activity", JSONSchema.string("Running, Cycling, Walking, ...")),
        ("start", JSONSchema.string("Local time, ISO 8601.")),
        ("end", JSONSchema.string("Local time, ISO 8601.")),
        ("duration_min", JSONSchema.number("Minutes.", nullable: true)),
        ("distance", JSONSchema.number(nullable: true)), ("distance_unit", JSONSchema.string(nullable: true)),
        ("energy_kcal", JSONSchema.number("Active energy, kilocalories.", nullable: true)),
        ("source", JSONSchema.string()), ("statistics", JSONSchema.array(of: statistic)),
        ("has_route", JSONSchema.boolean("Whether it has GPS route points (workout_route).")),
        ("route_points", JSONSchema.integer("How many.")),
      ],
      required: [
        "id", "activity", "start", "end", "duration_min", "distance", "distance_unit", "energy_kcal",
        "source",
        "statistics", "has_route", "route_points",
      ])
    return AssistantTool(
      name: "workouts", title: "Workouts",
      description: """
        Workouts, newest first: activity, start and end, duration, distance, active energy, the statistics the \
        Apple Watch kept (heart rate, distance, energy: average, minimum, maximum, sum) and whether a GPS route \
        exists (fetch it with workout_route and the workout's id).
        """,
      inputSchema: JSONSchema.object(
        JSONSchema.dayRange + [
          (
            "activity", JSONSchema.string("Running, Cycling, HKWorkoutActivityTypeSwimming, ...: only these.")
          ),
          (
            "limit",
            JSONSchema.integer("The most workouts returned.", minimum: 1, maximum: 1_000, default: 50)
          ),
        ]),
      outputSchema: JSONSchema.object(
        [
          ("workouts", JSONSchema.array(of: workout)), ("count", JSONSchema.integer("Workouts returned.")),
          ("truncated", JSONSchema.truncated),
        ] + Self.nothingFoundFields, required: ["workouts", "count", "truncated"]),
      run: { arguments, call throws(ToolFailure) in
        let range = try arguments.dayRange()
        let limit = try arguments.integer("limit", default: 50, in: 1...1_000)
        let (start, end) = try bounds(range, call: call)
        var condition = "w.start_unix >= ? AND w.start_unix < ?"
        var bindings: [SQLiteValue] = [.integer(start), .integer(end)]
        var activityType: String?
        if let activity = try arguments.string("activity") {
          let type = try self.activityType(activity, call: call)
          condition += " AND w.activity_type = ?"
          bindings.append(.text(type))
          activityType = type
        }
        bindings.append(.integer(Int64(limit + 1)))
        let found = try rows(
          """
          SELECT w.id, w.activity_type, w.start_unix, w.end_unix, w.duration_s, w.total_distance, w.total_distance_unit,
            w.total_energy_kcal, s.name, (SELECT count(*) FROM route_points AS p WHERE p.workout_id = w.id)
          FROM workouts AS w JOIN sources AS s ON s.id = w.source_id
          WHERE \(condition) ORDER BY w.start_unix DESC, w.id DESC LIMIT ?
          """, bindings, call: call)
        var entries: [JSONValue] = []
        for row in found.prefix(limit) {
          let statistics = try rows(
            "SELECT type, average, minimum, maximum, sum, unit FROM workout_statistics WHERE workout_id = ? AND activity_id IS NULL ORDER BY type",
            [row[0]], call: call
          ).map { statistic -> JSONValue in
            // In the unit every tool gives the metric in, as records gives it.
            let type = statistic[0].text ?? ""
            let shown = (1...4).map { displayed(statistic[$0], unit: statistic[5], type: type) }
            let unit = shown.first { $0.rawUnit != nil }?.unit ?? statistic[5].json
            var members: [JSONValue.Member] = [.init(key: "type", value: .string(Self.shortType(type)))]
            for (index, key) in ["average", "minimum", "maximum", "sum"].enumerated() {
              members.append(.init(key: key, value: shown[index].value))
            }
            members.append(.init(key: "unit", value: unit))
            if unit != statistic[5].json { members.append(.init(key: "raw_unit", value: statistic[5].json)) }
            return .object(members)
          }
          let points = row[9].integer ?? 0
          entries.append([
            "id": row[0].json, "activity": .string(Self.activityName(row[1].text ?? "")),
            "start": localTime(row[2]), "end": localTime(row[3]),
            "duration_min": row[4].number.flatMap { JSONNumber($0 / 60) }.map(JSONValue.number) ?? .null,
            "distance": row[5].json, "distance_unit": row[6].json, "energy_kcal": row[7].json,
            "source": row[8].json,
            "statistics": .array(statistics), "has_route": .bool(points > 0),
            "route_points": .integer(points),
          ])
        }
        let what = activityType.map { Self.activityName($0).lowercased() + " workout" } ?? "workout"
        return try answer(
          [
            "workouts": .array(entries), "count": .integer(entries.count),
            "truncated": .bool(found.count > limit),
          ], isEmpty: entries.isEmpty, what: what, range: range
        ) { () throws(ToolFailure) in
          let span = try rows(
            "SELECT min(start_unix), max(start_unix) FROM workouts WHERE \(activityType == nil ? "1" : "activity_type = ?")",
            activityType.map { [.text($0)] } ?? [], call: call)
          return (span.first?[0] ?? .null, span.first?[1] ?? .null)
        }
      })
  }

  var workoutRoute: AssistantTool {
    let point = JSONSchema.object(
      [
        ("time", JSONSchema.string("Local time, ISO 8601.", nullable: true)),
        ("latitude", JSONSchema.number()), ("longitude", JSONSchema.number()),
        ("elevation_m", JSONSchema.number(nullable: true)), ("speed_mps", JSONSchema.number(nullable: true)),
      ], required: ["time", "latitude", "longitude", "elevation_m", "speed_mps"])
    return AssistantTool(
      name: "workout_route", title: "Workout route",
      description: """
        The GPS route of one workout (its id from workouts): time, latitude, longitude, elevation and speed of \
        each point, thinned evenly to at most 'max_points' (the first and last point always kept).
        """,
      inputSchema: JSONSchema.object(
        [
          ("workout_id", JSONSchema.integer("The workout's id, from workouts.", minimum: 1)),
          (
            "max_points",
            JSONSchema.integer("The most points returned.", minimum: 2, maximum: 10_000, default: 500)
          ),
        ], required: ["workout_id"]),
      outputSchema: JSONSchema.object(
        [
          ("workout_id", JSONSchema.integer()), ("activity", JSONSchema.string()),
          ("start", JSONSchema.string()),
          ("total_points", JSONSchema.integer("Points the route has.")),
          ("points", JSONSchema.array(of: point)),
          ("count", JSONSchema.integer("Points returned.")),
          ("truncated", JSONSchema.boolean("Whether the route was thinned to max_points.")),
        ], required: ["workout_id", "activity", "start", "total_points", "points", "count", "truncated"]),
      run: { arguments, call throws(ToolFailure) in
        let id = try arguments.integer("workout_id", default: 0, in: 1...Int.max)
        let maximum = try arguments.integer("max_points", default: 500, in: 2...10_000)
        guard
          let workout = try rows(
            "SELECT activity_type, start_unix FROM workouts WHERE id = ?", [.integer(Int64(id))], call: call
          ).first
        else {
          throw ToolFailure("There is no workout \(id); the workouts tool lists them with their ids.")
        }
        let all = try rows(
          """
          SELECT time_unix, latitude, longitude, elevation_m, speed_mps FROM route_points
          WHERE workout_id = ? ORDER BY time_unix, rowid
          """, [.integer(Int64(id))], call: call)
        let kept = Self.thinned(all.count, to: maximum).map { all[$0] }
        let points: [JSONValue] = kept.map { point in
          [
            "time": localTime(point[0]), "latitude": point[1].json, "longitude": point[2].json,
            "elevation_m": point[3].json, "speed_mps": point[4].json,
          ]
        }
        return [
          "workout_id": .integer(id), "activity": .string(Self.activityName(workout[0].text ?? "")),
          "start": localTime(workout[1]), "total_points": .integer(all.count), "points": .array(points),
          "count": .integer(points.count), "truncated": .bool(kept.count < all.count),
        ]
      })
  }

  /// The indexes of `count` items kept when thinned evenly to at most `maximum`: every one when
  /// they fit, else the first, the last, and evenly spaced ones between.
  static func thinned(_ count: Int, to maximum: Int) -> [Int] {
    guard count > maximum else { return Array(0..<count) }
    guard maximum > 1 else { return [0] }
    return (0..<maximum).map { ($0 * (count - 1) + (maximum - 1) / 2) / (maximum - 1) }
  }

  /// `Running` for `HKWorkoutActivityTypeRunning`.
  static func activityName(_ type: String) -> String {
    type.hasPrefix(activityPrefix) ? String(type.dropFirst(activityPrefix.count)) : type
  }

  /// `HeartRate` for `HKQuantityTypeIdentifierHeartRate`.
  static func shortType(_ type: String) -> String {
    for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier"] where type.hasPrefix(prefix) {
      return String(type.dropFirst(prefix.count))
    }
    return type
  }

  /// The activity type an `activity` argument names.
  private func activityType(_ activity: String, call: ToolCall) throws(ToolFailure) -> String {
    let known = try rows("SELECT DISTINCT activity_type FROM workouts ORDER BY 1", call: call).compactMap {
      $0[0].text
    }
    let wanted = Self.folded(activity)
    if let found = known.first(where: {
      Self.folded($0) == wanted || Self.folded(Self.activityName($0)) == wanted
    }) {
      return found
    }
    let names = known.map(Self.activityName)
    throw ToolFailure(
      "No workout has the activity \(Quoted(activity))\(Self.suggestion(for: activity, among: names)). The activities are: \(names.isEmpty ? "none" : names.joined(separator: ", "))."
    )
  }
}
