import Testing

@testable import HealthArchive

/// The tokenizer's tokens and what it hands out with them.
@Suite struct XMLTokenizerTests {
  /// Every token of `xml`, each with its tag's name and attribute names, read through a 16-byte
  /// buffer in reads of `chunk` bytes so that the buffer moves between tokens.
  static func tokens(_ xml: String, chunk: Int) throws -> [String] {
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(Array(xml.utf8), name: "t.xml", chunkLimit: chunk), bufferSize: 16,
      maximumMarkupSize: 1 << 16)
    var seen: [String] = []
    while true {
      let token = try tokenizer.next()
      let names = try tokenizer.attributes.map {
        "\(tokenizer.attributeName($0))=\(try tokenizer.value(of: $0))"
      }
      switch token {
      case .startTag(let isEmpty): seen.append("<\(tokenizer.name)\(isEmpty ? "/" : "") \(names)")
      case .endTag: seen.append("</\(tokenizer.name) \(names)")
      case .endOfInput:
        seen.append("end \(names)")
        return seen
      }
    }
  }

  /// An end tag has no attributes: those of the start tag before it pointed into a buffer that
  /// may since have moved (found by the xml-tokenizer fuzz target,
  /// Fuzz/Regressions/xml-tokenizer/stale-attributes-after-end-tag).
  @Test(arguments: [1, 3, 7, 64])
  func anEndTagCarriesNoAttributesOfTheStartTagBefore(_ chunk: Int) throws {
    let xml = "<root><a key=\"value\" other=\"2\"></a><b x=\"1\"/></root>"
    #expect(
      try Self.tokens(xml, chunk: chunk) == [
        "<root []", "<a [\"key=value\", \"other=2\"]", "</a []", "<b/ [\"x=1\"]", "</root []", "end []",
      ])
  }

  /// Text cut by the end of the file is the bytes there are, and the truncation is reported at
  /// the end, in the element it is in, however the reads fall.
  @Test(arguments: [1, 3, 7, 64])
  func textCutByTheEndOfTheFileIsReportedWhereItEnds(_ chunk: Int) throws {
    let xml = "<gpx>\n <time>2026-01-10T23:00:01Z"
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(Array(xml.utf8), name: "r.gpx", chunkLimit: chunk), bufferSize: 16,
      maximumMarkupSize: 1 << 16)
    #expect(try tokenizer.next() == .startTag(isEmpty: false))
    #expect(try tokenizer.next() == .startTag(isEmpty: false))
    let text = try tokenizer.withText { String(decoding: $0, as: UTF8.self) }
    #expect(text == "2026-01-10T23:00:01Z")
    let error = try #require(throws: XMLError.self) { try tokenizer.next() }
    #expect(
      error.description
        == "r.gpx, line 2, column 28: the file ends before <time> (opened at line 2) is closed; it may be truncated"
    )
  }

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
    let tokens = try Self.tokens(xml, chunk: chunk)
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
}
