import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// export.xml written from items, as the Health app writes it, and read back item for item.
@Suite struct ExportXMLWriterTests {
  /// 2026-01-09 10:30:00 -0500.
  static let morning = Timestamp(secondsSince1970: 1_767_972_600)
  static let device = "<<HKDevice: 0x6000>, name:Apple Watch, model:Watch>"

  static func at(_ seconds: Int64) -> Timestamp { Timestamp(secondsSince1970: 1_767_972_600 + seconds) }

  /// The text `items` are written as, without the header (the lines after `]>`).
  static func body(_ items: [HealthItem], dates: ExportXMLWriter.DateOffsets = .fixed(-18_000)) -> String {
    var writer = ExportXMLWriter(dates: dates)
    writer.writeHeader(locale: "en_US")
    for item in items { writer.write(item) }
    writer.writeFooter()
    let text = String(decoding: writer.out.bytes, as: UTF8.self)
    return String(text[text.range(of: "]>\n")!.upperBound...])
  }

  /// The items of every kind export.xml holds, with the details Apple's files show.
  static let items: [HealthItem] = [
    .exportDate(at(86_400)),
    .characteristics([
      MetadataEntry(key: "HKCharacteristicTypeIdentifierDateOfBirth", value: "1980-11-03"),
      MetadataEntry(key: "HKCharacteristicTypeIdentifierBiologicalSex", value: "HKBiologicalSexFemale"),
    ]),
    .sample(
      Sample(
        type: "HKQuantityTypeIdentifierBloodGlucose",
        value: .quantity(5.5, unit: "mmol<180.1558800000541>/L"),
        sourceName: "Mom’s “Meter” & <Co>", sourceVersion: "24.1", device: device, creationDate: at(60),
        startDate: morning, endDate: at(300),
        metadata: [MetadataEntry(key: "HKBloodGlucoseMealTime", value: "2")])),
    .sample(
      Sample(
        type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN",
        value: .quantity(48.74499999999999, unit: "ms"),
        sourceName: "Watch", startDate: morning, endDate: at(60),
        beats: [
          InstantaneousBeat(beatsPerMinute: 62, time: "10:30:01.25 AM"),
          InstantaneousBeat(beatsPerMinute: 64, time: "10:30:02.19 AM"),
        ])),
    .sample(
      Sample(
        type: "HKCategoryTypeIdentifierSleepAnalysis",
        value: .category("HKCategoryValueSleepAnalysisAsleepCore"),
        sourceName: "Watch", startDate: morning, endDate: at(3_600))),
    .sample(
      Sample(
        type: "HKCategoryTypeIdentifierMindfulSession", value: .none, sourceName: "Breathe",
        startDate: morning, endDate: at(300))),
    .correlation(
      Correlation(
        type: "HKCorrelationTypeIdentifierBloodPressure", sourceName: "Omron", startDate: morning,
        endDate: morning,
        metadata: [MetadataEntry(key: "HKWasUserEntered", value: "1")],
        objects: [
          Sample(
            type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: .quantity(120, unit: "mmHg"),
            sourceName: "Omron", startDate: morning, endDate: morning)
        ])),
    .sample(
      Sample(
        type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: .quantity(120, unit: "mmHg"),
        sourceName: "Omron", startDate: morning, endDate: morning)),
    .workout(
      Workout(
        activityType: "HKWorkoutActivityTypeRunning", duration: Quantity(value: 30.5, unit: "min"),
        totalDistance: Quantity(value: 5.234, unit: "km"), sourceName: "Watch", sourceVersion: "11.2",
        startDate: morning, endDate: at(1_830),
        metadata: [MetadataEntry(key: "HKIndoorWorkout", value: "0")],
        events: [
          WorkoutEvent(
            type: "HKWorkoutEventTypeLap", date: at(600), duration: Quantity(value: 10, unit: "min"),
            metadata: [MetadataEntry(key: "HKSWOLFScore", value: "35")])
        ],
        statistics: [
          WorkoutStatistics(
            type: "HKQuantityTypeIdentifierHeartRate", startDate: morning, endDate: at(1_830),
            average: 151.25,
            minimum: 98, maximum: 178, unit: "count/min")
        ],
        routes: [
          WorkoutRoute(
            sourceName: "Watch", sourceVersion: "11.2", device: device, creationDate: at(1_900),
            startDate: morning,
            endDate: at(1_830), metadata: [MetadataEntry(key: "HKMetadataKeySyncVersion", value: "2")],
            filePaths: ["/workout-routes/route_2026-01-09_11.00am.gpx"])
        ],
        activities: [
          WorkoutActivity(
            uuid: "6E4E2D3A-1B2C-4D5E-8F90-A1B2C3D4E5F6", startDate: morning, endDate: at(900),
            duration: Quantity(value: 15, unit: "min"),
            metadata: [MetadataEntry(key: "WOIntervalStepKeyPath", value: "0.0.0")],
            statistics: [
              WorkoutStatistics(
                type: "HKQuantityTypeIdentifierDistanceWalkingRunning", startDate: morning, endDate: at(900),
                sum: 2.5, unit: "km")
            ])
        ])),
    .activitySummary(
      ActivitySummary(
        dateComponents: "2026-01-09",
        values: [
          MetadataEntry(key: "activeEnergyBurned", value: "410.5"),
          MetadataEntry(key: "activeEnergyBurnedUnit", value: "kcal"),
        ])),
    .clinicalRecord(
      ClinicalRecord(
        type: "Observation", identifier: "12", sourceName: "Sample Location A",
        sourceURL: "https://localhost:9090/resource/Observation/12", fhirVersion: "1.0.2",
        receivedDate: at(3_600),
        resourceFilePath: "/clinical-records/Observation-43A6C911.json")),
  ]

