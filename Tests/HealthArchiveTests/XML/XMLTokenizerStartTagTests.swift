import Testing

@testable import HealthArchive

/// Start tags: names and attributes as scanned, the stretches and values taken from the last tag
/// of the same shape read as any other.
@Suite struct XMLTokenizerStartTagTests {
  /// Tags shaped as the one before (the stretches between values the same bytes, which are then
  /// not scanned again) read as any other, whatever differs after the stretches that match: names,
  /// quotes, entities, spacing, another order, one attribute more or fewer, a repaired name; values
  /// cut by every buffer boundary.
  @Test(arguments: [1, 3, 7, 64])
  func tagsShapedAsTheLastReadAsAnyOther(_ chunk: Int) throws {
    let xml = """
      <r><a x="1" unit="kg"/><a x="2" unit="lb"/><a x="3" unit='st'/><a x="4" unit="&lt;g&#x3E;"/>\
      <a x="5"  unit="kg"/><a x="6" unit="kg" extra="e"/><a x="7"/><a unit="kg" x="8"/>\
      <a x="9" unit="kg"><m k="v"/><m k="w" z="'"/></a><a x="10" unit="it's"/>\
      <a x="11" Health Mate="2"/><a x="12" Health Mate="3"/><a x="13" unit="kg"/></r>
      """
    let tokens = try XMLTokenizerTests.tokens(xml, chunk: chunk)
    #expect(try XMLTokenizerTests.tokens(xml, chunk: chunk, remembersTagShapes: false) == tokens)
    #expect(
      tokens == [
        "<r []", "<a/ [\"x=1\", \"unit=kg\"]", "<a/ [\"x=2\", \"unit=lb\"]", "<a/ [\"x=3\", \"unit=st\"]",
        "<a/ [\"x=4\", \"unit=<g>\"]", "<a/ [\"x=5\", \"unit=kg\"]",
        "<a/ [\"x=6\", \"unit=kg\", \"extra=e\"]",
        "<a/ [\"x=7\"]", "<a/ [\"unit=kg\", \"x=8\"]", "<a [\"x=9\", \"unit=kg\"]", "<m/ [\"k=v\"]",
        "<m/ [\"k=w\", \"z=\\'\"]", "</a []", "<a/ [\"x=10\", \"unit=it\\'s\"]",
        "<a/ [\"x=11\", \"Health Mate=2\"]",
        "<a/ [\"x=12\", \"Health Mate=3\"]", "<a/ [\"x=13\", \"unit=kg\"]", "</r []", "end []",
      ])
  }

  /// A name given twice is found in a tag whose first stretches are the last tag's, and not in
  /// one that is the last tag's over.
  @Test(arguments: [1, 5, 64])
  func aRepeatedNameIsFoundAfterATagOfTheSameShape(_ chunk: Int) throws {
    let xml = """
      <r><a x="1" y="2"/><a x="1" y="2"/><a x="1" x="2"/><a x="1" y="2" x="3"/><a x="1" y="2"/>\
      <a Health Mate="1" Health Mate="2"/><a x="1" y="2"/></r>
      """
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(Array(xml.utf8), name: "t.xml", chunkLimit: chunk), bufferSize: 16,
      maximumMarkupSize: 1 << 16)
    _ = try tokenizer.next()
    var repeated: [String?] = []
    while case .startTag = try tokenizer.next() {
      repeated.append(tokenizer.repeatedAttribute().map { tokenizer.attributeName($0) })
    }
    #expect(repeated == [nil, nil, "x", "x", nil, "Health Mate", nil])
  }

  /// An error in a tag shaped as the last is reported where and as it is in any other.
  @Test(arguments: [
    (
      #"<a x="1" y="2"/><a x="1" y="<"/>"#,
      "t.xml, line 1, column 32: unexpected '<' in the value of attribute 'y'"
    ),
    (
      #"<a x="1" y="2"/><a x="1" y="2<"/>"#,
      "t.xml, line 1, column 33: unexpected '<' in the value of attribute 'y'"
    ),
    (
      #"<a x="1" y="2"/><a x="1" y=2/>"#,
      "t.xml, line 1, column 31: the value of attribute 'y' is not in quotes"
    ),
    (#"<a x="1" y="2"/><a x="1" y="2"z/>"#, "t.xml, line 1, column 35: attribute 'z' has no '=' and value"),
  ])
  func anErrorInATagOfTheSameShapeIsReportedAsAnyOther(tags: String, message: String) throws {
    let xml = "<r>\(tags)</r>"
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(Array(xml.utf8), name: "t.xml", chunkLimit: 4), bufferSize: 16,
      maximumMarkupSize: 1 << 16)
    let error = try #require(throws: XMLError.self) {
      while try tokenizer.next() != .endOfInput {}
    }
    #expect(error.description == message)
  }

  /// Values that are the last tag's at their place (taken as read then, with whether they needed
  /// decoding), and values that differ from it by a byte, end later or earlier, or quote otherwise,
  /// read as any other, cut by every buffer boundary.
  @Test(arguments: [1, 3, 7, 64])
  func valuesRepeatedFromTheLastTagReadAsAnyOther(_ chunk: Int) throws {
    let xml = """
      <r><a d="&lt;dev&gt;" v="1"/><a d="&lt;dev&gt;" v="1"/><a d="&lt;dev&gt;x" v="1"/><a d="&lt;dev" v="11"/>\
      <a d="&lt;dev&gt;" v='1'/><a d="&lt;dev&gt;" v="1'"/><a d="&lt;dev&gt;" v="1"/><a d="plain" v="1"/>\
      <a d="plain" v="1"/></r>
      """
    let tokens = try XMLTokenizerTests.tokens(xml, chunk: chunk)
    #expect(try XMLTokenizerTests.tokens(xml, chunk: chunk, remembersTagShapes: false) == tokens)
    #expect(
      tokens == [
        "<r []", "<a/ [\"d=<dev>\", \"v=1\"]", "<a/ [\"d=<dev>\", \"v=1\"]", "<a/ [\"d=<dev>x\", \"v=1\"]",
        "<a/ [\"d=<dev\", \"v=11\"]", "<a/ [\"d=<dev>\", \"v=1\"]", "<a/ [\"d=<dev>\", \"v=1\\'\"]",
        "<a/ [\"d=<dev>\", \"v=1\"]", "<a/ [\"d=plain\", \"v=1\"]", "<a/ [\"d=plain\", \"v=1\"]", "</r []",
        "end []",
      ])
  }

  /// A tag with more attributes than the tokenizer keeps keeps the first ones, exactly, and says
  /// there were more; the next tag starts a list of its own.
  @Test func attributesPastTheLimitAreScannedPastAndNoted() throws {
    let limit = XMLTokenizer.maximumAttributes
    let attributes = (0...limit).map { " a\($0)=\"\($0)\"" }.joined()
    let xml = "<r><t\(attributes)/><u b=\"2\"/></r>"
    let tokenizer = XMLTokenizer(stream: MemoryByteStream(Array(xml.utf8), name: "t.xml"), bufferSize: 64)
    _ = try tokenizer.next()
    #expect(try tokenizer.next() == .startTag(isEmpty: true))
    #expect(tokenizer.hasTooManyAttributes)
    #expect(tokenizer.attributes.count == limit)
    #expect(try tokenizer.attributes.last.map { try tokenizer.value(of: $0) } == "\(limit - 1)")
    #expect(tokenizer.attributes.first.map { tokenizer.attributeName($0) } == "a0")
    #expect(try tokenizer.next() == .startTag(isEmpty: true))
    #expect(!tokenizer.hasTooManyAttributes)
    #expect(
      try tokenizer.attributes.map { "\(tokenizer.attributeName($0))=\(try tokenizer.value(of: $0))" } == [
        "b=2"
      ])
  }
}
