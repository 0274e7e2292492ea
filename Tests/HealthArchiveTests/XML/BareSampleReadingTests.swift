import HealthModel
import Testing

@testable import HealthArchive

/// `ItemFilter.bareUntil`: the top-level samples of a type named there that start no later than
/// its instant come without their metadata and beats (an update compares them by key alone);
/// later ones, other types and a correlation's members come whole; the reader reads the same
/// records, at the same lines, either way.
@Suite struct BareSampleReadingTests {
  static let hrv = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
  static let pressure = "HKQuantityTypeIdentifierBloodPressureSystolic"
  /// 2024-01-01 09:00:00 UTC.
  static let first: Int64 = 1_704_099_600

  static func record(_ type: String, hour: Int, value: String, member: Bool = false) -> String {
    let indent = member ? "  " : " "
    let date = "2024-01-01 \(10 + hour):00:00 +0100"
    return """
      \(indent)<Record type="\(type)" unit="ms" startDate="\(date)" endDate="\(date)" value="\(value)">
      \(indent) <MetadataEntry key="HKWasUserEntered" value="\(value)"/>
      \(indent) <HeartRateVariabilityMetadataList>
      \(indent)  <InstantaneousBeatsPerMinute bpm="\(value)" time="10:00:00,00 AM"/>
      \(indent) </HeartRateVariabilityMetadataList>
      \(indent)</Record>
      """
  }

  static let xml =
    "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
    + [
      record(hrv, hour: 0, value: "41"), record(hrv, hour: 1, value: "42"), record(hrv, hour: 2, value: "43"),
      " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" startDate=\"2024-01-01 10:00:00 +0100\" endDate=\"2024-01-01 10:00:00 +0100\">",
      record(pressure, hour: 0, value: "120", member: true),
      " </Correlation>",
      record(pressure, hour: 0, value: "121"),
    ].joined(separator: "\n") + "\n</HealthData>\n"

  /// The samples read with `filter` (a correlation's members after it), each as its value, its
  /// metadata's values and its beats, with the line it starts on.
  static func read(_ filter: ItemFilter) throws -> [String] {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: "export.xml"), filter: filter,
      diagnostics: Diagnostics())
    var read: [String] = []
    func describe(_ sample: Sample, line: Int) -> String {
      let value: String
      if case .quantity(let number, _) = sample.value { value = String(number) } else { value = "?" }
      return
        "\(line) \(value) metadata \(sample.metadata.map(\.value)) beats \(sample.beats.compactMap(\.beatsPerMinute))"
    }
    try reader.read { item, location in
      switch item {
      case .sample(let sample): read.append(describe(sample, line: location.line))
      case .correlation(let correlation):
        read.append(contentsOf: correlation.objects.map { "member " + describe($0, line: location.line) })
      default: break
      }
    }
    return read
  }

  @Test func samplesUpToTheInstantComeBare() throws {
    var filter = ItemFilter.wholeRecord
    // The second record's start: the first two are bare, the third whole; blood pressure up to
    // the same instant bare at the top level, whole inside its correlation.
    filter.bareUntil = [Self.hrv: Self.first + 3600, Self.pressure: Self.first + 3600]
    #expect(
      try Self.read(filter) == [
        "3 41.0 metadata [] beats []",
        "9 42.0 metadata [] beats []",
        "15 43.0 metadata [\"43\"] beats [43.0]",
        "member 21 120.0 metadata [\"120\"] beats [120.0]",
        "29 121.0 metadata [] beats []",
      ])
    #expect(
      try Self.read(.wholeRecord) == [
        "3 41.0 metadata [\"41\"] beats [41.0]",
        "9 42.0 metadata [\"42\"] beats [42.0]",
        "15 43.0 metadata [\"43\"] beats [43.0]",
        "member 21 120.0 metadata [\"120\"] beats [120.0]",
        "29 121.0 metadata [\"121\"] beats [121.0]",
      ])
  }

  /// Items an app supplies are admitted as the reader delivers them.
  @Test func admitsBareSamplesAsTheReaderDeliversThem() {
    var filter = ItemFilter.wholeRecord
    filter.bareUntil = [Self.hrv: Self.first]
    func sample(at seconds: Int64) -> Sample {
      let start = Timestamp(secondsSince1970: seconds, writtenUTCOffset: 3600)
      return Sample(
        type: Self.hrv, value: .quantity(41, unit: "ms"), sourceName: "Watch", sourceVersion: nil,
        device: nil,
        creationDate: nil, startDate: start, endDate: start,
        metadata: [MetadataEntry(key: "HKWasUserEntered", value: "1")],
        beats: [InstantaneousBeat(beatsPerMinute: 41, time: "10:00:00,00 AM")])
    }
    guard case .sample(let bare) = filter.admitting(.sample(sample(at: Self.first))),
      case .sample(let whole) = filter.admitting(.sample(sample(at: Self.first + 1)))
    else {
      Issue.record("a sample not admitted")
      return
    }
    #expect(bare.metadata.isEmpty && bare.beats.isEmpty)
    #expect(whole.metadata.count == 1 && whole.beats.count == 1)
  }
}
