import HealthModel
import Testing

@testable import HealthArchive

/// The reader with records of unselected types passed over by `RecordSkip` reads what it reads
/// without: the same items at the same lines, the same diagnostics, the same error.
@Suite struct RecordSkipReadingTests {
  static let steps = "HKQuantityTypeIdentifierStepCount"
  static let filter = ItemFilter(sampleTypes: [steps], includesCorrelations: true)
  static let head = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
  static let wanted =
    " <Record type=\"\(steps)\" sourceName=\"Phone\" unit=\"count\" startDate=\"2024-01-01 10:00:00 +0100\" endDate=\"2024-01-01 10:05:00 +0100\" value=\"12\"/>\n"

  /// What reading `xml` gives, as text, and how many records were passed over.
  static func outcome(
    _ xml: String, skipping: Bool, chunkLimit: Int = .max, bufferSize: Int = 1 << 20
  ) -> (text: String, passedOver: Int, samples: Int) {
    var (lines, reader, samples) = readingLines(
      xml, filter: filter, chunkLimit: chunkLimit, bufferSize: bufferSize
    ) { reader in
      if !skipping { reader.tokenizer.skipsRecordType = nil }
    }
    let header = reader.header
    lines.append(
      "header: \(header.locale ?? "-") \(header.exportVersion ?? -1) \(header.otherElements.sorted { $0.key < $1.key })"
    )
    return (lines.joined(separator: "\n"), reader.tokenizer.recordsPassedOver, samples)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var body: String
    /// The error's message, or nil when the document reads.
    var error: String?
    /// How many records are passed over at one read of the whole document.
    var passedOver: Int
    var testDescription: String { name }
    var xml: String { RecordSkipReadingTests.head + body }
  }

  static let cases: [Case] = [
    Case(
      name: "well-formed records around a wanted one",
      body: """
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="61"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" value="62">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
         </Record>
        \(wanted) <Record type='HKQuantityTypeIdentifierHeartRate' value="63"/>
        </HealthData>
        """, error: nil, passedOver: 2),
    Case(
      name: "time zones in skipped records, as Apple writes them and otherwise",
      body: """
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry value="America/New_York" key="HKTimeZone"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key='HKTimeZone' value='Asia/Tokyo'/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HK&#84;imeZone" value="Europe/Paris"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Rome"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTimeZoneX" value="Europe/Oslo"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTimeZone"  value="Europe/Madrid"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTimeZone" value='Europe/Madrid'/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" value="HKCategoryValueSleepAnalysisInBed">
          <MetadataEntry key="HKTime&#90;one" value="Europe/Madrid"/>
         </Record>
        \(wanted)</HealthData>
        """, error: nil, passedOver: 3),
    Case(
      name: "skipped records the last one's bytes over, or up to a value",
      body: """
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="61">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="61">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="62">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="62"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="62" extra="x"/>
        \(wanted)</HealthData>
        """, error: nil, passedOver: 5),
    Case(
      name: "a skipped record the last one's bytes up to a less-than sign",
      body: """
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="61"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="6<1"/>
        \(wanted)</HealthData>
        """,
      error: "export.xml, line 4, column 76: unexpected '<' in the value of attribute 'value'", passedOver: 1),
    Case(
      name: "a skipped record cut at its end",
      body:
        " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"61\">\n  <MetadataEntry key=\"k\" value=\"v\"/>\n </Rec",
      error: "export.xml, line 5, column 2: the file ends inside an end tag; it may be truncated",
      passedOver: 0),
    Case(
      name: "a skipped record never closed",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"61\">\n" + wanted,
      error:
        "export.xml, line 5, column 1: the file ends before <Record> (opened at line 3) is closed; it may be truncated",
      passedOver: 0),
    Case(
      name: "a less-than sign in a skipped record's value",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"6<1\"/>\n" + wanted
        + "</HealthData>",
      error: "export.xml, line 3, column 59: unexpected '<' in the value of attribute 'value'", passedOver: 0),
    Case(
      name: "a greater-than sign in a skipped record's value",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"6>1\"/>\n" + wanted
        + "</HealthData>",
      error: nil, passedOver: 1),
    Case(
      name: "an unquoted value in a skipped record",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=61/>\n" + wanted + "</HealthData>",
      error: "export.xml, line 3, column 57: the value of attribute 'value' is not in quotes", passedOver: 0),
    Case(
      name: "a nested record in a skipped one",
      body:
        " <Record type=\"HKQuantityTypeIdentifierHeartRate\">\n  <Record type=\"\(steps)\" value=\"1\"/>\n </Record>\n"
        + wanted + "</HealthData>",
      error: nil, passedOver: 1),
    Case(
      name: "a nested record left open in a skipped one",
      body:
        " <Record type=\"HKQuantityTypeIdentifierHeartRate\">\n  <Record type=\"\(steps)\" value=\"1\">\n </Record>\n"
        + wanted + "</HealthData>",
      error: "export.xml, line 7, column 1: end tag </HealthData> does not close <Record>", passedOver: 0),
    Case(
      name: "a comment and CDATA in a skipped record",
      body:
        " <Record type=\"HKQuantityTypeIdentifierHeartRate\"><!-- </Record> --><![CDATA[</Record>]]></Record>\n"
        + wanted + "</HealthData>",
      error: nil, passedOver: 0),
    Case(
      name: "a comment never closed in a skipped record",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\"><!-- </Record>\n" + wanted + "</HealthData>",
      error: "export.xml, line 3, column 51: the file ends inside a comment; it may be truncated",
      passedOver: 0),
    Case(
      name: "a NUL in a skipped record's value",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"6\u{0}\"/>\n" + wanted
        + "</HealthData>",
      error:
        "export.xml, line 3, column 59: a NUL byte in the value of attribute 'value'; the file is damaged",
      passedOver: 0),
    Case(
      name: "a slash not closing a skipped record's tag",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"6\" /x>\n</Record>\n" + wanted
        + "</HealthData>",
      error: "export.xml, line 3, column 62: unexpected 'x', expected '>' after '/'", passedOver: 0),
    Case(
      name: "a mismatched end tag after a skipped record's child",
      body:
        " <Record type=\"HKQuantityTypeIdentifierHeartRate\">\n  <MetadataEntry key=\"k\" value=\"v\"/>\n </Workout>\n"
        + wanted + "</HealthData>",
      error: "export.xml, line 5, column 2: end tag </Workout> does not close <Record>", passedOver: 0),
    Case(
      name: "an iOS 8 name with spaces in a skipped record",
      body: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" Health Mate App Version=\"2.6.2\"/>\n"
        + wanted
        + "</HealthData>",
      error: nil, passedOver: 0),
  ]

