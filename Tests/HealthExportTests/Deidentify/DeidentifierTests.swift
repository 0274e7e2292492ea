import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthExport

/// Each item as the de-identifying stage hands it on, and the stage in front of a job.
@Suite struct DeidentifierTests {
  let instant = Timestamp(secondsSince1970: 1_736_078_400, writtenUTCOffset: -18_000)

  private func sample(source: String, device: String? = nil, metadata: [MetadataEntry] = []) -> Sample {
    Sample(
      type: "HKQuantityTypeIdentifierStepCount", value: .quantity(10, unit: "count"), sourceName: source,
      device: device, startDate: instant, endDate: instant, metadata: metadata, uuid: "5D1F…")
  }

  @Test func numbersSourcesInTheOrderTheyFirstComeAcrossPasses() {
    let deidentifier = Deidentifier(Deidentification())
    func pass(_ sources: [String]) -> [String] {
      deidentifier.beginPass()
      defer { deidentifier.endPass() }
      return sources.map { name in
        guard case .sample(let sample) = deidentifier.deidentified(.sample(sample(source: name))) else {
          return ""
        }
        return sample.sourceName
      }
    }
    #expect(
      pass(["Dana’s iPhone", "Withings", "Dana’s iPhone", "Lakeside Clinic", "Withings"])
        == ["Source 1", "Source 2", "Source 1", "Source 3", "Source 2"])
    // A second pass over part of the input: the same numbers, and a new name the next one.
    #expect(pass(["Withings", "Oura", "Dana’s iPhone"]) == ["Source 2", "Source 4", "Source 1"])
    #expect(deidentifier.reported.sourceNames == 4)
    // The most any pass removed, not their sum.
    #expect(deidentifier.reported.identifiers == 5)
  }

  @Test func keepsADevicesMakerModelAndHardwareOnly() {
    let deidentifier = Deidentifier(Deidentification())
    let devices = [
      "<<HKDevice: 0x2801>, name:Dana’s iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1, software:18.3, creation date:2025-08-14 23:49:07 +0000>",
      "<<HKDevice: 0x2803>, name:Dana’s Body+, manufacturer:Withings, model:WBS05, firmware:2130>",
      "<<HKDevice: 0x2804>, name:Dana’s thing, localIdentifier:SN-1>",
    ]
    let cut = devices.map { device -> String? in
      guard case .sample(let sample) = deidentifier.deidentified(.sample(sample(source: "A", device: device)))
      else { return "" }
      return sample.device
    }
    #expect(
      cut == [
        "<<HKDevice>, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1>",
        "<<HKDevice>, manufacturer:Withings, model:WBS05>", nil,
      ])
    #expect(HealthKitDevice.model(in: cut[0]!) == "iPhone")
  }

  @Test func dropsIdentifyingMetadataAndMovesItsDates() {
    let deidentifier = Deidentifier(Deidentification(shiftDays: 7))
    let entries = [
      ("HKMetadataKeySyncIdentifier", "S"), ("HKMetadataKeySyncVersion", "1"), ("HKExternalUUID", "E"),
      ("HKMetadataKeyDeviceSerialNumber", "N"), ("HKMetadataKeyUDIDeviceIdentifier", "U"),
      ("HKMetadataKeyUDIProductionIdentifier", "P"), ("HKMetadataKeyDeviceName", "Dana’s"),
      ("HKMetadataKeyDigitalSignature", "D"), ("Withings User Identifier", "4242"),
      ("Withings Link", "https://x"), ("Original Source", "Dana’s app"), ("HKWasUserEntered", "1"),
      ("HKTimeZone", "America/New_York"), ("HKMetadataKeyAudioExposureLevel", "70 dBASPL"),
      ("HKSwimmingLocationType", "1"), ("Modified Date", "2025-01-04 07:05:00 +0000"),
      ("Original Creation Date", "last week"), ("WOIntervalStepKeyPath", "0.0.0"),
    ].map { MetadataEntry(key: $0.0, value: $0.1) }
    let kept = deidentifier.metadata(entries).map { "\($0.key)=\($0.value)" }
    #expect(
      kept == [
        "HKWasUserEntered=1", "HKTimeZone=America/New_York", "HKMetadataKeyAudioExposureLevel=70 dBASPL",
        "HKSwimmingLocationType=1", "Modified Date=2025-01-11 07:05:00 +0000", "WOIntervalStepKeyPath=0.0.0",
      ])
    // Eleven identify; a date that cannot be moved would tell the true one.
    #expect(deidentifier.removed.metadataEntries == 12)
  }

  @Test func cutsTheDateOfBirthToItsYear() {
    let deidentifier = Deidentifier(Deidentification())
    let me = deidentifier.deidentified(
      .characteristics([
        MetadataEntry(key: "HKCharacteristicTypeIdentifierDateOfBirth", value: "1979-11-23"),
        MetadataEntry(key: "HKCharacteristicTypeIdentifierBiologicalSex", value: "HKBiologicalSexFemale"),
      ]))
    #expect(
      me
        == .characteristics([
          MetadataEntry(key: "HKCharacteristicTypeIdentifierDateOfBirth", value: "1979"),
          MetadataEntry(key: "HKCharacteristicTypeIdentifierBiologicalSex", value: "HKBiologicalSexFemale"),
        ]))
    #expect(deidentifier.removed.birthDate)
    #expect(Deidentifier.year(in: "Nov 23, 1979") == "1979")
    #expect(Deidentifier.year(in: "23. November 1979") == "1979")
    #expect(Deidentifier.year(in: "unknown") == nil)
  }

  @Test func takesTheNameAndBirthDateOutOfAnECG() {
    let deidentifier = Deidentifier(Deidentification(shiftDays: -5))
    let recording = Electrocardiogram(
      fileName: "ecg_2025-01-05_1.csv", name: "Dana Kowalczyk", dateOfBirth: "Nov 23, 1979",
      recordedDate: instant, classification: "Sinus Rhythm", device: "Watch7,2",
      otherHeaders: [MetadataEntry(key: "Nombre", value: "Dana")], samples: [1, 2])
    guard case .electrocardiogram(let moved) = deidentifier.deidentified(.electrocardiogram(recording)) else {
      Issue.record("no ECG")
      return
    }
    #expect(moved.fileName == "ecg_2024-12-31_1.csv")
    #expect(moved.name == nil)
    #expect(moved.dateOfBirth == "1979")
    #expect(moved.otherHeaders == [])
    #expect(moved.recordedDate == Timestamp(secondsSince1970: 1_736_078_400 - 5 * 86_400))
    #expect(moved.classification == "Sinus Rhythm" && moved.device == "Watch7,2" && moved.samples == [1, 2])
  }

  private func workout() -> Workout {
    Workout(
      activityType: "HKWorkoutActivityTypeRunning", sourceName: "Dana’s iPhone", startDate: instant,
      endDate: instant,
      routes: [
        WorkoutRoute(
          sourceName: "Dana’s iPhone", startDate: instant, endDate: instant,
          filePaths: ["/workout-routes/route_2025-01-05_7.30am.gpx"])
      ],
      activities: [WorkoutActivity(uuid: "ACT-UUID-1", startDate: instant)])
  }

  @Test func leavesRoutesOutUnlessKept() {
    let deidentifier = Deidentifier(Deidentification())
    guard case .workout(let workout) = deidentifier.deidentified(.workout(workout())) else {
      Issue.record("no workout")
      return
    }
    #expect(workout.routes == [])
    #expect(workout.activities.map(\.uuid) != ["ACT-UUID-1"])
    let points = RoutePoints(
      filePath: "/workout-routes/route_2025-01-05_7.30am.gpx",
      points: [RoutePoint(time: instant, latitude: 42.36, longitude: -71.06)])
    #expect(deidentifier.deidentified(.routePoints(points)) == nil)
    #expect(deidentifier.removed.routes == 1)
    #expect(deidentifier.removed.routePoints == 1)
  }

  @Test func movesAKeptRouteAndTheFileItNames() {
    let deidentifier = Deidentifier(Deidentification(keepsRoutes: true, shiftDays: 1))
    guard case .workout(let workout) = deidentifier.deidentified(.workout(workout())) else {
      Issue.record("no workout")
      return
    }
    #expect(workout.routes.map(\.filePaths) == [["/workout-routes/route_2025-01-06_7.30am.gpx"]])
    #expect(workout.routes.map(\.sourceName) == ["Source 1"])
    let points = RoutePoints(
      filePath: "/workout-routes/route_2025-01-05_7.30am.gpx",
      points: [RoutePoint(time: instant, latitude: 42.36, longitude: -71.06)])
    #expect(
      deidentifier.deidentified(.routePoints(points))
        == .routePoints(
          RoutePoints(
            filePath: "/workout-routes/route_2025-01-06_7.30am.gpx",
            points: [RoutePoint(time: DayShift(days: 1)(instant), latitude: 42.36, longitude: -71.06)])))
  }

  /// An input that notes the filter it is read with.
  final class FilterNotingExport: HealthInputSource {
    let export: InMemoryExport
    var filters: [ItemFilter] = []
    init(_ export: InMemoryExport) { self.export = export }
    var name: String { export.name }
    var shape: InputShape { export.shape }
    var contentName: String { export.contentName }
    var header: ExportHeader { export.header }
    func fileNames(in folder: String) -> [String] { ["route_2025-01-05_7.30am.gpx"] }
    func readItems(
      filter: ItemFilter, diagnostics: Diagnostics, monitor: ReadMonitor,
      _ consume: (HealthItem, HealthModel.SourceLocation) throws -> Void
    ) throws {
      filters.append(filter)
      try export.readItems(filter: filter, diagnostics: diagnostics, monitor: monitor, consume)
    }
  }

  @Test func theStageSaysTheRecordIsDeidentifiedAndReadsNoRoutes() throws {
    let export = FilterNotingExport(
      InMemoryExport(
        xml: ExportXML.document(
          ExportXML.record(
            "BodyMass", value: "61.5", unit: "kg", source: "Dana’s Scale", start: "2025-01-04 07:00:00 -0500")
        )))
    var filter = ItemFilter.everything
    filter.includesRoutePoints = true
    filter.bareUntil = ["HKQuantityTypeIdentifierBodyMass": 1_000_000]
    for keepsRoutes in [false, true] {
      let source = DeidentifiedSource(
        base: export, deidentifier: Deidentifier(Deidentification(keepsRoutes: keepsRoutes, shiftDays: 1)))
      var items: [HealthItem] = []
      try source.readItems(filter: filter, diagnostics: Diagnostics()) { item, _ in items.append(item) }
      #expect(source.header.isDeidentified)
      #expect(source.fileNames(in: "workout-routes") == [])
      // Routes left out are not read; the writer's dates are the moved ones, the reader's true.
      #expect(export.filters.last?.includesRoutePoints == keepsRoutes)
      #expect(export.filters.last?.bareUntil == ["HKQuantityTypeIdentifierBodyMass": 1_000_000 - 86_400])
      guard case .sample(let weight) = items.last else {
        Issue.record("no sample")
        return
      }
      #expect(weight.sourceName == "Source 1")
      #expect(weight.startDate.wholeSecondsSince1970 == 1_735_992_000 + 86_400)
    }
    #expect(!export.header.isDeidentified)
    #expect(export.fileNames(in: "workout-routes") == ["route_2025-01-05_7.30am.gpx"])
  }
}
