import HealthModel
import Testing

@testable import HealthArchive

/// Samples of a type whose metadata the filter does not ask for come without it, and the reader
/// reads the same whether their plain metadata entries are passed over unread or tokenized: the
/// same items at the same lines, the same diagnostics, the same error.
@Suite struct MetadataPassOverReadingTests {
  static let glucose = "HKQuantityTypeIdentifierBloodGlucose"
  static let filter = ItemFilter(sampleTypes: nil, includesCorrelations: true, metadataTypes: [glucose])
  static let head = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
  static let dates = #"startDate="2024-01-01 10:00:00 +0100" endDate="2024-01-01 10:05:00 +0100""#
  static let heartRate =
    #" <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" \#(dates) value="61">"#

  /// What reading `xml` gives, as text, and how many contents were passed over.
  static func outcome(
    _ xml: String, passingOver: Bool, filter: ItemFilter = filter, chunkLimit: Int = .max,
    bufferSize: Int = 1 << 20
  ) -> (text: String, passedOver: Int, samples: Int) {
    let (lines, reader, samples) = readingLines(
      xml, filter: filter, chunkLimit: chunkLimit, bufferSize: bufferSize
    ) { reader in
      reader.tokenizer.passesOverContent = passingOver
    }
    return (lines.joined(separator: "\n"), reader.tokenizer.contentsPassedOver, samples)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var body: String
    /// The error's message, or nil when the document reads.
    var error: String?
    /// How many records' contents are passed over at one read of the whole document.
    var passedOver: Int
    /// How many samples are delivered.
    var samples: Int
    var testDescription: String { name }
    var xml: String { MetadataPassOverReadingTests.head + body + "\n</HealthData>\n" }
  }

  static func record(_ children: String) -> String {
    heartRate + "\n" + children + "\n </Record>"
  }

  static let entry = #"  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>"#