  @Test func writesEveryKindOfItemAsTheHealthAppDoes() {
    let expected = """
      <HealthData locale="en_US">
       <ExportDate value="2026-01-10 10:30:00 -0500"/>
       <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-11-03" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
       <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Mom’s “Meter” &amp; &lt;Co&gt;" sourceVersion="24.1" device="&lt;&lt;HKDevice: 0x6000&gt;, name:Apple Watch, model:Watch&gt;" unit="mmol&lt;180.1558800000541&gt;/L" creationDate="2026-01-09 10:31:00 -0500" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:35:00 -0500" value="5.5">
        <MetadataEntry key="HKBloodGlucoseMealTime" value="2"/>
       </Record>
       <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:31:00 -0500" value="48.74499999999999">
        <HeartRateVariabilityMetadataList>
         <InstantaneousBeatsPerMinute bpm="62" time="10:30:01.25 AM"/>
         <InstantaneousBeatsPerMinute bpm="64" time="10:30:02.19 AM"/>
        </HeartRateVariabilityMetadataList>
       </Record>
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 11:30:00 -0500" value="HKCategoryValueSleepAnalysisAsleepCore"/>
       <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:35:00 -0500"/>
       <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500">
        <MetadataEntry key="HKWasUserEntered" value="1"/>
        <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="120"/>
       </Correlation>
       <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="120"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" totalDistance="5.234" totalDistanceUnit="km" sourceName="Watch" sourceVersion="11.2" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 11:00:30 -0500">
        <MetadataEntry key="HKIndoorWorkout" value="0"/>
        <WorkoutEvent type="HKWorkoutEventTypeLap" date="2026-01-09 10:40:00 -0500" duration="10" durationUnit="min">
         <MetadataEntry key="HKSWOLFScore" value="35"/>
        </WorkoutEvent>
        <WorkoutActivity uuid="6E4E2D3A-1B2C-4D5E-8F90-A1B2C3D4E5F6" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:45:00 -0500" duration="15" durationUnit="min">
         <MetadataEntry key="WOIntervalStepKeyPath" value="0.0.0"/>
         <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:45:00 -0500" sum="2.5" unit="km"/>
        </WorkoutActivity>
        <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 11:00:30 -0500" average="151.25" minimum="98" maximum="178" unit="count/min"/>
        <WorkoutRoute sourceName="Watch" sourceVersion="11.2" device="&lt;&lt;HKDevice: 0x6000&gt;, name:Apple Watch, model:Watch&gt;" creationDate="2026-01-09 11:01:40 -0500" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 11:00:30 -0500">
         <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
         <FileReference path="/workout-routes/route_2026-01-09_11.00am.gpx"/>
        </WorkoutRoute>
       </Workout>
       <ActivitySummary dateComponents="2026-01-09" activeEnergyBurned="410.5" activeEnergyBurnedUnit="kcal"/>
       <ClinicalRecord type="Observation" identifier="12" sourceName="Sample Location A" sourceURL="https://localhost:9090/resource/Observation/12" fhirVersion="1.0.2" receivedDate="2026-01-09 11:30:00 -0500" resourceFilePath="/clinical-records/Observation-43A6C911.json"/>
      </HealthData>

      """
    let actual = Self.body(Self.items)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  @Test func startsWithTheDeclarationAndVersion14sDocumentType() throws {
    var writer = ExportXMLWriter(dates: .fixed(0))
    writer.writeHeader(locale: "de_DE")
    let lines = String(decoding: writer.out.bytes, as: UTF8.self).split(separator: "\n")
    #expect(lines[0] == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    #expect(lines[1] == "<!DOCTYPE HealthData [")
    #expect(lines[2] == "<!-- HealthKit Export Version: 14 -->")
    #expect(lines.contains("<!ELEMENT ClinicalRecord EMPTY>"))
    #expect(lines.suffix(2) == ["]>", "<HealthData locale=\"de_DE\">"])
  }

  @Test func readsBackItemForItem() throws {
    let text = String(decoding: try Self.document(Self.items), as: UTF8.self)
    let read = try readExport(text, filter: .wholeRecord)
    #expect(read.items.map(\.item) == Self.items)
    #expect(read.header == ExportHeader(locale: "en_US", exportVersion: 14))
    #expect(read.diagnostics.totalCount == 0)
  }

  static func document(_ items: [HealthItem], dates: ExportXMLWriter.DateOffsets = .fixed(-18_000)) throws
    -> [UInt8]
  {
    var writer = ExportXMLWriter(dates: dates)
    writer.writeHeader(locale: "en_US")
    for item in items { writer.write(item) }
    writer.writeFooter()
    return writer.out.bytes
  }

  struct NumberCase: CustomTestStringConvertible, Sendable {
    var value: Double
    var text: String
    var testDescription: String { text }
  }

  /// The fewest digits that read back as the same number, in plain notation from 10^-6 to 10^21
  /// and with an exponent beyond, as ECMAScript places them (never 324 digits for 5e-324); a
  /// number past the accepted magnitude is written as it is and read back as a counted skip.
  @Test(
    arguments: [
      NumberCase(value: 72, text: "72"), NumberCase(value: 0.161, text: "0.161"),
      NumberCase(value: 5.19412346680959, text: "5.19412346680959"),
      NumberCase(value: 61.99999999999999, text: "61.99999999999999"),
      NumberCase(value: 0.00001, text: "0.00001"), NumberCase(value: 0.000001, text: "0.000001"),
      NumberCase(value: 1.5e-7, text: "1.5e-7"), NumberCase(value: -2.5e-5, text: "-0.000025"),
      NumberCase(value: 1e16, text: "10000000000000000"),
      NumberCase(value: 1.25e20, text: "125000000000000000000"),
      NumberCase(value: 1e21, text: "1e21"), NumberCase(value: -1e300, text: "-1e300"),
      NumberCase(value: .leastNonzeroMagnitude, text: "5e-324"),
      NumberCase(value: .greatestFiniteMagnitude, text: "1.7976931348623157e308"),
      NumberCase(value: -3, text: "-3"), NumberCase(value: -0.0, text: "-0"),
      NumberCase(value: 9_007_199_254_740_992, text: "9007199254740992"),
    ])
  func writesNumbersInTheFewestDigits(_ example: NumberCase) throws {
    #expect(TextOutput.shortestText(example.value) == example.text)
    let read = try readExport(
      ExportXML.document(
        ExportXML.record("BodyMass", value: example.text, unit: "kg", start: "2026-01-09 10:30:00 -0500")))
    if abs(example.value) < AcceptedRange.valueMagnitude {
      #expect(read.samples.first?.value == .quantity(example.value, unit: "kg"))
    } else {
      #expect(read.samples.isEmpty)
    }
  }

  @Test func escapesMarkupAndKeepsTabsAndLineBreaks() throws {
    let sample = Sample(
      type: "HKQuantityTypeIdentifierStepCount", value: .quantity(5, unit: "count"),
      sourceName: "A \"quoted\" <name> & 'more'", startDate: Self.morning, endDate: Self.morning,
      metadata: [MetadataEntry(key: "Note", value: "one\ttwo\nthree\r\nfour")])
    let body = Self.body([.sample(sample)])
    #expect(body.contains(" sourceName=\"A &quot;quoted&quot; &lt;name&gt; &amp; 'more'\""))
    #expect(body.contains("<MetadataEntry key=\"Note\" value=\"one&#9;two&#10;three&#13;&#10;four\"/>"))
    #expect(
      try readExport(String(decoding: try Self.document([.sample(sample)]), as: UTF8.self)).samples == [
        sample
      ])
  }

