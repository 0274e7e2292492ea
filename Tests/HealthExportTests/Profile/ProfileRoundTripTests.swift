import Foundation
import HealthArchive
import HealthExport
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// The JSON profile as a lossless carrier: archive → profile → CSV gives the archive's CSV,
/// profile → profile gives the same profile, whatever the path through memory or spill files.
@Suite struct ProfileRoundTripTests {
  static let options = ProfileWriter.Options(
    profileName: "round-trip", creationDate: Timestamp(millisecondsSince1970: 1_768_910_400_000.5),
    timeZone: .named(TimeZone(identifier: "America/New_York")!))

  /// Every kind of item: quantities, categories with and without value, correlations of both kinds
  /// with their members repeated at top level (once, as Apple writes them; twice for one
  /// correlation; once for two identical correlations), workouts of both shapes, activity
  /// summaries, characteristics, clinical records with lab results.
  static func richArchive(in folder: TestDirectory) throws -> String {
    var fixture = GoldenArchiveTests.fixture()
    let food = """
       <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Lose It!" startDate="2026-01-10 12:30:00 -0500" endDate="2026-01-10 12:30:00 -0500">
        <MetadataEntry key="HKFoodType" value="Soup &amp; &quot;Bread&quot;"/>
        <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lose It!" unit="kcal" startDate="2026-01-10 12:30:00 -0500" endDate="2026-01-10 12:30:00 -0500" value="412.5"/>
       </Correlation>
       <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lose It!" unit="kcal" startDate="2026-01-10 12:30:00 -0500" endDate="2026-01-10 12:30:00 -0500" value="412.5"/>
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-01-09 23:00:00 -0500" endDate="2026-01-10 06:30:00 -0500" value="HKCategoryValueSleepAnalysisAsleepCore"/>
       <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 08:05:00 -0500"/>
       <Record type="HKCategoryTypeIdentifierHeadache" sourceName="Health" startDate="2026-01-10 08:00:00 -0500" endDate="2026-01-10 09:00:00 -0500" value="HKCategoryValueSeverityMild"/>
       <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Mom&apos;s &#8220;Watch&#8221; \\ 🕛 Здоровье" unit="count/min" startDate="2026-01-10 10:00:00 -0500" endDate="2026-01-10 10:00:00 -0500" value="61.99999999999999"/>
       <Record type="HKQuantityTypeIdentifierBodyTemperature" sourceName="Thermo" unit="degC" startDate="2026-01-11 07:00:00 -0500" endDate="2026-01-11 07:00:00 -0500" value="37.2"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="88.5" durationUnit="min" totalDistance="5.234" totalDistanceUnit="km" totalEnergyBurned="342.5" totalEnergyBurnedUnit="Cal" sourceName="Watch" startDate="2026-01-11 17:00:00 -0500" endDate="2026-01-11 18:28:30 -0500">
        <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-01-11 17:45:00 -0500"/>
       </Workout>
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:30:00 -0500">
        <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-01-12 17:00:00 -0500" duration="10" durationUnit="min"/>
        <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:30:00 -0500" sum="5.1" unit="km"/>
        <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:30:00 -0500" sum="1200" unit="kJ"/>
        <WorkoutRoute sourceName="Watch" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:30:00 -0500"><FileReference path="/workout-routes/route_2026-01-12_5.30pm.gpx"/></WorkoutRoute>
       </Workout>
       <Workout workoutActivityType="HKWorkoutActivityTypeZorbing" sourceName="Fun App" startDate="2026-01-13 10:00:00 -0500" endDate="2026-01-13 10:20:00 -0500"/>
       <ActivitySummary dateComponents="2026-01-12" activeEnergyBurned="410.5" activeEnergyBurnedUnit="kcal"/>

      """
    let duplicates =
      Self.bloodPressure(
        systolic: "130", diastolic: "85", at: "2026-01-16 08:00:00 -0500", correlations: 1, copies: 2)
      + Self.bloodPressure(
        systolic: "125", diastolic: "82", at: "2026-01-17 08:00:00 -0500", correlations: 2, copies: 1)
    let xml = ExportXML.document(
      " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1980-11-03\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexMale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeONegative\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeIII\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n"
        + GoldenCSVTests.seedExample + "\n" + GoldenArchiveTests.clinicalRecords + food + duplicates)
    fixture.files[0] = ("apple_health_export/export.xml", Array(xml.utf8))
    let path = folder.file("export.zip")
    try fixture.writeZip(at: path)
    return path
  }

  /// One blood-pressure reading from Omron in `correlations` identical correlations, then repeated
  /// `copies` times at top level (Apple writes one correlation and one copy).
  static func bloodPressure(
    systolic: String, diastolic: String, at time: String, correlations: Int, copies: Int
  ) -> String {
    let members =
      ExportXML.record("BloodPressureSystolic", value: systolic, unit: "mmHg", source: "Omron", start: time)
      + ExportXML.record(
        "BloodPressureDiastolic", value: diastolic, unit: "mmHg", source: "Omron", start: time)
    let correlation = """
       <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="\(time)" endDate="\(time)">
      \(members) </Correlation>

      """
    return String(repeating: correlation, count: correlations) + String(repeating: members, count: copies)
  }

