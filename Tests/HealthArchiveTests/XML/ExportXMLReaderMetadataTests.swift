import HealthArchive
import HealthModel
import HealthTestSupport
import Testing

/// A record's metadata, read into the storage of the last record's list once its sample is gone.
@Suite struct ExportXMLReaderMetadataTests {
  /// Records of 3, 1, none, 2 (one of them an iOS 8 attribute), 9 (past the room a recycled list
  /// keeps) and 1 entries, in that order.
  static let xml = ExportXML.document(
    """
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:30:00 -0500" endDate="2026-01-09 10:30:00 -0500" value="61">
      <MetadataEntry key="a" value="1"/>
      <MetadataEntry key="b" value="2"/>
      <MetadataEntry key="c" value="3"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:31:00 -0500" endDate="2026-01-09 10:31:00 -0500" value="62">
      <MetadataEntry key="d" value="4"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:32:00 -0500" endDate="2026-01-09 10:32:00 -0500" value="63"/>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:33:00 -0500" endDate="2026-01-09 10:33:00 -0500" value="64" HKWasUserEntered="1">
      <MetadataEntry key="e" value="5"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:34:00 -0500" endDate="2026-01-09 10:34:00 -0500" value="65">
      <MetadataEntry key="f1" value="1"/>
      <MetadataEntry key="f2" value="2"/>
      <MetadataEntry key="f3" value="3"/>
      <MetadataEntry key="f4" value="4"/>
      <MetadataEntry key="f5" value="5"/>
      <MetadataEntry key="f6" value="6"/>
      <MetadataEntry key="f7" value="7"/>
      <MetadataEntry key="f8" value="8"/>
      <MetadataEntry key="f9" value="9"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-09 10:35:00 -0500" endDate="2026-01-09 10:35:00 -0500" value="66">
      <MetadataEntry key="g" value="7"/>
     </Record>
    """)

  /// Each record's metadata as `key=value` texts.
  static let expected: [[String]] = [
    ["a=1", "b=2", "c=3"], ["d=4"], [], ["HKWasUserEntered=1", "e=5"],
    (1...9).map { "f\($0)=\($0)" }, ["g=7"],
  ]

  static func texts(_ metadata: [MetadataEntry]) -> [String] {
    metadata.map { "\($0.key)=\($0.value)" }
  }

  /// A consumer that keeps every sample: each keeps its own entries, whatever the records after it
  /// hold.
  @Test func samplesKeptByTheConsumerKeepTheirOwnEntries() throws {
    let samples = try readExport(Self.xml).samples
    #expect(samples.map { Self.texts($0.metadata) } == Self.expected)
    #expect(samples.map(\.metadata.count) == [3, 1, 0, 2, 9, 1])
  }

  /// A consumer that keeps nothing of a sample: each record's entries are its own, none left of
  /// the record before, read into the storage its list left.
  @Test(arguments: [1, 7, 1 << 20])
  func samplesTheConsumerLetsGoOfGiveTheirStorageToTheNext(_ chunkLimit: Int) throws {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(Self.xml.utf8), name: "export.xml", chunkLimit: chunkLimit),
      filter: .everything, diagnostics: Diagnostics(isStrict: true))
    var seen: [[String]] = []
    try reader.read { item, _ in
      if case .sample(let sample) = item { seen.append(Self.texts(sample.metadata)) }
    }
    #expect(seen == Self.expected)
  }
}