  /// Dates without an offset of their own get the time zone's at each date; a fraction of a
  /// second is dropped, never rounded up.
  @Test func writesDatesWithTheTimeZonesOffsetAtEachDate() {
    let winter = Timestamp(millisecondsSince1970: 1_767_972_600_999.5)  // 2026-01-09 15:30:00.9995Z
    let summer = Timestamp(secondsSince1970: 1_783_611_000)  // 2026-07-09 15:30:00Z
    let items: [HealthItem] = [.exportDate(winter), .exportDate(summer)]
    let body = Self.body(items, dates: .timeZone(TimeZone(identifier: "America/New_York")!))
    #expect(
      body.contains(
        " <ExportDate value=\"2026-01-09 10:30:00 -0500\"/>\n <ExportDate value=\"2026-07-09 11:30:00 -0400\"/>"
      ))
    let fixed = Self.body(items, dates: .fixed(19_800))
    #expect(
      fixed.contains(
        " <ExportDate value=\"2026-01-09 21:00:00 +0530\"/>\n <ExportDate value=\"2026-07-09 21:00:00 +0530\"/>"
      ))
  }

  /// Every member of a correlation appears at top level, as Apple's DTD says: a member the input
  /// does not repeat gets its copy at the end; one the input repeats (before or after) does not.
  @Test func membersGetATopLevelCopyOnlyWhenTheInputHasNone() throws {
    func member(_ value: Double) -> Sample {
      Sample(
        type: "HKQuantityTypeIdentifierBloodPressureDiastolic", value: .quantity(value, unit: "mmHg"),
        sourceName: "Omron", startDate: Self.morning, endDate: Self.morning)
    }
    func correlation(_ values: [Double]) -> HealthItem {
      .correlation(
        Correlation(
          type: "HKCorrelationTypeIdentifierBloodPressure", sourceName: "Omron", startDate: Self.morning,
          endDate: Self.morning, objects: values.map(member)))
    }
    let items: [HealthItem] = [
      .sample(member(80)), correlation([80, 81]), correlation([82]), correlation([81]), .sample(member(82)),
    ]
    let read = try readExport(String(decoding: try Self.document(items), as: UTF8.self))
    #expect(read.items.map(\.item) == items + [.sample(member(81)), .sample(member(81))])
    var writer = ExportXMLWriter(dates: .fixed(0))
    for item in items { writer.write(item) }
    let before = writer.out.bytes.count
    writer.writeFooter()
    #expect(
      String(decoding: writer.out.bytes[before...], as: UTF8.self).components(separatedBy: "\n").filter {
        $0.hasPrefix(" <Record")
      }.count == 2)
  }

  @Test func hasNoElementForALabResult() {
    var writer = ExportXMLWriter(dates: .fixed(0))
    let result = LabResult(loinc: "2093-3", value: 184, unit: "mg/dL", date: Self.morning, sourceName: "Lab")
    let written = writer.write(.labResult(result))
    #expect(!written)
    #expect(writer.out.bytes.isEmpty)
  }
}
