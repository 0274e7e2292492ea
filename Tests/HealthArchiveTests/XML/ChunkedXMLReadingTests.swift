import Foundation
import HealthModel
import HealthTestSupport
import SystemShim
import Testing

@testable import HealthArchive

/// Reading a health XML in chunks on two threads gives what one reader of the whole file gives:
/// the same items at the same lines and columns, the same diagnostics, the same header and the
/// same error, wherever the chunks are cut.
@Suite struct ChunkedXMLReadingTests {
  static let head = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
  static let steps = "HKQuantityTypeIdentifierStepCount"
  static let stepsOnly = ItemFilter(sampleTypes: [steps], includesCorrelations: true)

  /// What one reader of the whole of `xml` gives, as text.
  static func whole(_ xml: [UInt8], filter: ItemFilter, strict: Bool = false) -> String {
    let diagnostics = Diagnostics(isStrict: strict, keepsEach: true)
    let reader = ExportXMLReader(
      stream: MemoryByteStream(xml, name: "export.xml"), filter: filter, diagnostics: diagnostics)
    var lines: [String] = []
    do {
      try reader.read { item, location in lines.append("\(location): \(item)") }
    } catch {
      lines.append("error: \(error)")
    }
    return text(lines, diagnostics: diagnostics, header: reader.header)
  }

  /// What reading `xml` in chunks of about `chunkSize` bytes gives, as text, and how it went.
  static func chunked(
    _ xml: [UInt8], filter: ItemFilter, chunkSize: Int, strict: Bool = false, throughWindow: Bool = false
  ) -> String {
    chunkedReading(xml, filter: filter, chunkSize: chunkSize, strict: strict, throughWindow: throughWindow)
      .text
  }

  /// What reading `xml` in chunks gives, as text, and how the reading went, with `xml` read once,
  /// from its start, into a window that the chunks' readers share (as an archive's entry is) when
  /// `throughWindow`, else opened again at each offset (as a file is).
  static func chunkedReading(
    _ xml: [UInt8], filter: ItemFilter, chunkSize: Int, strict: Bool = false, throughWindow: Bool = false
  ) -> (text: String, counts: ChunkedXMLReading.Counts) {
    let diagnostics = Diagnostics(isStrict: strict, keepsEach: true)
    let source: any OffsetByteSource =
      throughWindow
      ? SharedByteWindow(MemoryByteStream(xml, name: "export.xml", chunkLimit: 777), blockSize: chunkSize)
      : ReopenedBytes { MemoryByteStream(xml, name: "export.xml", from: Int($0)) }
    let reading = ChunkedXMLReading(
      source: source, size: Int64(xml.count), chunkSize: chunkSize, filter: filter)
    var lines: [String] = []
    do {
      try reading.read(diagnostics: diagnostics, monitor: .none) { item, location in
        lines.append("\(location): \(item)")
      }
    } catch {
      lines.append("error: \(error)")
    }
    return (text(lines, diagnostics: diagnostics, header: reading.header), reading.counts)
  }

  static func text(_ lines: [String], diagnostics: Diagnostics, header: ExportHeader) -> String {
    let zones = header.timeZones.counts.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
    let others = header.otherElements.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
    return
      (lines + diagnostics.each.map(\.description) + [
        "time zones: \(zones.joined(separator: ", "))",
        "header: \(header.locale ?? "-") \(header.exportVersion ?? -1) \(others.joined(separator: ", "))",
      ]).joined(separator: "\n")
  }