  static func profile(
    of input: String, into destination: OutputDestination, columnLimit: Int = ProfileWriter.defaultColumnLimit
  ) throws -> ProfileExport.Outcome {
    var export = ProfileExport(options: options)
    export.columnLimit = columnLimit
    return try export.run(
      source: try HealthInput.open(path: input, timeZone: options.timeZone.provisional),
      destination: destination,
      diagnostics: Diagnostics(isStrict: true))
  }

  static func profileText(of input: String) throws -> String {
    var bytes: [UInt8] = []
    _ = try profile(of: input, into: .sink { bytes.append($0) })
    return String(decoding: bytes, as: UTF8.self)
  }

  static func csv(of input: String) throws -> String {
    var bytes: [UInt8] = []
    let registry = MetricRegistry.standard
    let selection = ExportSelection(
      baseMetrics: registry.baseMetrics, vitals: registry.vitals, labs: registry.labs, range: .all,
      timeZone: .named(TimeZone(identifier: "America/New_York")!))
    _ = try CSVExport(selection: selection, now: ExportTest.now).run(
      source: try HealthInput.open(path: input, timeZone: options.timeZone.provisional),
      destination: .sink { bytes.append($0) }, diagnostics: Diagnostics(isStrict: true))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func archiveToProfileToCSVEqualsArchiveToCSV() throws {
    let folder = try TestDirectory()
    let archive = try Self.richArchive(in: folder)
    _ = try Self.profile(of: archive, into: .file(path: folder.file("profile.json"), overwrites: false))
    let direct = try Self.csv(of: archive)
    #expect(try Self.csv(of: folder.file("profile.json")) == direct)
    #expect(direct.split(separator: "\n").count == 4 + 17)
    let omron = direct.split(separator: "\n").filter { $0.hasSuffix(",mmHg,Omron,") }
    #expect(
      omron == [
        "2026-01-16 08:00:00,Blood Pressure Systolic,,130,mmHg,Omron,",
        "2026-01-16 08:00:00,Blood Pressure Systolic,,130,mmHg,Omron,",
        "2026-01-17 08:00:00,Blood Pressure Systolic,,125,mmHg,Omron,",
        "2026-01-16 08:00:00,Blood Pressure Diastolic,,85,mmHg,Omron,",
        "2026-01-16 08:00:00,Blood Pressure Diastolic,,85,mmHg,Omron,",
        "2026-01-17 08:00:00,Blood Pressure Diastolic,,82,mmHg,Omron,",
      ])
  }

  /// A blood-pressure reading held by `correlations` identical correlations and repeated `copies`
  /// times at top level. Every top-level record is a row, and a member counts only when no
  /// identical top-level record exists: the profile must give the same rows.
  struct DuplicateShape: CustomTestStringConvertible, Sendable {
    var correlations: Int
    var copies: Int
    var rowsPerComponent: Int { copies > 0 ? copies : correlations }
    var testDescription: String { "\(correlations) correlations, \(copies) top-level copies" }
  }

  @Test(
    arguments: [(1, 1), (1, 2), (2, 1), (1, 0), (2, 0), (2, 2), (3, 2), (2, 3), (1, 3)].map {
      DuplicateShape(correlations: $0.0, copies: $0.1)
    })
  func givesTheArchivesRowsWhateverTheDuplicates(_ shape: DuplicateShape) throws {
    let folder = try TestDirectory()
    let time = "2026-01-16 08:00:00 -0500"
    // Another reading at the same time, which no duplicate touches: rows keep their order.
    let other = ExportXML.record(
      "BloodPressureSystolic", value: "118", unit: "mmHg", source: "Omron", start: time)
    let body =
      Self.bloodPressure(
        systolic: "130", diastolic: "85", at: time, correlations: shape.correlations, copies: shape.copies)
      + other
    let archive = try folder.write(ExportXML.document(body), to: "export.xml")
    let direct = try Self.csv(of: archive)
    let rows = direct.split(separator: "\n").dropFirst(4)
    #expect(rows.filter { $0.contains("Systolic,,130,") }.count == shape.rowsPerComponent)
    #expect(rows.filter { $0.contains("Diastolic,,85,") }.count == shape.rowsPerComponent)
    #expect(rows.filter { $0.contains("Systolic,,118,") }.count == 1)
    let first = try Self.profileText(of: archive)
    let profile = try folder.write(first, to: "profile.json")
    #expect(try Self.csv(of: profile) == direct)
    let second = try Self.profileText(of: profile)
    #expect(second == first, "\(Golden.difference(expected: first, actual: second))")
  }

