import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// Reading profiles as HealthKitSampleGenerator and this tool write them.
@Suite struct ProfileReaderTests {
  /// The seed's example profile (profile-json.md), with the weight the seed's example exports.
  static let seedExample = """
    {
      "metaData": {"creationDate": 1446486924969.1, "profileName": "output20151102185522",
                   "version": "1.0.0", "type": "JsonSingleDocExportTarget"},
      "userData": {"bloodType": 1, "fitzpatrickSkinType": 1, "biologicalSex": 2, "dateOfBirth": 341967600000},
      "HKQuantityTypeIdentifierStepCount": [{"unit": "count", "sdate": 1446486720000, "value": 200}],
      "HKQuantityTypeIdentifierBodyMass": [{"unit": "kg", "sdate": 1446486600000, "value": 80}],
      "HKCorrelationTypeIdentifierBloodPressure": [
        {"sdate": 1446486600000, "objects": [
          {"type": "HKQuantityTypeIdentifierBloodPressureSystolic", "unit": "mmHg", "sdate": 1446486600000, "value": 120},
          {"type": "HKQuantityTypeIdentifierBloodPressureDiastolic", "unit": "mmHg", "sdate": 1446486600000, "value": 80}]}
      ],
      "HKWorkoutTypeIdentifier": [
        {"workoutActivityType": 37, "sdate": 1446480000000, "edate": 1446481800000, "duration": 1800,
         "totalDistance": 5000, "totalEnergyBurned": 320, "workoutEvents": [{"type": 1, "sdate": 1446480900000}]}
      ]
    }
    """

  private func read(_ json: String, filter: ItemFilter = .everything) throws -> [HealthItem] {
    let reader = ProfileReader(
      stream: MemoryByteStream(Array(json.utf8), name: "profile.json", chunkLimit: 5), filter: filter,
      diagnostics: Diagnostics(isStrict: true), timeZone: TimeZone(identifier: "Europe/Berlin")!)
    var items: [HealthItem] = []
    try reader.read { item, _ in items.append(item) }
    return items
  }

