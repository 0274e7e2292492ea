import HealthModel
import SystemShim
import Testing

@testable import HealthArchive

/// The tokenizer's tokens and what it hands out with them.
@Suite struct XMLTokenizerTests {
  /// Every token of `xml`, each with its tag's name and attribute names, read through a 16-byte
  /// buffer in reads of `chunk` bytes so that the buffer moves between tokens.
  static func tokens(_ xml: String, chunk: Int, remembersTagShapes: Bool = true) throws -> [String] {
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(Array(xml.utf8), name: "t.xml", chunkLimit: chunk), bufferSize: 16,
      maximumMarkupSize: 1 << 16)
    tokenizer.remembersTagShapes = remembersTagShapes
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
    let text = try tokenizer.withText { String(utf8: $0) }
    #expect(text == "2026-01-10T23:00:01Z")
    let error = try #require(throws: XMLError.self) { try tokenizer.next() }
    #expect(
      error.description
        == "r.gpx, line 2, column 28: the file ends before <time> (opened at line 2) is closed; it may be truncated"
    )
  }

  /// An element opened with the name last closed at its depth takes the bytes kept of it, and one
  /// of another name (shorter, longer, other) writes its own: each end tag is checked against the
  /// name it closes.
  @Test(arguments: [1, 3, 7, 64])
  func endTagsCloseTheNamesOpenedInPlaceOfTheLastOnes(_ chunk: Int) throws {
    let xml = "<r><ab><c/></ab><ab><cd></cd></ab><a><c></c></a><abc><c></c></abc><b></b></r>"
    #expect(
      try Self.tokens(xml, chunk: chunk) == [
        "<r []", "<ab []", "<c/ []", "</ab []", "<ab []", "<cd []", "</cd []", "</ab []", "<a []", "<c []",
        "</c []", "</a []", "<abc []", "<c []", "</c []", "</abc []", "<b []", "</b []", "</r []", "end []",
      ])
  }

  struct OpenNameCase: CustomTestStringConvertible, Sendable {
    var name: String
    var xml: String
    var message: String
    var testDescription: String { name }
  }

  /// The errors that name an open element name the one open, after elements of names that begin
  /// as it or as the last one closed at its depth.
  @Test(arguments: [
    OpenNameCase(
      name: "a shorter name than the last closed",
      xml: "<r><ab></ab><a></ab></r>", message: "t.xml, line 1, column 16: end tag </ab> does not close <a>"),
    OpenNameCase(
      name: "a longer name than the last closed",
      xml: "<r><a></a><ab></a></r>", message: "t.xml, line 1, column 15: end tag </a> does not close <ab>"),
    OpenNameCase(
      name: "the name last closed, then a child's",
      xml: "<r><ab><c></c></ab><ab><c></cd></ab></r>",
      message: "t.xml, line 1, column 27: end tag </cd> does not close <c>"),
    OpenNameCase(
      name: "the file ending inside the name last closed",
      xml: "<r>\n<ab><c/></ab>\n<ab>",
      message:
        "t.xml, line 3, column 5: the file ends before <ab> (opened at line 3) is closed; it may be truncated"
    ),
  ])
  func errorsNameTheElementOpen(_ example: OpenNameCase) throws {
    for chunk in [1, 3, 64] {
      let error = try #require(throws: XMLError.self) { _ = try Self.tokens(example.xml, chunk: chunk) }
      #expect(error.description == example.message)
    }
  }

  /// Every tag is where a count of its bytes puts it, whatever the lines' lengths and wherever the
  /// buffer moves: line breaks before a tag, in runs, inside one, and stretches longer than the
  /// ones counted a word at a time (in the larger buffer).
  @Test(arguments: [1, 7, 64, 1 << 16], [256, 1 << 16])
  func tagsAreAtTheLineAndColumnTheirBytesGive(chunk: Int, bufferSize: Int) throws {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var xml = "<r>"
    for _ in 0..<400 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      xml += String(repeating: " ", count: Int(state >> 60))
      xml += String(repeating: "\n", count: Int((state >> 52) & 0x3))
      if (state >> 40) & 0x1F == 0 { xml += String(repeating: "x", count: 1500) + "\n" }
      xml += (state >> 30) & 1 == 0 ? "<a v=\"1\"/>" : "<a\n v=\"1\n2\"/>"
    }
    xml += "\n</r>"
    let bytes = Array(xml.utf8)
    var expected: [String] = []
    var line = 1
    var column = 1
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "a") {
        expected.append("\(line):\(column)")
      }
      if byte == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(bytes, name: "t.xml", chunkLimit: chunk), bufferSize: bufferSize)
    var found: [String] = []
    while true {
      let token = try tokenizer.next()
      if token == .endOfInput { break }
      if token == .startTag(isEmpty: true) {
        let location = tokenizer.tagLocation
        found.append("\(location.line):\(location.column)")
      }
    }
    #expect(expected.count == 400)
    #expect(found == expected)
  }
}
