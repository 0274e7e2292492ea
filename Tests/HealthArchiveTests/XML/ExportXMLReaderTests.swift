import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@Suite struct ExportXMLReaderTests {
  /// 2026-01-09 10:30:00 -0500.
  let weighIn = Timestamp(secondsSince1970: 1_767_972_600)

  /// HealthKit's own types are the program's strings (`HealthKitTypes`): every reader hands out
  /// the same storage for them, so that samples read by one chunk's reader and taken on another
  /// core share it; a type newer than the list is read as written, in a string of its reader's.
  @Test func givesHealthKitsTypesTheProgramsOwnStrings() throws {
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="61"/>
       <Record type="HKQuantityTypeIdentifierHeartRateFutureVariant" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="61"/>
      """)
    func storage(_ string: String) -> UnsafeRawPointer? {
      string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }
    let first = try readExport(xml).samples
    let second = try readExport(xml).samples
    #expect(
      first.map(\.type) == [
        "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierHeartRateFutureVariant",
      ])
    #expect(second.map(\.type) == first.map(\.type))
    let listed = try #require(
      HealthKitTypes.quantityTypeIdentifiers.first { $0 == "HKQuantityTypeIdentifierHeartRate" })
    #expect(storage(first[0].type) != nil)
    #expect(storage(first[0].type) == storage(listed))
    #expect(storage(second[0].type) == storage(listed))
    #expect(storage(first[1].type) != storage(second[1].type))
  }

  @Test func readsARecordWithItsMetadata() throws {
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="MyFitnessPal" sourceVersion="24.1" device="&lt;&lt;HKDevice: 0x6000&gt;, name:iPhone, model:iPhone&gt;" unit="mg/dL" creationDate="2026-01-09 10:31:00 -0500" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:35:00 -0500" value="98.5">
        <MetadataEntry key="HKWasUserEntered" value="1"/>
        <MetadataEntry key="HKBloodGlucoseMealTime" value="2"/>
       </Record>
      """)
    let result = try readExport(xml)
    #expect(
      result.samples == [
        Sample(
          type: "HKQuantityTypeIdentifierBloodGlucose", value: .quantity(98.5, unit: "mg/dL"),
          sourceName: "MyFitnessPal", sourceVersion: "24.1",
          device: "<<HKDevice: 0x6000>, name:iPhone, model:iPhone>",
          creationDate: Timestamp(secondsSince1970: 1_767_972_660), startDate: weighIn,
          endDate: Timestamp(secondsSince1970: 1_767_972_900),
          metadata: [
            MetadataEntry(key: "HKWasUserEntered", value: "1"),
            MetadataEntry(key: "HKBloodGlucoseMealTime", value: "2"),
          ])
      ])
    #expect(result.sampleLines == [11])
    #expect(result.header == ExportHeader(locale: "en_US", exportVersion: 14))
    #expect(result.diagnostics.totalCount == 0)
  }

  @Test func decodesEntitiesAndCharacterReferences() throws {
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Simon&#8217;s iPhone &#x1F55B; &amp;amp; &quot;Q&quot; &apos;A&apos; &lt;x&gt;" unit="count" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="5"/>
      """)
    let sample = try #require(try readExport(xml).samples.first)
    #expect(sample.sourceName == "Simon’s iPhone 🕛 &amp; \"Q\" 'A' <x>")
  }

  @Test func acceptsEitherQuoteAndAnyAttributeOrder() throws {
    let ordered = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Mom's Scale" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="72.5"/>
      """)
    let shuffled = ExportXML.document(
      """
       <Record value='72.5' endDate='2026-01-09 10:30:00 -0500'  unit = "kg" sourceName='Mom&apos;s Scale'
         startDate="2026-01-09 10:30:00 -0500"	type='HKQuantityTypeIdentifierBodyMass' ></Record>
      """)
    let expected = Sample(
      type: "HKQuantityTypeIdentifierBodyMass", value: .quantity(72.5, unit: "kg"),
      sourceName: "Mom's Scale", startDate: weighIn, endDate: weighIn)
    #expect(try readExport(ordered).samples == [expected])
    #expect(try readExport(shuffled).samples == [expected])
  }

  @Test func readsAPrettyPrintedFile() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <HealthData
          locale="en_NL">
        <ExportDate
            value="2024-06-01 10:00:00 +0200"/>
        <Record
            type="HKQuantityTypeIdentifierHeartRate"
            sourceName="Watch"
            unit="count/min"
            startDate="2024-01-05 08:00:00 +0200"
            endDate="2024-01-05 08:00:00 +0200"
            value="61">
          <MetadataEntry
              key="HKMetadataKeyHeartRateMotionContext"
              value="0"/>
        </Record>
      </HealthData>

      """
    let result = try readExport(xml)
    #expect(result.header.locale == "en_NL")
    #expect(result.header.exportVersion == nil)
    #expect(result.samples.map(\.value) == [.quantity(61, unit: "count/min")])
    #expect(
      result.samples.first?.metadata == [
        MetadataEntry(key: "HKMetadataKeyHeartRateMotionContext", value: "0")
      ])
    #expect(result.sampleLines == [6])
    guard case .exportDate(let date) = result.items.first?.item else {
      Issue.record("the export date comes first")
      return
    }
    #expect(date == Timestamp(secondsSince1970: 1_717_228_800))
  }

  /// The iOS 16 DTD: an ATTLIST without its closing `>`, a stray attribute line, surplus `>`
  /// lines before `]>`.
  @Test func skipsABrokenDoctypeWithoutReadingIt() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!-- HealthKit Export Version: 12 -->
      <!ELEMENT VisionPrescription ((RightEye|LeftEye)*)>
      <!ATTLIST VisionPrescription
        type CDATA #REQUIRED
        dateIssued CDATA #REQUIRED
      <!ENTITY trap "never expanded">
        device CDATA #IMPLIED
      <!ELEMENT MetadataEntry EMPTY>
      <!ELEMENT MetadataEntry EMPTY>
      >
      >
      ]>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2022-10-01 09:00:00 -0700" endDate="2022-10-01 09:05:00 -0700" value="120"/>
      </HealthData>
      """
    let result = try readExport(xml)
    #expect(result.header.exportVersion == 12)
    #expect(result.samples.map(\.value) == [.quantity(120, unit: "count")])
    #expect(result.sampleLines == [16])
  }

  @Test func readsCorrelationsWithTheirMembers() throws {
    let systolic = ExportXML.record(
      "BloodPressureSystolic", value: "120", unit: "mmHg", source: "Omron", start: "2026-01-15 14:32:00 -0500"
    )
    let diastolic = ExportXML.record(
      "BloodPressureDiastolic", value: "80", unit: "mmHg", source: "Omron", start: "2026-01-15 14:32:00 -0500"
    )
    let xml = ExportXML.document(
      systolic + diastolic
        + """
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
        \(systolic)\(diastolic) </Correlation>
        """)
    let result = try readExport(xml)
    #expect(
      result.samples.map(\.type) == [
        HealthKitIdentifier.bloodPressureSystolic, HealthKitIdentifier.bloodPressureDiastolic,
      ])
    let correlation = try #require(result.correlations.first)
    #expect(correlation.type == "HKCorrelationTypeIdentifierBloodPressure")
    #expect(correlation.metadata == [MetadataEntry(key: "HKWasUserEntered", value: "1")])
    #expect(correlation.objects == result.samples)
    #expect(result.items.map(\.line) == [10, 11, 12, 13])

    let onlyMembers = try readExport(
      ExportXML.document(
        """
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-15 14:32:00 -0500" endDate="2026-01-15 14:32:00 -0500">
        \(systolic)\(diastolic) </Correlation>
        """))
    #expect(onlyMembers.samples == [])
    #expect(
      onlyMembers.correlations.first?.objects.map(\.value) == [
        .quantity(120, unit: "mmHg"), .quantity(80, unit: "mmHg"),
      ])
  }

  static let everythingElse = ExportXML.document(
    """
     <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="45.7" durationUnit="min" sourceName="Watch" startDate="2025-09-16 16:30:00 +0100" endDate="2025-09-16 17:15:43 +0100">
      <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2025-09-16 16:30:00 +0100" duration="10" durationUnit="min"><MetadataEntry key="k" value="v"/></WorkoutEvent>
      <WorkoutActivity uuid="A1" startDate="2025-09-16 16:30:00 +0100">
       <WorkoutEvent type="HKWorkoutEventTypePause" date="2025-09-16 16:40:00 +0100"/>
       <WorkoutStatistics type="HKQuantityTypeIdentifierStepCount" startDate="2025-09-16 16:30:00 +0100" endDate="2025-09-16 17:15:43 +0100" sum="5000" unit="count"/>
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="nested" unit="count" startDate="2025-09-16 16:30:00 +0100" endDate="2025-09-16 16:30:00 +0100" value="1"/>
      </WorkoutActivity>
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2025-09-16 16:30:00 +0100" endDate="2025-09-16 17:15:43 +0100" sum="7.25" unit="km"/>
      <WorkoutRoute sourceName="Watch" startDate="2025-09-16 16:30:00 +0100" endDate="2025-09-16 17:15:43 +0100"><FileReference path="/workout-routes/route_2025-09-16_6.15pm.gpx"/></WorkoutRoute>
      <MetadataEntry key="HKIndoorWorkout" value="0"/>
     </Workout>
     <ActivitySummary dateComponents="2025-09-16" activeEnergyBurned="590.252" activeEnergyBurnedUnit="kcal"/>
     <ClinicalRecord type="Observation" identifier="12" sourceName="Sample Location A" sourceURL="https://localhost/Observation/12" fhirVersion="1.0.2" receivedDate="2018-12-18 14:06:24 -0600" resourceFilePath="/clinical-records/Observation-1.json"/>
     <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2020-01-01 10:00:00 +0000" endDate="2020-01-01 10:00:00 +0000"><SensitivityPoint frequencyValue="250" frequencyUnit="Hz"/></Audiogram>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2020-12-01 11:25:00 -0800" endDate="2020-12-01 11:26:00 -0800" value="48.2">
      <HeartRateVariabilityMetadataList>
       <InstantaneousBeatsPerMinute bpm="68" time="11:26:02.34 AM"/>
      </HeartRateVariabilityMetadataList>
     </Record>
    """)

  @Test func readsPastWhatTheFilterLeavesOut() throws {
    let result = try readExport(
      Self.everythingElse, filter: ItemFilter(sampleTypes: nil, includesCorrelations: false))
    #expect(result.samples.map(\.sourceName) == ["Watch"])
    #expect(result.samples.first?.metadata == [])
    #expect(result.items.count == 3)  // export date, characteristics, the HRV record
    guard case .characteristics(let entries) = result.items[1].item else {
      Issue.record("characteristics expected")
      return
    }
    #expect(
      entries == [
        MetadataEntry(key: "HKCharacteristicTypeIdentifierBiologicalSex", value: "HKBiologicalSexFemale")
      ])
    #expect(result.header.otherElements == ["Audiogram": 1])
  }

  @Test func readsWorkoutsSummariesAndClinicalRecords() throws {
    let result = try readExport(Self.everythingElse)
    let start = Timestamp(secondsSince1970: 1_758_036_600)
    let end = Timestamp(secondsSince1970: 1_758_039_343)
    let workouts = result.items.compactMap {
      if case .workout(let workout) = $0.item { workout } else { nil }
    }
    #expect(
      workouts == [
        Workout(
          activityType: "HKWorkoutActivityTypeRunning", duration: Quantity(value: 45.7, unit: "min"),
          sourceName: "Watch", startDate: start, endDate: end,
          metadata: [MetadataEntry(key: "HKIndoorWorkout", value: "0")],
          events: [
            WorkoutEvent(
              type: "HKWorkoutEventTypeSegment", date: start, duration: Quantity(value: 10, unit: "min"),
              metadata: [MetadataEntry(key: "k", value: "v")])
          ],
          statistics: [
            WorkoutStatistics(
              type: "HKQuantityTypeIdentifierDistanceWalkingRunning", startDate: start, endDate: end,
              sum: 7.25,
              unit: "km")
          ],
          routes: [
            WorkoutRoute(
              sourceName: "Watch", startDate: start, endDate: end,
              filePaths: ["/workout-routes/route_2025-09-16_6.15pm.gpx"])
          ],
          activities: [
            WorkoutActivity(
              uuid: "A1", startDate: start,
              events: [
                WorkoutEvent(
                  type: "HKWorkoutEventTypePause", date: Timestamp(secondsSince1970: 1_758_037_200))
              ],
              statistics: [
                WorkoutStatistics(
                  type: "HKQuantityTypeIdentifierStepCount", startDate: start, endDate: end, sum: 5000,
                  unit: "count")
              ])
          ])
      ])
    let summaries = result.items.compactMap {
      if case .activitySummary(let summary) = $0.item { summary } else { nil }
    }
    #expect(
      summaries == [
        ActivitySummary(
          dateComponents: "2025-09-16",
          values: [
            MetadataEntry(key: "activeEnergyBurned", value: "590.252"),
            MetadataEntry(key: "activeEnergyBurnedUnit", value: "kcal"),
          ])
      ])
    let records = result.items.compactMap {
      if case .clinicalRecord(let record) = $0.item { record } else { nil }
    }
    #expect(
      records == [
        ClinicalRecord(
          type: "Observation", identifier: "12", sourceName: "Sample Location A",
          sourceURL: "https://localhost/Observation/12", fhirVersion: "1.0.2",
          receivedDate: Timestamp(secondsSince1970: 1_545_163_584),
          resourceFilePath: "/clinical-records/Observation-1.json")
      ])
    #expect(result.items.map(\.line) == [10, 11, 12, 23, 24, 26])
  }

  @Test func readsOldShapeWorkoutTotals() throws {
    let xml = ExportXML.document(
      """
       <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="88.5" durationUnit="min" totalDistance="5.234" totalDistanceUnit="km" totalEnergyBurned="342.5" totalEnergyBurnedUnit="Cal" sourceName="Watch" startDate="2020-05-27 17:26:15 +0100" endDate="2020-05-27 18:57:18 +0100">
        <WorkoutRoute sourceName="Watch" startDate="2020-05-27 17:26:15 +0100" endDate="2020-05-27 18:57:18 +0100">
         <Location date="2020-05-27 17:26:16 +0100" latitude="52.1" longitude="4.3" altitude="1" horizontalAccuracy="5" verticalAccuracy="3" course="-1" speed="0"/>
         <Location date="2020-05-27 17:26:17 +0100" latitude="52.1" longitude="4.3" altitude="1" horizontalAccuracy="5" verticalAccuracy="3" course="-1" speed="0"/>
        </WorkoutRoute>
       </Workout>
      """)
    let workout = try #require(
      try readExport(xml).items.compactMap {
        if case .workout(let workout) = $0.item { workout } else { nil }
      }.first)
    #expect(workout.totalDistance == Quantity(value: 5.234, unit: "km"))
    #expect(workout.totalEnergyBurned == Quantity(value: 342.5, unit: "Cal"))
    #expect(workout.duration == Quantity(value: 88.5, unit: "min"))
    #expect(workout.metadata == [])
    #expect(workout.routes.map(\.inlineLocationCount) == [2])
  }

  @Test func deliversOnlyTheFilteredTypes() throws {
    let xml = ExportXML.document(
      ExportXML.record("StepCount", value: "12", unit: "count", start: "2026-01-09 10:30:00 -0500")
        + ExportXML.record(
          "HeartRate", value: "not a number", unit: "count/min", start: "2026-01-09 10:30:00 -0500")
        + ExportXML.record("StepCount", value: "13", unit: "count", start: "2026-01-09 10:31:00 -0500"))
    let filter = ItemFilter(sampleTypes: [HealthKitIdentifier.stepCount], includesCorrelations: false)
    let result = try readExport(xml, filter: filter)
    #expect(result.samples.map(\.value) == [.quantity(12, unit: "count"), .quantity(13, unit: "count")])
    // The heart rate record is read past undecoded: its bad value is nobody's concern.
    #expect(result.diagnostics.totalCount == 0)
  }

  /// The same document read in pieces of every size gives the same items and lines: tokens cut at
  /// any byte, and a buffer smaller than one tag, which must grow.
  @Test(arguments: [1, 2, 3, 7, 64, 4096])
  func readsTheSameWhateverTheChunkSize(_ chunkLimit: Int) throws {
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Lab &amp; Co" unit="mmol&lt;180.1558800000541&gt;/L" startDate="2026-01-09 07:15:00 -0500" endDate="2026-01-09 07:15:00 -0500" value="5.44">
        <!-- a comment -->
        <MetadataEntry key="HKBloodGlucoseMealTime" value="1"/>
       </Record>
       <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Watch" startDate="2026-01-12 17:00:00 -0500" endDate="2026-01-12 17:32:30 -0500"><WorkoutEvent type="p" date="2026-01-12 17:10:00 -0500"/></Workout>
      \(ExportXML.record("StepCount", value: "5432", unit: "count", source: "Apple Watch", start: "2026-01-09 11:00:00 -0500"))
      """)
    let whole = try readExport(xml)
    let pieces = try readExport(xml, chunkLimit: chunkLimit, bufferSize: 16)
    #expect(pieces.samples == whole.samples)
    #expect(pieces.sampleLines == [11, 16])
    #expect(whole.sampleLines == [11, 16])
    #expect(pieces.samples.map(\.sourceName) == ["Lab & Co", "Apple Watch"])
    #expect(pieces.samples.first?.value == .quantity(5.44, unit: "mmol<180.1558800000541>/L"))
  }

  @Test func readsOldExportsWithoutDoctype() throws {
    // iOS 8: no DOCTYPE, compact dates, `source` for `sourceName`, metadata as attributes.
    let xml = """
      \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
      <HealthData locale="de_DE">
       <ExportDate value="20150915113529+0200"/>
       <Record type="HKQuantityTypeIdentifierHeartRate" source="Health Mate" unit="count/s" startDate="20150915113529+0200" endDate="20150915113529+0200" value="1.25" HKWasUserEntered="1"/>
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" source="Sleep++" unit="" startDate="20150914230000+0200" endDate="20150915063000+0200" value="1"/>
      </HealthData>
      """
    let result = try readExport(xml)
    let instant = Timestamp(secondsSince1970: 1_442_309_729)
    #expect(
      result.samples == [
        Sample(
          type: "HKQuantityTypeIdentifierHeartRate", value: .quantity(1.25, unit: "count/s"),
          sourceName: "Health Mate", startDate: instant, endDate: instant,
          metadata: [MetadataEntry(key: "HKWasUserEntered", value: "1")]),
        Sample(
          type: "HKCategoryTypeIdentifierSleepAnalysis", value: .category("1"), sourceName: "Sleep++",
          startDate: Timestamp(secondsSince1970: 1_442_264_400),
          endDate: Timestamp(secondsSince1970: 1_442_291_400)),
      ])
  }

  @Test func repairsAttributeNamesWithSpaces() throws {
    // iOS 8 (openradar 21431305): third-party metadata keys became attribute names.
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierBodyMass" source="Health Mate" unit="kg" startDate="20150915113529+0200" endDate="20150915113529+0200" value="81.2" Health Mate App Version="2.6.2" Withings User Identifier="1234"/>
      """)
    let result = try readExport(xml)
    #expect(
      result.samples.first?.metadata == [
        MetadataEntry(key: "Health Mate App Version", value: "2.6.2"),
        MetadataEntry(key: "Withings User Identifier", value: "1234"),
      ])
    #expect(
      result.diagnostics.summary == [
        Diagnostics.Tally(
          reason: "an attribute name with spaces (an iOS 8 export fault), read as one name", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 11, column: 2), kind: .repaired)
      ])
    #expect(throws: StrictModeError.self) { try readExport(xml, strict: true) }
  }

  @Test func keepsControlCharactersInValues() throws {
    // A vertical tab (U+000B) breaks XML 1.0 parsers; it is read, raw or as a reference.
    let xml = ExportXML.document(
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Old\u{0B}Phone&#11;\" unit=\"count\" startDate=\"2026-01-09 10:30:00 -0500\" endDate=\"2026-01-09 10:30:00 -0500\" value=\"3\"/>"
    )
    #expect(try readExport(xml).samples.map(\.sourceName) == ["Old\u{0B}Phone\u{0B}"])
  }

  @Test func readsCategoryValuesAndRecordsWithoutOne() throws {
    let xml = ExportXML.document(
      """
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-01-05 23:00:00 +0100" endDate="2024-01-06 06:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore"/>
       <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe" startDate="2024-01-06 08:00:00 +0100" endDate="2024-01-06 08:05:00 +0100"/>
      """)
    #expect(
      try readExport(xml).samples.map(\.value) == [
        .category("HKCategoryValueSleepAnalysisAsleepCore"), .none,
      ])
  }

  @Test func skipsRecordsThatCannotGiveASampleAndSaysWhere() throws {
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="heavy"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="yesterday" endDate="2026-01-09 10:30:00 -0500" value="70"/>
       <Record sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="70"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="nan"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="70"/>
      """)
    let result = try readExport(xml)
    #expect(result.samples.count == 1)
    #expect(
      result.diagnostics.summary == [
        Diagnostics.Tally(
          reason: "value is not a number", count: 2,
          firstLocation: SourceLocation(file: "export.xml", line: 11, column: 2)),
        Diagnostics.Tally(
          reason: "startDate is not a date", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 12, column: 2)),
        Diagnostics.Tally(
          reason: "a record without a type", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 13, column: 2)),
        Diagnostics.Tally(
          reason: "a quantity without a value", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 14, column: 2)),
      ])
    #expect(throws: StrictModeError.self) { try readExport(xml, strict: true) }
  }
  /// An end date of the same bytes as the start date (an instantaneous sample's) is taken from
  /// it rather than parsed again, and reads as any other: in either order, with references, in
  /// another offset, and out of the accepted years.
  @Test func anEndDateOfTheStartDatesBytesReadsAsAnyOther() throws {
    let xml = ExportXML.document(
      """
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="70"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" endDate="2026-01-09 10:30:00 +0100" startDate="2026-01-09 10:30:00 +0100" value="71"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09&#32;10:30:00 -0500" endDate="2026-01-09&#32;10:30:00 -0500" value="72"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:31:00 -0500" value="73"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" unit="kg" startDate="1066-10-14 09:00:00 +0000" endDate="1066-10-14 09:00:00 +0000" value="74"/>
      """)
    let result = try readExport(xml)
    let instant = Timestamp(secondsSince1970: 1_767_972_600, writtenUTCOffset: -18_000)
    #expect(
      result.samples.map { [$0.startDate, $0.endDate] } == [
        [instant, instant],
        [
          Timestamp(secondsSince1970: 1_767_951_000, writtenUTCOffset: 3_600),
          Timestamp(secondsSince1970: 1_767_951_000, writtenUTCOffset: 3_600),
        ],
        [instant, instant],
        [instant, Timestamp(secondsSince1970: 1_767_972_660, writtenUTCOffset: -18_000)],
      ])
    #expect(
      result.diagnostics.summary == [
        Diagnostics.Tally(
          reason: "startDate is outside the years \(AcceptedRange.yearsText)", count: 1,
          firstLocation: SourceLocation(file: "export.xml", line: 15, column: 2))
      ])
  }
}