  @Test(arguments: cases)
  func readsWhatTheTokenizerReads(testCase: Case) {
    let plain = Self.outcome(testCase.xml, skipping: false)
    let skipped = Self.outcome(testCase.xml, skipping: true)
    #expect(skipped.text == plain.text)
    #expect(skipped.passedOver == testCase.passedOver)
    #expect(plain.passedOver == 0)
    if let error = testCase.error {
      #expect(("\n" + skipped.text).contains("\nerror: \(error)\n"))
      #expect(skipped.samples == 0)
    } else {
      #expect(!skipped.text.contains("error:"))
      #expect(skipped.samples == 1)
    }
  }

  /// Records cut by the buffer's end are handed back and read by the tokenizer.
  @Test(arguments: [1, 3, 7, 64], [32, 256])
  func readsTheSameInAnyChunking(chunkLimit: Int, bufferSize: Int) {
    for testCase in Self.cases {
      let plain = Self.outcome(testCase.xml, skipping: false, chunkLimit: chunkLimit, bufferSize: bufferSize)
      let skipped = Self.outcome(testCase.xml, skipping: true, chunkLimit: chunkLimit, bufferSize: bufferSize)
      #expect(skipped.text == plain.text, "\(testCase.name)")
    }
  }

  /// Runs of records whose types begin as the wanted one's, or as the last one passed over, are
  /// each decided by their own type: a type and a longer one, a shorter one, the other quote.
  @Test(arguments: [1, 7, 64], [32, 256])
  func typesSharingAPrefixAreDecidedEachByItsOwn(chunkLimit: Int, bufferSize: Int) {
    let xml =
      Self.head
        + """
         <Record type="\(Self.steps)X" value="1"/>
        \(Self.wanted) <Record type="\(Self.steps)X" value="2"/>
         <Record type="HKQuantityTypeIdentifierStep" value="3"/>
         <Record type="HKQuantityTypeIdentifierStep" value="4"/>
         <Record type='\(Self.steps)' unit="count" startDate="2024-01-01 11:00:00 +0100" endDate="2024-01-01 11:05:00 +0100" value="5"/>
        \(Self.wanted)\(Self.wanted)</HealthData>
        """
    let plain = Self.outcome(xml, skipping: false, chunkLimit: chunkLimit, bufferSize: bufferSize)
    let skipped = Self.outcome(xml, skipping: true, chunkLimit: chunkLimit, bufferSize: bufferSize)
    #expect(skipped.text == plain.text)
    #expect(skipped.samples == 4)
    #expect(!skipped.text.contains("error:"))
    #expect(Self.outcome(xml, skipping: true).passedOver == 4)
  }

  /// A filter that keeps every type passes nothing over.
  @Test func everythingPassesNothingOver() {
    let reader = ExportXMLReader(
      stream: MemoryByteStream(Array((Self.head + "</HealthData>").utf8), name: "export.xml"),
      filter: .everything, diagnostics: Diagnostics())
    #expect(reader.tokenizer.skipsRecordType == nil)
  }
}
