import Foundation
import HealthArchive
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

/// What the profile writer puts in a category sample's `value`, and what reads back.
@Suite struct ProfileWriterTests {
  static let options = ProfileWriter.Options(
    profileName: "categories", creationDate: Timestamp(secondsSince1970: 1_768_910_400),
    timeZone: .named(.gmt))

  /// The profile of `items`, as text.
  static func profile(of items: [HealthItem]) throws -> String {
    let writer = ProfileWriter(options: options, spillFolder: nil)
    for item in items { try writer.add(item) }
    var bytes: [UInt8] = []
    _ = try writer.finish(timeZone: .gmt, into: ByteSink { bytes.append($0) })
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The samples a profile reads back as.
  static func samples(of profile: String) throws -> [Sample] {
    let reader = ProfileReader(
      stream: MemoryByteStream(Array(profile.utf8), name: "profile.json"), filter: .everything,
      diagnostics: Diagnostics(isStrict: true), timeZone: .gmt)
    var samples: [Sample] = []
    try reader.read { item, _ in
      if case .sample(let sample) = item { samples.append(sample) }
    }
    return samples
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var type: String
    var value: SampleValue
    /// The element written, between `sdate` and `sourceName`.
    var written: String
    var readBack: SampleValue
    var testDescription: String {
      "\(type.replacingOccurrences(of: "HKCategoryTypeIdentifier", with: "")) \(value)"
    }
  }

  @Test(arguments: [
    // Types whose only value is HKCategoryValueNotApplicable (0), with the value or without it.
    Case(
      type: "HKCategoryTypeIdentifierMindfulSession", value: .none, written: #""value":0"#,
      readBack: .category("HKCategoryValueNotApplicable")),
    Case(
      type: "HKCategoryTypeIdentifierMindfulSession", value: .category("HKCategoryValueNotApplicable"),
      written: #""value":0"#, readBack: .category("HKCategoryValueNotApplicable")),
    Case(
      type: "HKCategoryTypeIdentifierHandwashingEvent", value: .none, written: #""value":0"#,
      readBack: .category("HKCategoryValueNotApplicable")),
    Case(
      type: "HKCategoryTypeIdentifierSexualActivity", value: .none, written: #""value":0"#,
      readBack: .category("HKCategoryValueNotApplicable")),
    // iOS 8 left out a value of 0: a sleep record without one is in bed.
    Case(
      type: "HKCategoryTypeIdentifierSleepAnalysis", value: .none, written: #""value":0"#,
      readBack: .category("HKCategoryValueSleepAnalysisInBed")),
    Case(
      type: "HKCategoryTypeIdentifierSleepAnalysis", value: .category("1"), written: #""value":1"#,
      readBack: .category("HKCategoryValueSleepAnalysisAsleepUnspecified")),
    Case(
      type: "HKCategoryTypeIdentifierAppleStandHour", value: .none, written: #""value":0"#,
      readBack: .category("HKCategoryValueAppleStandHourStood")),
    // A type whose values start at 1 gets 0 too, which reads back as the number.
    Case(
      type: "HKCategoryTypeIdentifierMenstrualFlow", value: .none, written: #""value":0"#,
      readBack: .category("0")),
  ])
  func writesTheValueACategorySampleImplies(_ example: Case) throws {
    let sample = Sample(
      type: example.type, value: example.value, sourceName: "Phone",
      startDate: Timestamp(secondsSince1970: 1_768_050_000),
      endDate: Timestamp(secondsSince1970: 1_768_050_300))
    let profile = try Self.profile(of: [.sample(sample)])
    #expect(
      profile.contains(
        "\n\"\(example.type)\":[\n{\"sdate\":1768050000000,\"edate\":1768050300000,\(example.written),\"sourceName\":\"Phone\"}\n]"
      ))
    let readBack = try Self.samples(of: profile)
    #expect(readBack.map(\.value) == [example.readBack])
    #expect(try Self.profile(of: readBack.map(HealthItem.sample)) == profile)
  }

  /// A sample of another kind with neither value nor unit gets no number the input did not give.
  @Test func writesNoValueOutsideTheCategoryTypes() throws {
    let sample = Sample(
      type: "HKDataTypeSleepDurationGoal", value: .none, sourceName: "Phone",
      startDate: Timestamp(secondsSince1970: 1_768_050_000),
      endDate: Timestamp(secondsSince1970: 1_768_050_000))
    let profile = try Self.profile(of: [.sample(sample)])
    #expect(
      profile.contains(
        "\n\"HKDataTypeSleepDurationGoal\":[\n{\"sdate\":1768050000000,\"sourceName\":\"Phone\"}\n]"))
    #expect(try Self.samples(of: profile).map(\.value) == [.none])
  }

  /// An iOS 8 export's sleep records: numbers, and no value where the number was 0.
  @Test func writesIOS8SleepWithoutAValueAsInBed() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <HealthData locale="de_DE">
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" source="UP" unit="" creationDate="20141202154721+0200" startDate="20141202014500+0200" endDate="20141202102500+0200"/>
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" source="UP" unit="" creationDate="20141202154721+0200" startDate="20141202014500+0200" endDate="20141202102500+0200" value="1"/>
      </HealthData>
      """
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: "export.xml"), filter: .everything,
      diagnostics: Diagnostics(isStrict: true))
    var items: [HealthItem] = []
    try reader.read { item, _ in items.append(item) }
    let profile = try Self.profile(of: items)
    #expect(
      profile.contains(
        """
        "HKCategoryTypeIdentifierSleepAnalysis":[
        {"sdate":1417477500000,"edate":1417508700000,"value":0,"sourceName":"UP","cdate":1417528041000},
        {"sdate":1417477500000,"edate":1417508700000,"value":1,"sourceName":"UP","cdate":1417528041000}
        ]
        """))
    #expect(
      try Self.samples(of: profile).map(\.value) == [
        .category("HKCategoryValueSleepAnalysisInBed"),
        .category("HKCategoryValueSleepAnalysisAsleepUnspecified"),
      ])
  }
}
