import Foundation
import HealthArchive
import HealthDatabase
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthAssistant

/// A small health database with known contents, served by a session in America/New_York.
final class ToolFixture {
  static let timeZone = TimeZone(identifier: "America/New_York")!

  static let xml = ExportXML.document(
    """
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-05-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
    \(ExportXML.record("HeartRate", value: "60", unit: "count/min", source: "Watch", start: "2026-01-09 08:00:00 -0500"))\
    \(ExportXML.record("HeartRate", value: "80", unit: "count/min", source: "Watch", start: "2026-01-09 20:00:00 -0500"))\
    \(ExportXML.record("HeartRate", value: "70", unit: "count/min", source: "Watch", start: "2026-01-10 00:30:00 -0500"))\
    \(ExportXML.record("StepCount", value: "1000", unit: "count", source: "Watch", start: "2026-01-09 10:00:00 -0500", end: "2026-01-09 10:30:00 -0500"))\
    \(ExportXML.record("StepCount", value: "1200", unit: "count", source: "iPhone", start: "2026-01-09 10:00:00 -0500", end: "2026-01-09 10:40:00 -0500"))\
    \(ExportXML.record("HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore", source: "Watch", start: "2026-01-09 23:00:00 -0500", end: "2026-01-10 06:00:00 -0500"))\
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-01-09 07:00:00 -0500" endDate="2026-01-09 07:30:00 -0500">
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-09 07:00:00 -0500" endDate="2026-01-09 07:30:00 -0500" sum="5.2" unit="km"/>
      <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-01-09 07:00:00 -0500" endDate="2026-01-09 07:30:00 -0500" average="150" minimum="120" maximum="171" unit="count/min"/>
     </Workout>
     <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="60" durationUnit="min" sourceName="Watch" startDate="2026-01-11 18:00:00 -0500" endDate="2026-01-11 19:00:00 -0500"/>
    """)

  let folder: TestDirectory
  let path: String
  let database: AssistantDatabase
  let session: AssistantSession
  private(set) var sent: [JSONValue] = []

  /// - Parameters:
  ///   - timeLimit: the time budget of a query.
  ///   - extraSQL: statements run on the database once it is written (more summary rows).
  ///   - xml: the export the database is made of.
  ///   - units: the units of its summaries.
  /// - Throws: the database's and the folder's errors.
  init(
    timeLimit: Duration = .seconds(10), extraSQL: String = "", xml: String = ToolFixture.xml,
    units: UnitPreferences = .unitedStates
  ) throws {
    folder = try TestDirectory()
    path = folder.file("health.sqlite")
    try Self.write(to: path, folder: folder.path, xml: xml, units: units)
    if !extraSQL.isEmpty {
      let connection = try SQLiteConnection(path: path, mode: .readWrite)
      try connection.execute(extraSQL)
      try connection.close()
    }
    database = try AssistantDatabase.open(
      AssistantDatabase.Options(
        input: path, timeZone: .named(Self.timeZone), usesCache: true, environment: ["HOME": folder.path],
        now: Timestamp(secondsSince1970: 1_768_910_400), toolVersion: "test", queryTimeLimit: timeLimit),
      log: { _ in })
    let tools = HealthTools(database: database)
    var sink: (JSONValue) -> Void = { _ in }
    session = AssistantSession(
      info: AssistantServerInfo(version: "test"), tools: tools.tools, resources: tools.resources,
      output: MessageOutput(
        sink: ByteSink { bytes in sink(try JSONValue(parsing: [UInt8](bytes).dropLast())) }), log: { _ in })
    sink = { [unowned self] in sent.append($0) }
  }

  /// Writes the fixture's database: the items of `xml` (its summaries made from them), a route of ten points for
  /// the run, and three lab results.
  static func write(
    to path: String, folder: String, xml: String = ToolFixture.xml, units: UnitPreferences = .unitedStates
  ) throws {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: "export.xml"), diagnostics: Diagnostics(isStrict: true))
    var items: [HealthItem] = []
    try reader.read { item, _ in items.append(item) }
    let writer = try DatabaseWriter(
      path: path, temporaryFolder: folder,
      configuration: DatabaseWriter.Configuration(
        toolVersion: "test", inputName: "export.xml", inputShape: "XML file", timeZone: .named(timeZone),
        created: Timestamp(secondsSince1970: 1_768_910_400), summaryUnits: units))
    for item in items { try writer.add(item) }
    _ = try writer.finish(header: reader.header)
    let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
    var points: [String] = []
    for index in 0..<10 {
      points.append(
        "(1, 1, NULL, NULL, \(1_767_960_000 + index * 60), \(40.0 + Double(index) / 100), -74.0, \(10 + index), 2.5, NULL, NULL, NULL)"
      )
    }
    try connection.execute(
      """
      INSERT INTO workout_routes (id, workout_id, source_name, file, points) VALUES (1, 1, 'Watch', '/workout-routes/run.gpx', 10);
      INSERT INTO route_points VALUES \(points.joined(separator: ", "));
      INSERT INTO clinical_records (id, type, identifier, source_name, resource_type)
        VALUES (1, 'HKClinicalTypeIdentifierLabResultRecord', 'a', 'Lab', 'Observation');
      INSERT INTO lab_results (clinical_record_id, loinc, name, value, unit, effective_date, effective_unix, source_name) VALUES
        (1, '4548-4', 'Hemoglobin A1C', 5.4, '%', '2025-06-01T08:00:00-04:00', 1748779200, 'Harbor Lab'),
        (1, '4548-4', 'Hemoglobin A1C', 5.7, '%', '2026-01-05T08:00:00-05:00', 1767618000, 'Harbor Lab'),
        (1, '2093-3', 'Total Cholesterol', 203, 'mg/dL', '2026-01-05', NULL, 'Riverside Health');
      """)
    try connection.close()
  }

  /// Calls a tool through the session.
  /// - Returns: the result's structured content (nil for an error), its text, and `isError`.
  func call(_ name: String, _ arguments: JSONValue = [:], progressToken: JSONValue? = nil) throws
    -> (structured: JSONValue?, text: String, isError: Bool)
  {
    var params: JSONValue = ["name": .string(name), "arguments": arguments]
    if let progressToken, case .object(var members) = params {
      members.append(JSONValue.Member(key: "_meta", value: ["progressToken": progressToken]))
      params = .object(members)
    }
    let answer = try #require(
      session.handle(["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params]))
    let result = try #require(answer["result"], "\(answer)")
    let text = try #require(result["content"]?[0]?["text"]?.stringValue)
    let isError = result["isError"] == true
    if let structured = result["structuredContent"] {
      #expect(try JSONValue(parsing: Array(text.utf8)) == structured, "the text is the structured content")
      let tool = try #require(session.tools.first { $0.name == name })
      #expect(
        SchemaCheck.problems(structured, against: tool.outputSchema) == [],
        "\(name) matches its output schema")
    }
    return (result["structuredContent"], text, isError)
  }

  /// The message of a call that fails.
  func failure(_ name: String, _ arguments: JSONValue = [:]) throws -> String {
    let result = try call(name, arguments)
    #expect(result.isError)
    #expect(result.structured == nil)
    return result.text
  }

  /// The structured content of a call that succeeds.
  func success(_ name: String, _ arguments: JSONValue = [:]) throws -> JSONValue {
    let result = try call(name, arguments)
    #expect(!result.isError, "\(result.text)")
    return try #require(result.structured)
  }

  func clearSent() { sent = [] }
}