  @Test func profileToProfileGivesTheSameProfile() throws {
    let folder = try TestDirectory()
    let archive = try Self.richArchive(in: folder)
    let first = try Self.profileText(of: archive)
    try folder.write(first, to: "first.json")
    let second = try Self.profileText(of: folder.file("first.json"))
    #expect(second == first, "\(Golden.difference(expected: first, actual: second))")
    let expected = try Golden.expected("rich-profile.json", actual: first, testFile: #filePath)
    #expect(first == expected, "\(Golden.difference(expected: expected, actual: first))")
  }

  @Test func spillsLargeTypesToTemporaryFilesAndLeavesNoneBehind() throws {
    let folder = try TestDirectory()
    var body = ""
    for minute in 0..<600 {
      body += ExportXML.record(
        "StepCount", value: String(minute), unit: "count", source: "Phone",
        start:
          "2026-01-09 \(minute / 60 < 10 ? "0" : "")\(minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60):00 -0500"
      )
      body += ExportXML.record(
        "HeartRate", value: "60", unit: "count/min", start: "2026-01-09 10:00:00 -0500")
    }
    let input = try folder.write(ExportXML.document(body), to: "export.xml")
    try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
    let summary = try Self.profile(
      of: input, into: .file(path: folder.file("out/spilled.json"), overwrites: false), columnLimit: 2_000)
    #expect(summary.written.samples == 1_200)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")) == ["spilled.json"])
    #expect(try folder.read("out/spilled.json") == Self.profileText(of: input))
  }

  /// Columns spill beside a file the profile is written to, never into `/dev` for `/dev/null`, nor
  /// beside a named pipe; a stream keeps them in memory.
  @Test func spillsOnlyBesideAFile() throws {
    let folder = try TestDirectory()
    let pipe = folder.file("pipe.json")
    try SystemCall.makeFIFO(pipe)
    let file = folder.file("out.json")
    #expect(ProfileExport.spillFolder(for: .file(path: file, overwrites: false)) == folder.path)
    #expect(ProfileExport.spillFolder(for: .file(path: "/dev/null", overwrites: true)) == nil)
    #expect(ProfileExport.spillFolder(for: .file(path: pipe, overwrites: true)) == nil)
    #expect(ProfileExport.spillFolder(for: .sink { _ in }) == nil)
  }

  @Test func writesCorrelationMembersOnlyInsideThemWhereTheCopiesAreApples() throws {
    let folder = try TestDirectory()
    let profile = try Self.profileText(of: try Self.richArchive(in: folder))
    let lines = profile.split(separator: "\n")
    // One top-level copy per member, as Apple writes them: left out.
    #expect(!lines.contains { $0.hasPrefix(#"{"unit":"mmHg","sdate":1768505520000,"#) })
    #expect(!profile.contains("\n\"HKQuantityTypeIdentifierDietaryEnergyConsumed\""))
    #expect(
      profile.contains(
        #"{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","unit":"mmHg","sdate":1768505520000"#))
    #expect(profile.contains(#""HKCorrelationTypeIdentifierFood":["#))
    // Two copies for one correlation, one copy for two correlations: every copy is kept.
    #expect(lines.filter { $0.hasPrefix(#"{"unit":"mmHg","sdate":1768568400000,"value":130,"#) }.count == 2)
    #expect(lines.filter { $0.hasPrefix(#"{"unit":"mmHg","sdate":1768654800000,"value":125,"#) }.count == 1)
  }

  @Test func keepsExactNumbersAndEscapedStrings() throws {
    let folder = try TestDirectory()
    let profile = try Self.profileText(of: try Self.richArchive(in: folder))
    #expect(profile.contains(#""value":61.99999999999999"#))
    #expect(profile.contains(#""sourceName":"Mom's “Watch” \\ 🕛 Здоровье""#))
    #expect(profile.contains(#""creationDate":1768910400000.5"#))
    #expect(profile.contains(#"["HKFoodType","Soup & \"Bread\""]"#))
  }

  @Test func givesStableUUIDsAndKeepsThoseGiven() throws {
    let folder = try TestDirectory()
    let archive = try Self.richArchive(in: folder)
    var options = Self.options
    options.addsUUIDs = true
    func run(_ input: String) throws -> String {
      var bytes: [UInt8] = []
      _ = try ProfileExport(options: options).run(
        source: try HealthInput.open(path: input, timeZone: options.timeZone.provisional),
        destination: .sink { bytes.append($0) }, diagnostics: Diagnostics())
      return String(decoding: bytes, as: UTF8.self)
    }
    let first = try run(archive)
    #expect(try run(archive) == first)
    let uuids = first.split(separator: "\"uuid\":\"").dropFirst().map { $0.prefix(36) }
    #expect(uuids.count == 30)
    #expect(Set(uuids).count == uuids.count)
    #expect(
      uuids.allSatisfy {
        $0.count == 36 && $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12]
          && $0.dropFirst(14).first == "8"
      })
    try folder.write(first, to: "with-uuids.json")
    #expect(try run(folder.file("with-uuids.json")) == first)
  }
}
