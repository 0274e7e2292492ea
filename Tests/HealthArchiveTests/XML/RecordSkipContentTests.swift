import Testing

@testable import HealthArchive

/// `RecordSkip.contentEnd`: the content of a record whose metadata nobody asked for is read past
/// only when the tokenizer would find in it nothing to decode, repair or report.
@Suite struct RecordSkipContentTests {
  /// Where the content at the start of `text`, of an element named `name`, ends by `skip`, or nil
  /// when it is handed back.
  private static func end(
    _ text: String, name: String = "Record", maximumChildren: Int = 10, by skip: inout RecordSkip
  ) -> Int? {
    let bytes = Array(text.utf8)
    let nameBytes = Array(name.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      nameBytes.withUnsafeBufferPointer { name in
        skip.contentEnd(
          of: buffer.baseAddress!, from: 0, end: bytes.count, name: name, maximumChildren: maximumChildren)
      }
    }
  }

  private static func end(_ text: String, name: String = "Record", maximumChildren: Int = 10) -> Int? {
    var skip = RecordSkip()
    return end(text, name: name, maximumChildren: maximumChildren, by: &skip)
  }

  static let entries = """

      <MetadataEntry key="HKTimeZone" value="America/New_York"/>
      <MetadataEntry key="HKWasUserEntered" value="1"/>
     </Record>
    """

  @Test(arguments: [
    (entries, entries.utf8.count),
    (entries + "\n <Record", entries.utf8.count),
    ("</Record>", 9),
    ("text > / ' \" &amp; ]]> </Record>", 32),
    (#"<MetadataEntry key='k' value="it's"/></Record>"#, 46),
    (#"<MetadataEntry key = "k"value="v" /></Record>"#, 45),
    (#"<HeartRateVariabilityMetadataList/></Record>"#, 44),
    (#"<MetadataEntry key="k" value="Ünïcödé ⌚ > /"/></Record>"#, 61),
  ])
  func passesOverPlainEntries(text: String, end: Int) {
    #expect(Self.end(text) == end)
  }

  @Test func endsAtItsOwnElementsEndTag() {
    #expect(Self.end(#"<MetadataEntry key="k" value="v"/></Correlation>"#, name: "Correlation") == 48)
    #expect(Self.end(#"<MetadataEntry key="k" value="v"/></Correlation>"#) == nil)
    #expect(Self.end(#"<MetadataEntry key="k" value="v"/></Recordx>"#) == nil)
  }

  @Test(arguments: [
    // What the tokenizer decodes in a value: an entity, a character reference, a control character.
    #"<MetadataEntry key="k" value="a &amp; b"/></Record>"#,
    #"<MetadataEntry key="k" value="&#x41;"/></Record>"#,
    #"<MetadataEntry key="k" value="&bogus;"/></Record>"#,
    "<MetadataEntry key=\"k\" value=\"a\tb\"/></Record>",
    "<MetadataEntry key=\"k\" value=\"a\nb\"/></Record>",
    // What it reports or repairs.
    #"<MetadataEntry key="k" key="v"/></Record>"#,
    #"<MetadataEntry key="k" value="v" key="w"/></Record>"#,
    #"<MetadataEntry key="k" value="v<"/></Record>"#,
    "<MetadataEntry key=\"k\" value=\"v\u{0}\"/></Record>",
    #"<MetadataEntry key="k" value=v/></Record>"#,
    #"<MetadataEntry Health Mate="2"/></Record>"#,
    #"<MetadataEntry key="k" / ></Record>"#,
    #"< MetadataEntry/></Record>"#,
    // Content that is not empty children, or not its own end tag exactly.
    #"<MetadataEntry key="k" value="v"></MetadataEntry></Record>"#,
    #"<HeartRateVariabilityMetadataList><InstantaneousBeatsPerMinute bpm="60" time="1"/></HeartRateVariabilityMetadataList></Record>"#,
    #"<!-- a comment --></Record>"#,
    #"<![CDATA[ x ]]></Record>"#,
    #"<?pi x?></Record>"#,
    #"</Record >"#,
    #"</Workout>"#,
    // The buffer's end first.
    #"<MetadataEntry key="k" value="v"/>"#,
    #"<MetadataEntry key="k" value="v"/></Rec"#,
    #"<MetadataEntry key="k" value="v"#,
  ])
  func handsBackWhatTheTokenizerMustJudge(text: String) {
    #expect(Self.end(text) == nil)
  }

  @Test func countsItsChildren() {
    let entry = #"<MetadataEntry key="k" value="v"/>"#
    let ten = String(repeating: entry, count: 10) + "</Record>"
    #expect(Self.end(ten, maximumChildren: 10) == ten.utf8.count)
    #expect(Self.end(ten, maximumChildren: 9) == nil)
  }

  /// Tags the last one's bytes over, or up to a value, are judged as any other: a name given twice
  /// after the stretches of a tag whose names were all different is still found, and a value that
  /// needs decoding after the last one's stretches still hands the content back.
  @Test func aTagOfTheLastShapeIsJudgedAsAnyOther() {
    let texts = [
      #"<MetadataEntry key="k" value="v"/></Record>"#,
      #"<MetadataEntry key="k" value="v"/></Record>"#,
      #"<MetadataEntry key="k" value="w"/></Record>"#,
      #"<MetadataEntry key="k" value="w" key="x"/></Record>"#,
      #"<MetadataEntry key="k" value="v"/></Record>"#,
      #"<MetadataEntry key="k" value="&amp;"/></Record>"#,
      #"<MetadataEntry key="k" value="v"/></Record>"#,
      #"<MetadataEntry key="k" key="v"/></Record>"#,
      #"<MetadataEntry key="k" value="v" other="1"/></Record>"#,
      #"<MetadataEntry key="k" value="v" other="1" key="2"/></Record>"#,
    ]
    var shared = RecordSkip()
    var ends: [Int?] = []
    for text in texts + texts {
      let end = Self.end(text, by: &shared)
      #expect(end == Self.end(text), "\(text)")
      ends.append(end)
    }
    #expect(ends.filter { $0 != nil }.count == 12)
  }

  /// A tag with more attributes than the shape keeps is handed back: its names are not known to
  /// be all different.
  @Test func aTagWithMoreAttributesThanTheShapeKeepsIsHandedBack() {
    let attributes = (0...TagShape.limit).map { " a\($0)=\"1\"" }.joined()
    #expect(Self.end("<MetadataEntry\(attributes)/></Record>") == nil)
    let kept = (0..<TagShape.limit).map { " a\($0)=\"1\"" }.joined()
    let text = "<MetadataEntry\(kept)/></Record>"
    #expect(Self.end(text) == text.utf8.count)
  }
}
