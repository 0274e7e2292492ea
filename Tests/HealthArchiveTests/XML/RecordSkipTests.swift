import Testing

@testable import HealthArchive

@Suite struct RecordSkipTests {
  /// Where the record at the start of `text` ends by `RecordSkip`, or nil when it is handed back;
  /// and the type it read.
  private static func skip(_ text: String) -> (type: String?, end: Int?) {
    var skip = RecordSkip()
    return skip.pass(text)
  }

  static let empty = #"<Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" value="61"/>"#
  static let withChildren = """
    <Record type="HKQuantityTypeIdentifierHeartRate" value="61">
      <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
      <MetadataEntry key="a/b" value="c/d"/>
     </Record>
    """

  @Test(arguments: [
    (empty, empty.utf8.count),
    (empty + "\n <Record", empty.utf8.count),
    (#"<Record type="T"/>"#, 18),
    (#"<Record type="T" device="&lt;&lt;HKDevice: 0x1&gt;, name:Watch&gt;" v="1"/>"#, 75),
    (withChildren, withChildren.utf8.count),
    (withChildren + "<Record", withChildren.utf8.count),
    (#"<Record type="T"></Record>"#, 26),
    (#"<Record type="T" a="x/y">text</Record>"#, 38),
    (#"<Record type="T" v='1'/>"#, 24),
    (#"<Record type="T" v="a>b"/>"#, 26),
    (#"<Record type="T" v="a/>b" w='"'/>"#, 33),
    (#"<Record type="T" v = "1"x="2"/>"#, 31),
    (#"<Record type="T"><Record type="U"/></Record>"#, 44),
    (#"<Record type="T"><MetadataEntryX key="k"/> > text & </Record>"#, 61),
    (#"<Record type="T" sourceName="Ünïcödé ⌚"/>"#, 47),
  ])
  func passesOverAWellFormedRecord(text: String, end: Int) {
    #expect(Self.skip(text).end == end)
  }

  /// Tags of the shape of the last are checked as any other: the same ends, and the same records
  /// handed back, as with nothing remembered.
  @Test func aTagOfTheLastShapeIsCheckedAsAnyOther() {
    let texts = [
      Self.withChildren, Self.empty,
      #"<Record type="T" unit="count/min" value="61"/>"#,
      #"<Record type="T" unit="count/min" value=61/>"#,
      #"<Record type="T" unit="count/min"value="61"/>"#,
      #"<Record type="T" unit ="count/min" value="61"/>"#,
      #"<Record type="T" unit="count/min" value="6<1"/>"#,
      #"<Record type="T" unit="count/min" value="61" /x>"#,
      #"<Record type="T" unit="count/min" value="61" value2="62"/>"#,
      #"<Record type="T" unit="count/min" value='61'/>"#,
      #"<Record type="T" value="61"><MetadataEntry key="k" value="0"/><MetadataEntry key=a/b/></Record>"#,
      #"<Record type="T" value="61"><MetadataEntry key="k" value="0"x"/></Record>"#,
      Self.withChildren,
    ]
    var shared = RecordSkip()
    var passed = 0
    for text in texts + texts {
      let result = shared.pass(text)
      #expect(result.end == Self.skip(text).end, "\(text)")
      if result.end != nil { passed += 1 }
    }
    #expect(passed == 16)
  }

  @Test func readsTheType() {
    #expect(Self.skip(Self.empty).type == "HKQuantityTypeIdentifierHeartRate")
    #expect(Self.skip(#"<Record type="">"#).type == "")
  }

  @Test(arguments: [
    #"<Recording type="T"/>"#,
    #"<Record  type="T"/>"#,
    #"<Record kind="T"/>"#,
    #"<Record type="T"#,
    #"<Record type="HK&#x54;ype"/>"#,
    "<Record type=\"a\tb\"/>",
    #"<Record type="a<b"/>"#,
    #"<Record type='T'/>"#,
  ])
  func leavesOtherTagsToTheTokenizer(text: String) {
    #expect(Self.skip(text).type == nil)
  }

  @Test(arguments: [
    // Inside the tag: what the tokenizer reports or repairs.
    #"<Record type="T" v="a<b"/>"#,
    "<Record type=\"T\" v=\"a\u{0}b\"/>",
    #"<Record type="T" v="1" / >"#,
    #"<Record type="T" v="1" /x>"#,
    #"<Record type="T" v="1""#,
    #"<Record type="T" v=1/>"#,
    #"<Record type="T" v/>"#,
    #"<Record type="T" ="1"/>"#,
    #"<Record type="T" Health Mate="2"/>"#,
    "<Record type=\"T\" a\u{1}b=\"1\"/>",
    // Its content: anything but empty children and its own end tag.
    #"<Record type="T"><MetadataEntry key="k" value="v"></MetadataEntry></Record>"#,
    #"<Record type="T"><HeartRateVariabilityMetadataList></HeartRateVariabilityMetadataList></Record>"#,
    #"<Record type="T"><!-- a comment --></Record>"#,
    #"<Record type="T"><![CDATA[ x ]]></Record>"#,
    #"<Record type="T"><?pi x?></Record>"#,
    #"<Record type="T"></Workout>"#,
    #"<Record type="T"></Record >"#,
    #"<Record type="T"><MetadataEntry key="k" value="v"/>"#,
    #"<Record type="T"><MetadataEntry key="k" value="v<"/></Record>"#,
    #"<Record type="T">< MetadataEntry/></Record>"#,
    #"<Record type="T"></Rec"#,
  ])
  func handsBackWhatTheTokenizerMustJudge(text: String) {
    let result = Self.skip(text)
    #expect(result.type == "T")
    #expect(result.end == nil)
  }

  /// The word-at-a-time search agrees with a byte-by-byte one on every offset and length.
  @Test(arguments: [UInt8(ascii: "\""), UInt8(ascii: "'")])
  func valuesEndWhereAByteByByteSearchEndsThem(quote: UInt8) {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet: [UInt8] = [0, 0x22, 0x27, 0x3C, 0x3E, 0x41, 0x20, 0x2F, 0xFF, 0x80]
    var bytes: [UInt8] = []
    for _ in 0..<4000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Mostly letters, so that values of every length occur.
      let pick = Int(state >> 58)
      bytes.append(pick < alphabet.count ? alphabet[pick] : 0x61)
    }
    func reference(_ from: Int, _ end: Int) -> Int? {
      guard let at = bytes[from..<end].firstIndex(where: { $0 == quote || $0 == 0 || $0 == 0x3C }) else {
        return nil
      }
      return bytes[at] == quote ? at : nil
    }
    var mismatches = 0
    var found = 0
    bytes.withUnsafeBufferPointer { buffer in
      for from in stride(from: 0, to: 300, by: 7) {
        for length in 0..<90 {
          let expected = reference(from, from + length)
          if expected != nil { found += 1 }
          if RecordSkip.valueEnd(buffer.baseAddress!, from: from, end: from + length, quote: quote)
            != expected
          {
            mismatches += 1
          }
        }
      }
    }
    #expect(mismatches == 0)
    #expect(found > 500)
  }
}

extension RecordSkip {
  /// Where the record at the start of `text` ends, or nil when it is handed back; and its type.
  fileprivate mutating func pass(_ text: String) -> (type: String?, end: Int?) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let p = buffer.baseAddress!
      guard let type = RecordSkip.type(p, at: 0, end: bytes.count) else { return (nil, nil) }
      return (String(decoding: type, as: UTF8.self), end(of: p, at: 0, type: type, end: bytes.count))
    }
  }
}