  @Test func readsTheSeedsExample() throws {
    let items = try read(Self.seedExample)
    #expect(items.count == 5)
    guard case .characteristics(let entries) = items[0], case .sample(let steps) = items[1],
      case .sample(let weight) = items[2], case .correlation(let pressure) = items[3],
      case .workout(let workout) = items[4]
    else {
      Issue.record("unexpected items \(items)")
      return
    }
    #expect(
      entries == [
        MetadataEntry(key: "HKCharacteristicTypeIdentifierDateOfBirth", value: "1980-11-02"),
        MetadataEntry(key: "HKCharacteristicTypeIdentifierBiologicalSex", value: "HKBiologicalSexMale"),
        MetadataEntry(key: "HKCharacteristicTypeIdentifierBloodType", value: "HKBloodTypeAPositive"),
        MetadataEntry(
          key: "HKCharacteristicTypeIdentifierFitzpatrickSkinType", value: "HKFitzpatrickSkinTypeI"),
      ])
    #expect(steps.value == .quantity(200, unit: "count"))
    #expect(steps.startDate == steps.endDate)
    #expect(
      weight
        == Sample(
          type: "HKQuantityTypeIdentifierBodyMass", value: .quantity(80, unit: "kg"), sourceName: "",
          startDate: Timestamp(millisecondsSince1970: 1_446_486_600_000),
          endDate: Timestamp(millisecondsSince1970: 1_446_486_600_000)))
    #expect(pressure.objects.map(\.value) == [.quantity(120, unit: "mmHg"), .quantity(80, unit: "mmHg")])
    #expect(workout.activityType == "HKWorkoutActivityTypeRunning")
    #expect(workout.duration == Quantity(value: 1800, unit: "s"))
    #expect(
      workout.events == [
        WorkoutEvent(
          type: "HKWorkoutEventTypePause", date: Timestamp(millisecondsSince1970: 1_446_480_900_000))
      ])
  }

  @Test func appendsTheArraysOfARepeatedKeyAndIgnoresUnknownKeys() throws {
    let json = """
      {"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":1,"value":1}],
       "somethingElse":{"nested":[1,2,{"deep":true}]},
       "metaData":{"type":"JsonSingleDocExportTarget","version":"1.0.0"},
       "HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":2,"value":2},{"unit":"count","sdate":3,"value":3}],
       "HKQuantityTypeIdentifierHeartRate":[]}
      """
    let values = try read(json).compactMap { item -> Double? in
      if case .sample(let sample) = item, case .quantity(let value, _) = sample.value { value } else { nil }
    }
    #expect(values == [1, 2, 3])
  }

  @Test func skipsTypesTheFilterLeavesOut() throws {
    let filter = ItemFilter(sampleTypes: [HealthKitIdentifier.bodyMass], includesCorrelations: false)
    let samples = try read(Self.seedExample, filter: filter).compactMap { item -> String? in
      if case .sample(let sample) = item { sample.type } else { nil }
    }
    #expect(samples == [HealthKitIdentifier.bodyMass])
  }

  @Test func readsCategoryNumbersBackToNames() throws {
    let json = """
      {"metaData":{"type":"JsonSingleDocExportTarget"},
       "HKCategoryTypeIdentifierSleepAnalysis":[{"sdate":1,"edate":2,"value":4},{"sdate":3,"value":9}],
       "HKCategoryTypeIdentifierHeadache":[{"sdate":1,"value":2}],
       "HKCategoryTypeIdentifierMindfulSession":[{"sdate":1,"edate":2}],
       "HKCategoryTypeIdentifierOther":[{"sdate":1,"valueName":"HKCategoryValueSomethingNew"}]}
      """
    let values = try read(json).compactMap { item -> SampleValue? in
      if case .sample(let sample) = item { sample.value } else { nil }
    }
    #expect(
      values == [
        .category("HKCategoryValueSleepAnalysisAsleepDeep"), .category("9"), .category("2"), .none,
        .category("HKCategoryValueSomethingNew"),
      ])
  }

  /// Dates are read from their digits, to the microsecond: more digits than a `Double` holds never
  /// round a date up into the next second, whether a sample is read key by key or an element whole.
  @Test func readsDatesToTheMicrosecondNeverRoundingUp() throws {
    let json = """
      {"metaData":{"type":"JsonSingleDocExportTarget"},
       "HKQuantityTypeIdentifierStepCount":[
         {"unit":"count","sdate":1768867199999.99999999,"edate":1768867199999.9999999,"cdate":1768867199999999.99e-3,"value":1}],
       "HKCorrelationTypeIdentifierBloodPressure":[{"sdate":1768867199999.99999999,"objects":[
         {"type":"HKQuantityTypeIdentifierBloodPressureSystolic","unit":"mmHg","sdate":1.76886719999999999999E12,"value":120}]}],
       "labResults":[{"loinc":"4548-4","value":7.5,"unit":"%","date":1768867199999.9999999999,"sourceName":"Lab"}]}
      """
    var dates: [Timestamp] = []
    for item in try read(json) {
      switch item {
      case .sample(let sample):
        dates += [sample.startDate, sample.endDate, sample.creationDate].compactMap { $0 }
      case .correlation(let correlation):
        dates += [correlation.startDate] + correlation.objects.map(\.startDate)
      case .labResult(let result): dates.append(result.date)
      default: break
      }
    }
    #expect(dates.count == 6)
    #expect(dates.allSatisfy { $0.millisecondsSince1970 == 1_768_867_199_999.999 })
    #expect(dates.allSatisfy { $0.wholeSecondsSince1970 == 1_768_867_199 })
  }

  /// Before 1970 a dropped fraction moves a date toward the past too.
  @Test func truncatesDatesBefore1970TowardThePast() throws {
    let json = """
      {"metaData":{"type":"JsonSingleDocExportTarget"},
       "HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":-1000.0000001,"edate":-0.5,"value":1}]}
      """
    let items = try read(json)
    guard case .sample(let sample) = items.first else {
      Issue.record("unexpected items \(items)")
      return
    }
    #expect(sample.startDate.millisecondsSince1970 == -1000.001)
    #expect(sample.startDate.wholeSecondsSince1970 == -2)
    #expect(sample.endDate.millisecondsSince1970 == -0.5)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var message: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    Failure(
      name: "a truncated profile",
      json:
        #"{"metaData":{"type":"JsonSingleDocExportTarget"},"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":14464867"#,
      message:
        "profile.json, byte 118, at HKQuantityTypeIdentifierStepCount[0].sdate: the input ends where ',' or '}' was expected; the file may be truncated"
    ),
    Failure(
      name: "another profile type",
      json:
        #"{"metaData":{"type":"JsonMultiDocExportTarget","version":"1.0.0"},"HKQuantityTypeIdentifierStepCount":[]}"#,
      message:
        "profile.json, byte 12, at metaData.type: the profile type is 'JsonMultiDocExportTarget', but only JsonSingleDocExportTarget profiles are read."
    ),
    Failure(
      name: "no metaData",
      json: #"{"HKQuantityTypeIdentifierStepCount":[]}"#,
      message:
        "profile.json has no metaData object; it is not a health profile (HealthKitSampleGenerator format 1.0.0)."
    ),
    Failure(
      name: "a value of the wrong kind",
      json:
        #"{"metaData":{"type":"JsonSingleDocExportTarget"},"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":"yesterday","value":1}]}"#,
      message:
        "profile.json, byte 110, at HKQuantityTypeIdentifierStepCount[0].sdate: expected a number, found a string"
    ),
    Failure(
      name: "an unescaped control character",
      json:
        "{\"metaData\":{\"type\":\"JsonSingleDocExportTarget\"},\"HKQuantityTypeIdentifierStepCount\":[{\"unit\":\"count\",\"sdate\":1,\"value\":1,\"sourceName\":\"a\nb\"}]}",
      message:
        "profile.json, byte 137, at HKQuantityTypeIdentifierStepCount[0].sourceName: raw control character U+000A in a string; JSON requires it escaped"
    ),
  ])
  func reportsWhatAndWhere(_ failure: Failure) {
    do {
      _ = try read(failure.json)
      Issue.record("no error")
    } catch {
      #expect("\(error)" == failure.message)
    }
  }

  @Test func reportsASampleWithoutAStartDate() throws {
    let json =
      #"{"metaData":{"type":"JsonSingleDocExportTarget"},"HKQuantityTypeIdentifierStepCount":[{"unit":"count","value":1},{"unit":"count","sdate":5}]}"#
    let diagnostics = Diagnostics()
    let reader = ProfileReader(
      stream: MemoryByteStream(Array(json.utf8), name: "profile.json"), filter: .everything,
      diagnostics: diagnostics, timeZone: .gmt)
    try reader.read { _, _ in }
    #expect(
      diagnostics.summary == [
        Diagnostics.Tally(
          reason: "a sample without sdate", count: 1,
          firstLocation: SourceLocation(file: "profile.json", line: 0, byteOffset: 86)),
        Diagnostics.Tally(
          reason: "a quantity without a value", count: 1,
          firstLocation: SourceLocation(file: "profile.json", line: 0, byteOffset: 113)),
      ])
  }
}