  static let cases: [Case] = [
    Case(
      name: "plain entries, the last one's bytes over",
      body: record(entry) + "\n" + record(entry + "\n" + entry) + "\n"
        + record(#"  <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>"#),
      error: nil, passedOver: 3, samples: 3),
    Case(
      name: "time zones passed over, as Apple writes them and otherwise",
      body: record(#"  <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>"#) + "\n"
        + record(#"  <MetadataEntry value="Asia/Tokyo" key="HKTimeZone"/>"#) + "\n"
        + record(entry + "\n" + #"  <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>"#) + "\n"
        + record(
          #"  <MetadataEntry key="HKTimeZone" value="Europe/Paris"/><MetadataEntry key="HKTimeZone" value="Europe/Rome"/>"#
        ),
      error: nil, passedOver: 2, samples: 4),
    Case(
      name: "an entity or a tab in an entry's value",
      body: record(#"  <MetadataEntry key="k" value="a &amp; b"/>"#) + "\n"
        + record("  <MetadataEntry key=\"k\" value=\"a\tb\"/>"),
      error: nil, passedOver: 0, samples: 2),
    Case(
      name: "an undefined entity in an entry's value",
      body: record(#"  <MetadataEntry key="k" value="&bogus;"/>"#),
      error:
        "export.xml, line 4, column 33: unknown entity '&bogus;' (only &lt; &gt; &amp; &quot; &apos; and character references are read)",
      passedOver: 0, samples: 0),
    Case(
      name: "an entry's attribute given twice",
      body: record(entry) + "\n" + record(#"  <MetadataEntry key="k" key="v"/>"#),
      error: nil, passedOver: 1, samples: 1),
    Case(
      name: "a less-than sign in an entry's value",
      body: record(#"  <MetadataEntry key="k" value="a<b"/>"#),
      error: "export.xml, line 4, column 34: unexpected '<' in the value of attribute 'value'",
      passedOver: 0, samples: 0),
    Case(
      name: "a heartbeat list, a comment, an end tag with a space",
      body: heartRate
        + #"<HeartRateVariabilityMetadataList><InstantaneousBeatsPerMinute bpm="60" time="1"/></HeartRateVariabilityMetadataList></Record>"#
        + "\n" + heartRate + "<!-- x --></Record>\n" + heartRate + "</Record >",
      error: nil, passedOver: 0, samples: 3),
    Case(
      name: "a mismatched end tag",
      body: heartRate + "\n" + entry + "\n </Workout>",
      error: "export.xml, line 5, column 2: end tag </Workout> does not close <Record>",
      passedOver: 0, samples: 0),
    Case(
      name: "members of a correlation, and a kept type's entries",
      body: """
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" \(dates)>
          <MetadataEntry key="HKWasUserEntered" value="1"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" unit="mmHg" \(dates) value="120">
           <MetadataEntry key="HKWasUserEntered" value="1"/>
          </Record>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" unit="mmHg" \(dates) value="80">
           <MetadataEntry key="HKWasUserEntered" value="1"/>
          </Record>
         </Correlation>
         <Record type="\(glucose)" unit="mg/dL" \(dates) value="90">
          <MetadataEntry key="HKBloodGlucoseMealTime" value="1"/>
         </Record>
        """,
      error: nil, passedOver: 2, samples: 1),
    Case(
      name: "more children than an item keeps",
      body: record(String(repeating: "<M/>", count: ResourceLimit.childrenPerItem.value + 1)) + "\n"
        + record(String(repeating: "<M/>", count: ResourceLimit.childrenPerItem.value)),
      error: nil, passedOver: 1, samples: 1),
  ]

  @Test(arguments: cases)
  func readsWhatTheTokenizerReads(testCase: Case) {
    let plain = Self.outcome(testCase.xml, passingOver: false)
    let passed = Self.outcome(testCase.xml, passingOver: true)
    #expect(passed.text == plain.text)
    #expect(passed.passedOver == testCase.passedOver)
    #expect(plain.passedOver == 0)
    #expect(passed.samples == testCase.samples)
    if let error = testCase.error {
      #expect(("\n" + passed.text).contains("\nerror: \(error)"), "\(passed.text)")
    } else {
      #expect(!passed.text.contains("error:"))
    }
  }

  /// Contents cut by the buffer's end are handed back and read by the tokenizer.
  @Test(arguments: [1, 7, 64], [32, 256])
  func readsTheSameInAnyChunking(chunkLimit: Int, bufferSize: Int) {
    for testCase in Self.cases.prefix(9) {
      let plain = Self.outcome(
        testCase.xml, passingOver: false, chunkLimit: chunkLimit, bufferSize: bufferSize)
      let passed = Self.outcome(
        testCase.xml, passingOver: true, chunkLimit: chunkLimit, bufferSize: bufferSize)
      #expect(passed.text == plain.text, "\(testCase.name)")
    }
  }

  /// Samples of the types asked for keep their metadata, in order; the others have none.
  @Test func keepsTheMetadataAskedFor() throws {
    let xml = Self.cases[8].xml
    let diagnostics = Diagnostics(keepsEach: true)
    var items: [HealthItem] = []
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array(xml.utf8), name: "export.xml"), filter: Self.filter,
      diagnostics: diagnostics)
    try reader.read { item, _ in items.append(item) }
    guard items.count == 2, case .correlation(let pressure) = items[0], case .sample(let glucose) = items[1]
    else {
      Issue.record("read \(items)")
      return
    }
    #expect(pressure.metadata == [MetadataEntry(key: "HKWasUserEntered", value: "1")])
    #expect(pressure.objects.map(\.metadata) == [[], []])
    #expect(glucose.metadata == [MetadataEntry(key: "HKBloodGlucoseMealTime", value: "1")])
    let everything = Self.outcome(xml, passingOver: true, filter: .everything)
    #expect(everything.passedOver == 0)
    #expect(everything.text.ranges(of: "HKWasUserEntered").count == 3)
  }

  /// Items an app supplies are admitted as the reader would deliver them: without the metadata
  /// the filter does not ask for.
  @Test func admitsItemsWithoutTheMetadataNotAskedFor() {
    let entry = MetadataEntry(key: "HKWasUserEntered", value: "1")
    let start = Timestamp(secondsSince1970: 1_704_099_600, writtenUTCOffset: 3600)
    func sample(_ type: String) -> Sample {
      Sample(
        type: type, value: .quantity(1, unit: "count"), sourceName: "Phone", sourceVersion: nil, device: nil,
        creationDate: nil, startDate: start, endDate: start, metadata: [entry], beats: [])
    }
    guard
      case .sample(let heart) = Self.filter.admitting(.sample(sample("HKQuantityTypeIdentifierHeartRate")))
    else {
      Issue.record("a heart rate not admitted")
      return
    }
    #expect(heart.metadata.isEmpty)
    guard case .sample(let kept) = Self.filter.admitting(.sample(sample(Self.glucose))) else {
      Issue.record("a glucose reading not admitted")
      return
    }
    #expect(kept.metadata == [entry])
  }
}