  /// Reads `xml` whole and in chunks of several sizes with `filter`, opened at offsets and through
  /// a window, and expects the same.
  static func expectSame(
    _ xml: String, filter: ItemFilter = .everything, sizes: [Int] = [64, 100, 250, 1000, 4096],
    strict: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(xml.utf8)
    let expected = whole(bytes, filter: filter, strict: strict)
    for size in sizes {
      let got = chunked(bytes, filter: filter, chunkSize: size, strict: strict)
      #expect(got == expected, "chunks of \(size) bytes", sourceLocation: sourceLocation)
      let windowed = chunked(bytes, filter: filter, chunkSize: size, strict: strict, throughWindow: true)
      #expect(
        windowed == expected, "chunks of \(size) bytes, through a window", sourceLocation: sourceLocation)
    }
  }

  static func record(_ day: Int, value: Int, type: String = steps, children: String = "") -> String {
    let date = "2024-01-\(day < 10 ? "0" : "")\(day) 10:00:00 +0100"
    let attributes =
      "<Record type=\"\(type)\" sourceName=\"Phone\" unit=\"count\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\""
    return children.isEmpty ? " \(attributes)/>\n" : " \(attributes)>\n\(children) </Record>\n"
  }

  /// Many records, some with metadata naming zones, to be cut in many places.
  static let records = (1...28).map { day in
    record(day, value: day * 10)
      + record(
        day, value: 60 + day, type: "HKQuantityTypeIdentifierHeartRate",
        children:
          "  <MetadataEntry key=\"HKTimeZone\" value=\"\(day % 3 == 0 ? "Europe/Paris" : "Europe/Berlin")\"/>\n"
      )
  }.joined()

  @Test func aGeneratedExportReadsAlikeWhateverTheChunks() throws {
    let xml = try GeneratedArchive.xml(days: 20)
    let text = String(decoding: xml, as: UTF8.self)
    Self.expectSame(text, sizes: [1000, 7000, 65536])
    Self.expectSame(text, filter: Self.stepsOnly, sizes: [1000, 7000, 65536])
    Self.expectSame(text, filter: .wholeRecord, sizes: [5000])
  }

  @Test func recordsCutEverywhereKeepTheirLinesColumnsAndZones() {
    Self.expectSame(Self.head + Self.records + "</HealthData>\n")
    Self.expectSame(Self.head + Self.records + "</HealthData>\n", filter: Self.stepsOnly)
    let counts = Self.chunkedReading(
      Array((Self.head + Self.records + "</HealthData>\n").utf8), filter: .everything, chunkSize: 250
    ).counts
    #expect(counts == ChunkedXMLReading.Counts(chunks: 29, readAgain: 0, restReadAtOnce: false))
  }

  @Test func aCutInsideACorrelationOrACommentIsReadAgain() {
    // Members written one space in, as top-level records are: a cut can fall on them.
    let correlation = """
       <Correlation type="HKCorrelationTypeIdentifierBloodPressure" startDate="2024-01-05 10:00:00 +0100" endDate="2024-01-05 10:00:00 +0100">
       <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" unit="mmHg" startDate="2024-01-05 10:00:00 +0100" endDate="2024-01-05 10:00:00 +0100" value="120"/>
       <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" unit="mmHg" startDate="2024-01-05 10:00:00 +0100" endDate="2024-01-05 10:00:00 +0100" value="80"/>
       </Correlation>

      """
    let comment =
      "<!--\n <Record type=\"\(Self.steps)\" value=\"1\"/>\n <Record type=\"\(Self.steps)\" value=\"2\"/>\n-->\n"
    let cdata = "<Note><![CDATA[\n <Record type=\"x\">\n <Other/>\n]]></Note>\n"
    let xml =
      Self.head + Self.records + String(repeating: correlation, count: 4) + comment + Self.records + cdata
      + Self.records + "</HealthData>\n"
    Self.expectSame(xml)
    Self.expectSame(xml, filter: Self.stepsOnly)
    // Two cuts fall inside (the comment's, a correlation's), and are read again.
    for throughWindow in [false, true] {
      #expect(
        Self.chunkedReading(
          Array(xml.utf8), filter: .everything, chunkSize: 600, throughWindow: throughWindow
        )
        .counts == ChunkedXMLReading.Counts(chunks: 60, readAgain: 2, restReadAtOnce: false))
    }
  }

  @Test func aWindowHoldsOnlyTheChunksBeingRead() throws {
    let xml = Array((Self.head + String(repeating: Self.records, count: 10) + "</HealthData>\n").utf8)
    let chunkSize = 250
    let window = SharedByteWindow(MemoryByteStream(xml, name: "export.xml"), blockSize: chunkSize)
    let reading = ChunkedXMLReading(
      source: window, size: Int64(xml.count), chunkSize: chunkSize, filter: .everything)
    var items = 0
    var mostHeld = 0
    try reading.read(diagnostics: Diagnostics(), monitor: .none) { _, _ in
      items += 1
      mostHeld = max(mostHeld, window.heldBlocks)
    }
    #expect(items == 560)
    #expect(xml.count / chunkSize > 300)
    // The chunk handed over and the four read ahead (each at most five chunks long, to its cut),
    // the next cut looked for, and two blocks more: whatever the file's length.
    #expect(mostHeld > 0 && mostHeld <= 28)
  }

  /// However long the consumer takes, no more chunks are opened than the one handed over and
  /// those the filter lets be read ahead.
  @Test(arguments: [1, 2, 4])
  func noMoreChunksAreReadAheadThanTheFilterSays(_ ahead: Int) throws {
    let xml = Array((Self.head + String(repeating: Self.records, count: 10) + "</HealthData>\n").utf8)
    let opened = Locked(0)
    let source = ReopenedBytes { offset in
      opened.withLock { $0 += 1 }
      return MemoryByteStream(xml, name: "export.xml", from: Int(offset))
    }
    var filter = ItemFilter.everything
    filter.chunksReadAhead = ahead
    let chunkSize = 4096
    let reading = ChunkedXMLReading(
      source: source, size: Int64(xml.count), chunkSize: chunkSize, filter: filter)
    var openedAtFirstItem: Int?
    var items = 0
    try reading.read(diagnostics: Diagnostics(), monitor: .none) { _, _ in
      if openedAtFirstItem == nil {
        // The readers open what they may (a chunk's items never wait on the consumer), and are
        // given time to open more.
        let deadline = Date().addingTimeInterval(10)
        while opened.withLock({ $0 }) < 2 * (ahead + 1) && Date() < deadline {
          Thread.sleep(forTimeInterval: 0.01)
        }
        Thread.sleep(forTimeInterval: 0.2)
        openedAtFirstItem = opened.withLock { $0 }
      }
      items += 1
    }
    #expect(items == 560)
    #expect(xml.count / chunkSize > ahead + 2)
    // The chunk handed over and those read ahead, each opened where its end is looked for and
    // where it starts.
    #expect(openedAtFirstItem == 2 * (ahead + 1))
    #expect(reading.counts.readAgain == 0)
  }

  @Test func anElementLongerThanAChunkIsReadOnByOneReader() {
    let events = (0..<200).map { _ in
      "  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"2024-01-05 10:00:00 +0100\"/>\n"
    }.joined()
    let workout =
      " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" startDate=\"2024-01-05 10:00:00 +0100\" endDate=\"2024-01-05 11:00:00 +0100\">\n"
      + events + " </Workout>\n"
    let xml = Self.head + Self.records + workout + Self.records + "</HealthData>\n"
    Self.expectSame(xml, sizes: [100, 1000])
    for throughWindow in [false, true] {
      #expect(
        Self.chunkedReading(
          Array(xml.utf8), filter: .everything, chunkSize: 1000, throughWindow: throughWindow
        )
        .counts.restReadAtOnce)
    }
    // Without a line break to cut at: one reader for the whole.
    Self.expectSame(
      Self.head + Self.records.replacingOccurrences(of: "\n", with: "") + "</HealthData>", sizes: [100])
  }

  @Test func errorsInALaterChunkAreTheFilesFirstAtTheFilesLine() {
    let body = Self.head + Self.records
    Self.expectSame(
      body + " <Record type=\"\(Self.steps)\" value=\"1\" unit=<\n" + Self.records + "</HealthData>\n")
    Self.expectSame(
      body + " <Record type=\"\(Self.steps)\">\n  <MetadataEntry key=\"k\" value=\"v\">\n </Record>\n")
    // Cut short: the root's line, read by the first chunk, is named.
    Self.expectSame(body + Self.records)
    Self.expectSame(body + " <Record type=\"\(Self.steps)\" value=\"1\"")
    let cut = body + Self.records
    let lastLine = cut.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(
      Self.chunked(Array(cut.utf8), filter: .everything, chunkSize: 100).contains(
        "error: export.xml, line \(lastLine), column 1: the file ends before <HealthData> (opened at line 2) is closed"
      ))
  }

  @Test func damagedRecordsAreReportedInOrderAndStrictModeStopsAtTheFirst() {
    let damaged = (1...12).map { day in
      Self.record(day, value: day)
        + " <Record type=\"\(Self.steps)\" sourceName=\"Phone\" unit=\"count\" startDate=\"never\" endDate=\"2024-01-01 10:00:00 +0100\" value=\"\(day)\"/>\n"
        + " <Record type=\"\(Self.steps)\" sourceName=\"Phone\" unit=\"count\" startDate=\"2024-01-01 10:00:00 +0100\" endDate=\"2024-01-01 10:00:00 +0100\" value=\"many\"/>\n"
    }.joined()
    let xml = Self.head + damaged + Self.records + "</HealthData>\n"
    Self.expectSame(xml)
    Self.expectSame(xml, strict: true)
  }

  @Test func aChunkWithMoreDiagnosticsThanAreKeptGivesWayToOneReader() throws {
    // Each record's value is not a number: one diagnostic each, more than a chunk keeps.
    let count = Diagnostics.keptLimit + 5
    let damaged = String(
      repeating:
        " <Record type=\"\(Self.steps)\" unit=\"count\" startDate=\"2024-01-01 10:00:00 +0100\" endDate=\"2024-01-01 10:00:00 +0100\" value=\"many\"/>\n",
      count: count)
    let xml = Array((Self.head + damaged + Self.records + "</HealthData>\n").utf8)
    func read(_ reading: (Diagnostics, (HealthItem, HealthModel.SourceLocation) -> Void) throws -> Void)
      throws -> (
        items: Int, diagnostics: Diagnostics
      )
    {
      let diagnostics = Diagnostics()
      var items = 0
      try reading(diagnostics) { _, _ in items += 1 }
      return (items, diagnostics)
    }
    let whole = try read { diagnostics, consume in
      try ExportXMLReader(
        stream: MemoryByteStream(xml, name: "export.xml"), filter: Self.stepsOnly, diagnostics: diagnostics
      ).read(consume)
    }
    let reading = ChunkedXMLReading(
      open: { MemoryByteStream(xml, name: "export.xml", from: Int($0)) }, size: Int64(xml.count),
      chunkSize: xml.count, filter: Self.stepsOnly)
    let chunked = try read { diagnostics, consume in
      try reading.read(diagnostics: diagnostics, monitor: .none, consume)
    }
    #expect(reading.counts == ChunkedXMLReading.Counts(chunks: 0, readAgain: 0, restReadAtOnce: true))
    #expect(whole.items == 28)
    #expect(chunked.items == 28)
    #expect(
      whole.diagnostics.summary == [
        Diagnostics.Tally(
          reason: "value is not a number", count: count,
          firstLocation: HealthModel.SourceLocation(file: "export.xml", line: 3, column: 2))
      ])
    #expect(chunked.diagnostics.summary == whole.diagnostics.summary)
  }

  @Test(.enabled(if: RealExports.isAvailable, "../shared/real-exports is not beside the package"))
  func realExportsReadAlike() throws {
    for name in [
      "ericwolter-apple-healthkit-csv__Exportieren.xml", "ericwolter-apple-healthkit-csv__export.xml",
      "brianerdelyi-AppleHealthKitXsltStylesheet__export.xml", "grll-apple-health-mcp__export.xml",
    ] {
      let bytes = try StreamBytes.all(of: FileByteStream(path: RealExports.path(name)))
      let expected = Self.whole(bytes, filter: .everything)
      for size in [3000, 50000] {
        #expect(Self.chunked(bytes, filter: .everything, chunkSize: size) == expected, "\(name), \(size)")
        #expect(
          Self.chunked(bytes, filter: .everything, chunkSize: size, throughWindow: true) == expected,
          "\(name), \(size), through a window")
      }
    }
  }
}
