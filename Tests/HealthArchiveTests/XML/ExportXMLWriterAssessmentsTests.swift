import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Audiograms, vision prescriptions, states of mind and a route's inline locations written as the
/// Health app writes them, read back item for item; dates keep the offset they were read with.
@Suite struct ExportXMLWriterAssessmentsTests {
  static func at(_ seconds: Int64) -> Timestamp { ExportXMLWriterTests.at(seconds) }
  static let morning = ExportXMLWriterTests.morning

  static let items: [HealthItem] = [
    .audiogram(
      Audiogram(
        type: "HKDataTypeIdentifierAudiogram", sourceName: "Hearing Test", sourceVersion: "3092",
        creationDate: at(120), startDate: morning, endDate: morning,
        metadata: [MetadataEntry(key: "HKMetadataKeySyncVersion", value: "1")],
        sensitivityPoints: [
          SensitivityPoint(
            frequency: Quantity(value: 250, unit: "Hz"),
            leftEar: EarSensitivity(
              sensitivity: Quantity(value: 35.0459, unit: "dBHL"), masked: "0", clampingLowerBound: -10,
              clampingUpperBound: 100),
            rightEar: EarSensitivity(sensitivity: Quantity(value: 20.5, unit: "dBHL"))),
          SensitivityPoint(
            frequency: Quantity(value: 8000, unit: "Hz"),
            otherAttributes: [MetadataEntry(key: "testedAt", value: "home")]),
        ])),
    .visionPrescription(
      VisionPrescription(
        type: "HKVisionPrescriptionTypeGlasses", dateIssued: at(-2_592_000), expirationDate: at(28_944_000),
        metadata: [MetadataEntry(key: "HKMetadataKeySyncVersion", value: "1")],
        rightEye: LensPrescription(quantities: [
          "sphere": Quantity(value: -1.25, unit: "D"), "cylinder": Quantity(value: -0.5, unit: "D"),
          "axis": Quantity(value: 90, unit: "deg"),
        ]),
        leftEye: LensPrescription(
          quantities: ["sphere": Quantity(value: -1, unit: "D")],
          otherAttributes: [MetadataEntry(key: "prismBase", value: "up")]),
        attachments: ["A1B2C3"])),
    .stateOfMind(
      StateOfMind(
        sourceName: "Health", sourceVersion: "18.0", startDate: at(7_200), endDate: at(7_200), valence: 0.5,
        attributes: [
          MetadataEntry(key: "type", value: "HKStateOfMindTypeMomentaryEmotion"),
          MetadataEntry(key: "labels", value: "HKStateOfMindLabelHappy,HKStateOfMindLabelCalm"),
        ],
        metadata: [MetadataEntry(key: "HKTimeZone", value: "America/New_York")])),
    .workout(
      Workout(
        activityType: "HKWorkoutActivityTypeWalking", sourceName: "iPhone", startDate: at(10_000),
        endDate: at(10_600),
        routes: [
          WorkoutRoute(
            sourceName: "iPhone", startDate: at(10_000), endDate: at(10_600), inlineLocationCount: 2,
            locations: [
              RoutePoint(
                time: at(10_000), latitude: 37.7777, longitude: -122.426, elevation: 21.2694, speed: 2.48034,
                course: -1, horizontalAccuracy: 2.40948, verticalAccuracy: 1.67859),
              RoutePoint(time: at(10_001), latitude: 37.77771, longitude: -122.42601),
            ])
        ])),
  ]

  @Test func writesThemAsTheHealthAppDoes() {
    let expected = """
      <HealthData locale="en_US">
       <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Hearing Test" sourceVersion="3092" creationDate="2026-01-09 10:32:00 -0500" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500">
        <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>
        <SensitivityPoint frequencyValue="250" frequencyUnit="Hz" leftEarValue="35.0459" leftEarUnit="dBHL" leftEarMasked="0" leftEarClampingRangeLowerBound="-10" leftEarClampingRangeUpperBound="100" rightEarValue="20.5" rightEarUnit="dBHL"/>
        <SensitivityPoint frequencyValue="8000" frequencyUnit="Hz" testedAt="home"/>
       </Audiogram>
       <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2025-12-10 10:30:00 -0500" expirationDate="2026-12-10 10:30:00 -0500">
        <RightEye sphere="-1.25" sphereUnit="D" cylinder="-0.5" cylinderUnit="D" axis="90" axisUnit="deg"/>
        <LeftEye sphere="-1" sphereUnit="D" prismBase="up"/>
        <Attachment identifier="A1B2C3"/>
        <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>
       </VisionPrescription>
       <StateOfMind type="HKStateOfMindTypeMomentaryEmotion" sourceName="Health" sourceVersion="18.0" startDate="2026-01-09 12:30:00 -0500" endDate="2026-01-09 12:30:00 -0500" valence="0.5" labels="HKStateOfMindLabelHappy,HKStateOfMindLabelCalm">
        <MetadataEntry key="HKTimeZone" value="America/New_York"/>
       </StateOfMind>
       <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="iPhone" startDate="2026-01-09 13:16:40 -0500" endDate="2026-01-09 13:26:40 -0500">
        <WorkoutRoute sourceName="iPhone" startDate="2026-01-09 13:16:40 -0500" endDate="2026-01-09 13:26:40 -0500">
         <Location date="2026-01-09 13:16:40 -0500" latitude="37.7777" longitude="-122.426" altitude="21.2694" horizontalAccuracy="2.40948" verticalAccuracy="1.67859" course="-1" speed="2.48034"/>
         <Location date="2026-01-09 13:16:41 -0500" latitude="37.77771" longitude="-122.42601"/>
        </WorkoutRoute>
       </Workout>
      </HealthData>

      """
    let actual = ExportXMLWriterTests.body(Self.items)
    #expect(actual == expected, "\(Golden.difference(expected: expected, actual: actual))")
  }

  @Test func readsBackItemForItem() throws {
    let text = String(decoding: try ExportXMLWriterTests.document(Self.items), as: UTF8.self)
    let read = try readExport(text, filter: .wholeRecord, strict: true)
    #expect(read.items.map(\.item) == Self.items)
    #expect(read.header.otherElements.isEmpty)
  }

  /// A date read with an offset is written with it, whatever the time zone asked for; one without
  /// (a profile's) gets the zone's offset at its date.
  @Test func datesKeepTheOffsetTheyWereReadWith() {
    var paris = Self.morning
    paris.writtenUTCOffset = 3_600
    var tokyo = Self.at(86_400 * 180)
    tokyo.writtenUTCOffset = 32_400
    let items: [HealthItem] = [
      .exportDate(paris), .exportDate(tokyo), .exportDate(Self.at(86_400 * 180)),
    ]
    let body = ExportXMLWriterTests.body(items, dates: .timeZone(TimeZone(identifier: "America/New_York")!))
    #expect(
      body == """
        <HealthData locale="en_US">
         <ExportDate value="2026-01-09 16:30:00 +0100"/>
         <ExportDate value="2026-07-09 00:30:00 +0900"/>
         <ExportDate value="2026-07-08 11:30:00 -0400"/>
        </HealthData>

        """)
  }
}
