import HealthArchive
import Testing

@testable import HealthAssistant

@Suite struct HealthToolsTests {
  private func compact(_ value: JSONValue?) -> String {
    value.map { String(decoding: JSONWriter.bytes(of: $0), as: UTF8.self) } ?? "nil"
  }

  @Test func listTypesGivesEveryTypeWithItsNamesUnitCountAndSpan() throws {
    let fixture = try ToolFixture()
    let result = try fixture.success("list_types")
    #expect(result["count"] == 5)
    #expect(
      compact(result["types"]?[0])
        == #"{"type":"HKQuantityTypeIdentifierHeartRate","short_name":"HeartRate","csv_name":"Heart Rate","kind":"quantity","aggregation":"discrete","unit":"bpm","raw_unit":"count/min","records":3,"first":"2026-01-09T08:00:00-05:00","last":"2026-01-10T00:30:00-05:00"}"#
    )
    #expect(
      result["types"]?.arrayValue?.map { $0["short_name"]?.stringValue ?? "" } == [
        "HeartRate", "StepCount", "SleepAnalysis", "Running", "Yoga",
      ])
    #expect(compact(result["types"]?[3]?["unit"]) == "null")
  }

  @Test func listTypesTakesNoArguments() throws {
    let fixture = try ToolFixture()
    #expect(
      try fixture.failure("list_types", ["all": true])
        == "list_types has no argument 'all'; it takes no arguments.")
  }

  // MARK: - summary

  @Test func summaryGivesTheDaysOfAMetricByAnyOfItsNames() throws {
    let fixture = try ToolFixture()
    for name in ["Steps", "steps", "StepCount", "HKQuantityTypeIdentifierStepCount"] {
      let result = try fixture.success("summary", ["metric": .string(name)])
      #expect(
        compact(result)
          == #"{"metric":"Steps","type":"HKQuantityTypeIdentifierStepCount","period":"day","rows":[{"period":"2026-01-09","metric":"Steps","value":1300,"unit":"steps","minimum":null,"maximum":null,"count":2,"sources":"Watch; iPhone"}],"count":1,"total_periods":1,"truncated":false}"#
      )
    }
  }

  @Test func summaryKeepsTheMostRecentPeriodsWithinItsLimitAndRange() throws {
    let fixture = try ToolFixture()
    let limited = try fixture.success("summary", ["metric": "Heart Rate", "limit": 1])
    #expect(limited["rows"]?.arrayValue?.map { $0["period"] } == ["2026-01-10"])
    #expect(limited["truncated"] == true)
    #expect(limited["total_periods"] == 2)
    let ranged = try fixture.success(
      "summary", ["metric": "Heart Rate", "from": "2026-01-09", "to": "2026-01-09"])
    #expect(ranged["rows"]?.arrayValue?.map { $0["period"] } == ["2026-01-09"])
    #expect(ranged["truncated"] == false)
  }

  @Test func summaryOfASleepTypeGivesItsSeriesAndAMetricNameGivesOne() throws {
    let fixture = try ToolFixture()
    let byType = try fixture.success("summary", ["metric": "SleepAnalysis"])
    #expect(byType["metric"] == "SleepAnalysis")
    // One night, 23:00 to 06:00, named by the morning it ends on: its stage and its sleep in all.
    #expect(byType["rows"]?.arrayValue?.map { $0["period"] } == ["2026-01-10", "2026-01-10"])
    #expect(byType["rows"]?.arrayValue?.map { $0["metric"] } == ["Sleep Asleep Total", "Sleep AsleepCore"])
    #expect(byType["rows"]?.arrayValue?.map { $0["value"] } == [420, 420])
    let byMetric = try fixture.success("summary", ["metric": "sleep asleepcore", "from": "2026-01-10"])
    #expect(byMetric["metric"] == "Sleep AsleepCore")
    #expect(byMetric["rows"]?.arrayValue?.map { $0["value"] } == [420])
  }

  @Test func summaryByYearFoldsTheMonths() throws {
    let fixture = try ToolFixture()
    #expect(
      compact(try fixture.success("summary", ["metric": "Steps", "period": "year"])["rows"])
        == #"[{"period":"2026-01-01","metric":"Steps","value":1300,"unit":"steps","minimum":null,"maximum":null,"count":2,"sources":"Watch; iPhone"}]"#
    )
    #expect(
      compact(try fixture.success("summary", ["metric": "Heart Rate", "period": "year"])["rows"])
        == #"[{"period":"2026-01-01","metric":"Heart Rate","value":70,"unit":"bpm","minimum":60,"maximum":80,"count":3,"sources":"Watch"}]"#
    )
    let month = try fixture.success(
      "summary", ["metric": "Heart Rate", "period": "month", "to": "2026-01-31"])
    #expect(month["rows"]?.arrayValue?.map { $0["value"] } == [70])
  }

  static let badSummaryArguments: [(JSONValue, String)] = [
    (
      ["metric": "Stepz"],
      "No type is named 'Stepz' (did you mean Steps?). Call list_types for every type with its names."
    ),
    (["metric": "Yoga"], "No type is named 'Yoga'. Call list_types for every type with its names."),
    // A name far longer than any type's gets no suggestion (the search is bounded by the names
    // known) and is quoted by its start.
    (
      ["metric": .string("Steps" + String(repeating: "x", count: 300_000))],
      "No type is named 'Stepsxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (300,005 characters). Call list_types for every type with its names."
    ),
    (
      ["metric": "Steps", "period": .string(String(repeating: "y", count: 100))],
      "The argument 'period' is 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…' (100 characters); it is one of 'day', 'week', 'month', 'year'."
    ),
    (
      ["metric": "Steps", "period": "hour"],
      "The argument 'period' is 'hour'; it is one of 'day', 'week', 'month', 'year'."
    ),
    (
      ["metric": "Steps", "from": "2026-1-9"],
      "The argument 'from' is '2026-1-9'; a day is written yyyy-MM-dd, such as 2026-01-09."
    ),
    (
      ["metric": "Steps", "from": "2026-02-30"],
      "The argument 'from' is '2026-02-30'; a day is written yyyy-MM-dd, such as 2026-01-09."
    ),
    (
      ["metric": "Steps", "from": "2026-01-10", "to": "2026-01-09"],
      "'from' (2026-01-10) is after 'to' (2026-01-09); the range would hold no day."
    ),
    (["metric": "Steps", "limit": 0], "The argument 'limit' is 0; it must be from 1 to 10000."),
    (["metric": ""], "The argument 'metric' is empty; give a value or leave it out."),
    ([:], "summary needs the argument 'metric'."),
  ]

  @Test(arguments: badSummaryArguments)
  func summaryRefusesBadArguments(arguments: JSONValue, message: String) throws {
    #expect(try ToolFixture().failure("summary", arguments) == message)
  }

  // MARK: - records

  @Test func recordsAreTheRawSamplesNewestFirstOnLocalClocks() throws {
    let fixture = try ToolFixture()
    #expect(
      compact(try fixture.success("records", ["metric": "Heart Rate"]))
        == #"{"metric":"Heart Rate","type":"HKQuantityTypeIdentifierHeartRate","records":[{"start":"2026-01-10T00:30:00-05:00","end":"2026-01-10T00:30:00-05:00","value":70,"unit":"bpm","raw_unit":"count/min","source":"Watch"},{"start":"2026-01-09T20:00:00-05:00","end":"2026-01-09T20:00:00-05:00","value":80,"unit":"bpm","raw_unit":"count/min","source":"Watch"},{"start":"2026-01-09T08:00:00-05:00","end":"2026-01-09T08:00:00-05:00","value":60,"unit":"bpm","raw_unit":"count/min","source":"Watch"}],"count":3,"truncated":false}"#
    )
  }

  @Test func recordsTakeLocalDaysAnOrderAndALimit() throws {
    let fixture = try ToolFixture()
    let day = try fixture.success(
      "records", ["metric": "HeartRate", "from": "2026-01-09", "to": "2026-01-09", "order": "asc"])
    #expect(day["records"]?.arrayValue?.map { $0["value"] } == [60, 80])
    let next = try fixture.success("records", ["metric": "HeartRate", "from": "2026-01-10"])
    #expect(next["records"]?.arrayValue?.map { $0["value"] } == [70])
    let limited = try fixture.success("records", ["metric": "HeartRate", "limit": 2, "order": "asc"])
    #expect(limited["records"]?.arrayValue?.map { $0["value"] } == [60, 80])
    #expect(limited["truncated"] == true)
    #expect(limited["count"] == 2)
    let sleep = try fixture.success("records", ["metric": "SleepAnalysis"])
    #expect(sleep["records"]?[0]?["value"] == "HKCategoryValueSleepAnalysisAsleepCore")
    #expect(sleep["records"]?[0]?["unit"] == .null)
  }

  static let badRecordsArguments: [(JSONValue, String)] = [
    (
      ["metric": "Heart Rate", "limit": 10_001], "The argument 'limit' is 10001; it must be from 1 to 10000."
    ),
    (
      ["metric": "Heart Rate", "order": "newest"],
      "The argument 'order' is 'newest'; it is one of 'desc', 'asc'."
    ),
    (["metric": "Running"], "No type is named 'Running'. Call list_types for every type with its names."),
    (["metric": 3], "The argument 'metric' is a string, not the number 3."),
  ]

  @Test(arguments: badRecordsArguments)
  func recordsRefuseBadArguments(arguments: JSONValue, message: String) throws {
    #expect(try ToolFixture().failure("records", arguments) == message)
  }

  // MARK: - workouts

  @Test func workoutsHaveTheirStatisticsAndSayWhetherARouteExists() throws {
    let fixture = try ToolFixture()
    let result = try fixture.success("workouts")
    #expect(result["count"] == 2)
    #expect(result["workouts"]?.arrayValue?.map { $0["activity"] } == ["Yoga", "Running"])
    #expect(
      compact(result["workouts"]?[1])
        == #"{"id":1,"activity":"Running","start":"2026-01-09T07:00:00-05:00","end":"2026-01-09T07:30:00-05:00","duration_min":30,"distance":5.2,"distance_unit":"km","energy_kcal":null,"source":"Watch","statistics":[{"type":"DistanceWalkingRunning","average":null,"minimum":null,"maximum":null,"sum":5.2,"unit":"km"},{"type":"HeartRate","average":150,"minimum":120,"maximum":171,"sum":null,"unit":"bpm","raw_unit":"count/min"}],"has_route":true,"route_points":10}"#
    )
    #expect(result["workouts"]?[0]?["has_route"] == false)
  }

  @Test func workoutsFilterByActivityAndDay() throws {
    let fixture = try ToolFixture()
    for activity in ["Running", "running", "HKWorkoutActivityTypeRunning"] {
      #expect(
        try fixture.success("workouts", ["activity": .string(activity)])["workouts"]?.arrayValue?.count == 1)
    }
    #expect(try fixture.success("workouts", ["from": "2026-01-10"])["workouts"]?[0]?["activity"] == "Yoga")
    let limited = try fixture.success("workouts", ["limit": 1])
    #expect(limited["truncated"] == true)
    #expect(
      try fixture.failure("workouts", ["activity": "Runing"])
        == "No workout has the activity 'Runing' (did you mean Running?). The activities are: Running, Yoga.")
  }

  @Test func aRouteIsThinnedEvenlyKeepingItsEnds() throws {
    let fixture = try ToolFixture()
    let whole = try fixture.success("workout_route", ["workout_id": 1])
    #expect(whole["total_points"] == 10)
    #expect(whole["count"] == 10)
    #expect(whole["truncated"] == false)
    #expect(
      compact(whole["points"]?[0])
        == #"{"time":"2026-01-09T07:00:00-05:00","latitude":40,"longitude":-74,"elevation_m":10,"speed_mps":2.5}"#
    )
    let thin = try fixture.success("workout_route", ["workout_id": 1, "max_points": 4])
    #expect(thin["points"]?.arrayValue?.map { $0["elevation_m"] } == [10, 13, 16, 19])
    #expect(thin["truncated"] == true)
    #expect(HealthTools.thinned(5, to: 3) == [0, 2, 4])
    #expect(HealthTools.thinned(3, to: 5) == [0, 1, 2])
    let none = try fixture.success("workout_route", ["workout_id": 2])
    #expect(none["total_points"] == 0)
    #expect(none["points"] == [])
  }

  @Test func aRouteNeedsAWorkoutThatExists() throws {
    let fixture = try ToolFixture()
    #expect(
      try fixture.failure("workout_route", ["workout_id": 99])
        == "There is no workout 99; the workouts tool lists them with their ids.")
    #expect(try fixture.failure("workout_route") == "workout_route needs the argument 'workout_id'.")
    #expect(
      try fixture.failure("workout_route", ["workout_id": 1, "max_points": 1])
        == "The argument 'max_points' is 1; it must be from 2 to 10000.")
  }

  // MARK: - labs

  @Test func labsFilterByLOINCNameAndDay() throws {
    let fixture = try ToolFixture()
    let all = try fixture.success("labs")
    #expect(all["results"]?.arrayValue?.map { $0["value"] } == [5.7, 203, 5.4])
    #expect(
      compact(all["results"]?[0])
        == #"{"loinc":"4548-4","name":"Hemoglobin A1C","value":5.7,"unit":"%","date":"2026-01-05T08:00:00-05:00","source":"Harbor Lab"}"#
    )
    #expect(try fixture.success("labs", ["loinc": "4548-4"])["count"] == 2)
    #expect(try fixture.success("labs", ["name": "CHOLESTEROL"])["results"]?[0]?["value"] == 203)
    let recent = try fixture.success("labs", ["from": "2026-01-01", "to": "2026-01-05"])
    #expect(recent["results"]?.arrayValue?.map { $0["value"] } == [5.7, 203])
    let limited = try fixture.success("labs", ["limit": 1])
    #expect(limited["truncated"] == true)
    #expect(
      try fixture.failure("labs", ["loinc": 4548]) == "The argument 'loinc' is a string, not the number 4548."
    )
  }

  // MARK: - profile

  @Test func profileGivesTheCharacteristicsAndTheSpan() throws {
    let fixture = try ToolFixture()
    let result = try fixture.success("profile")
    #expect(result["date_of_birth"] == "1990-05-01")
    #expect(result["biological_sex"] == "Female")
    #expect(result["blood_type"] == "APositive")
    #expect(result["fitzpatrick_skin_type"] == "NotSet")
    #expect(result["first_record"] == "2026-01-09T08:00:00-05:00")
    #expect(result["last_record"] == "2026-01-10T00:30:00-05:00")
    #expect(
      compact(result["counts"])
        == #"{"records":6,"types":3,"workouts":2,"sources":2,"clinical_records":1,"lab_results":3,"ecgs":0}"#)
    #expect(result["export"]?["input_name"] == "export.xml")
    #expect(result["time_zone"] == "America/New_York")
  }

  // MARK: - resources

  @Test func theResourcesAreTheSchemaAndTheProfile() throws {
    let fixture = try ToolFixture()
    let schema = try #require(
      fixture.session.handle(
        ["jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": ["uri": "health://schema"]]))
    let text = try #require(schema["result"]?["contents"]?[0]?["text"]?.stringValue)
    #expect(text.hasPrefix("# The health database\n"))
    #expect(text.contains("### records\n\n```sql\nCREATE TABLE records ("))
    #expect(text.contains("CREATE INDEX records_type_start ON records (type, start_unix);"))
    #expect(schema["result"]?["contents"]?[0]?["mimeType"] == "text/markdown")
    let profile = try #require(
      fixture.session.handle(
        ["jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": ["uri": "health://profile"]]))
    let json = try #require(profile["result"]?["contents"]?[0]?["text"]?.stringValue)
    #expect(try JSONValue(parsing: Array(json.utf8)) == (try fixture.success("profile")))
  }

  @Test func everyToolHasSchemasThatDescribeObjectsWithoutOtherMembers() throws {
    let fixture = try ToolFixture()
    #expect(
      fixture.session.tools.map(\.name) == [
        "list_types", "summary", "compare", "baseline", "records", "workouts", "workout_route", "labs", "ecg",
        "profile", "query",
      ])
    for tool in fixture.session.tools {
      #expect(tool.inputSchema["type"] == "object")
      #expect(tool.inputSchema["additionalProperties"] == false)
      #expect(tool.outputSchema["type"] == "object")
      #expect(!tool.description.isEmpty)
    }
  }

  /// An answer that finds nothing says where the data is: the days asked for, and the first and
  /// last day the metric has, in the server's zone; an answer that finds something says nothing
  /// of it.
  @Test func anEmptyAnswerSaysWhereTheDataIs() throws {
    let fixture = try ToolFixture()
    let summary = try fixture.success(
      "summary", ["metric": "Steps", "from": "2026-12-01", "to": "2026-12-06"])
    #expect(summary["rows"] == [])
    #expect(
      summary["note"]
        == "No Steps from 2026-12-01 through 2026-12-06 (days in America/New_York). The data runs from 2026-01-09 to 2026-01-09: ask for days between them."
    )
    #expect(summary["data_from"] == "2026-01-09")
    #expect(summary["data_to"] == "2026-01-09")
    let records = try fixture.success(
      "records", ["metric": "Heart Rate", "from": "2026-12-01", "to": "2026-12-06"])
    #expect(records["data_from"] == "2026-01-09")
    #expect(records["data_to"] == "2026-01-10")
    let workouts = try fixture.success(
      "workouts", ["activity": "yoga", "from": "2026-12-01", "to": "2026-12-06"])
    #expect(
      workouts["note"]
        == "No yoga workout from 2026-12-01 through 2026-12-06 (days in America/New_York). The data runs from 2026-01-11 to 2026-01-11: ask for days between them."
    )
    let labs = try fixture.success("labs", ["from": "2026-12-01", "to": "2026-12-06"])
    #expect(labs["results"] == [])
    #expect(labs["data_from"] != nil)
    let found = try fixture.success("summary", ["metric": "Steps"])
    #expect(found["note"] == nil)
    #expect(found["data_from"] == nil)
  }
}
