import Foundation
import SystemShim
import Testing

@testable import HealthArchive

/// The last start tag at a depth, whose shared bytes a tag is read through without being scanned:
/// what it keeps and when it is taken; and, through the tokenizer, tags that share any number of
/// bytes with the last one read as they read when every byte is scanned.
@Suite struct TagTemplateTests {
  /// Runs `body` with the bytes of `text`.
  private static func with<R>(_ text: String, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    Array(text.utf8).withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
  }

  private static func boundary(_ end: Int, repairs: Int = 0) -> TagTemplate.Boundary {
    TagTemplate.Boundary(
      attribute: RawAttribute(
        nameStart: 1, nameEnd: 2, valueStart: 4, valueEnd: end - 1, needsDecoding: false),
      end: end, repairs: repairs, followsShape: true, namesDistinct: true)
  }

  /// Keeps ` a="1" b="22"/>` as scanned: two attributes ending at 6 and 13.
  private static func kept(generation: Int = 7) -> TagTemplate {
    let template = TagTemplate()
    template.beginScan()
    template.note(0, boundary(6))
    template.note(1, boundary(13))
    with(#" a="1" b="22"/>"#) { p, count in
      template.keep(
        p, length: count, shared: 0, count: 2, isEmptyElement: true, namesDistinct: true,
        generation: generation)
    }
    return template
  }

  @Test func sharedBytesAreCountedToTheFirstDifference() {
    let template = Self.kept()
    #expect(template.length == 15 && template.count == 2 && template.isEmptyElement)
    // The same bytes through the end, cut short, differing at 9 or at 0.
    #expect(Self.with(#" a="1" b="22"/>"#) { template.sharedLength($0, available: $1, generation: 7) } == 15)
    #expect(
      Self.with(#" a="1" b="22"/> more"#) { template.sharedLength($0, available: $1, generation: 7) } == 15)
    #expect(Self.with(#" a="1" b="2"#) { template.sharedLength($0, available: $1, generation: 7) } == 11)
    #expect(Self.with(#" a="1" b="3"/>"#) { template.sharedLength($0, available: $1, generation: 7) } == 10)
    #expect(Self.with(#"xa="1""#) { template.sharedLength($0, available: $1, generation: 7) } == 0)
    // The shape changed since: nothing is shared.
    #expect(Self.with(#" a="1" b="22"/>"#) { template.sharedLength($0, available: $1, generation: 8) } == 0)
  }

  @Test func attributesAreTakenOnlyThroughTheirClosingQuote() {
    let template = Self.kept()
    #expect([0, 5, 6, 12, 13, 15].map { template.attributes(endingWithin: $0) } == [0, 0, 1, 1, 2, 2])
    #expect(template.boundary(1).end == 13)
  }

  @Test func aScanThatDoesNotEndLeavesNoTemplate() {
    let template = Self.kept()
    template.beginScan()
    #expect(template.length == 0)
    #expect(Self.with(#" a="1" b="22"/>"#) { template.sharedLength($0, available: $1, generation: 7) } == 0)
  }

  /// A later tag keeps the bytes it shares with the template and its own after them.
  @Test func aTagSharingBytesKeepsTheRestOfItsOwn() {
    let template = Self.kept()
    template.beginScan()
    template.note(1, Self.boundary(14))
    Self.with(#" a="1" b="333"/>"#) { p, count in
      template.keep(
        p, length: count, shared: 10, count: 2, isEmptyElement: true, namesDistinct: true, generation: 9)
    }
    #expect(template.length == 16)
    #expect(Self.with(#" a="1" b="333"/>"#) { template.sharedLength($0, available: $1, generation: 9) } == 16)
  }

  @Test func tagsPastTheCapacityAreNotKept() {
    let template = TagTemplate()
    template.beginScan()
    for index in 0...TagTemplate.attributeCapacity { template.note(index, Self.boundary(6 * index + 6)) }
    Self.with(String(repeating: #" a="1""#, count: TagTemplate.attributeCapacity + 1) + "/>") { p, count in
      template.keep(
        p, length: count, shared: 0, count: TagTemplate.attributeCapacity + 1, isEmptyElement: true,
        namesDistinct: false, generation: 0)
    }
    #expect(template.length == 0)
    template.beginScan()
    let long = " a=\"" + String(repeating: "x", count: TagTemplate.byteCapacity) + "\"/>"
    template.note(0, Self.boundary(long.utf8.count - 2))
    Self.with(long) { p, count in
      template.keep(
        p, length: count, shared: 0, count: 1, isEmptyElement: true, namesDistinct: true, generation: 0)
    }
    #expect(template.length == 0)
  }

  // MARK: - Through the tokenizer

  /// What the tokenizer read of `xml` through a 16-byte buffer in reads of `chunk` bytes: each
  /// token with its name, location, attributes, repairs, repeated name and error; with tag
  /// templates, each value serial is also checked to name one value's bytes only.
  static func transcript(_ xml: String, chunk: Int, remembersTagShapes: Bool) -> [String] {
    let tokenizer = XMLTokenizer(
      stream: MemoryByteStream(Array(xml.utf8), name: "t.xml", chunkLimit: chunk), bufferSize: 16,
      maximumMarkupSize: 1 << 16)
    tokenizer.remembersTagShapes = remembersTagShapes
    var lines: [String] = []
    var bytesBySerial: [UInt32: [UInt8]] = [:]
    do {
      while true {
        let token = try tokenizer.next()
        if token == .endOfInput { break }
        var line = "\(token) \(tokenizer.name) \(tokenizer.tagLocation)"
        for attribute in tokenizer.attributes {
          line += " \(tokenizer.attributeName(attribute))=\(try tokenizer.value(of: attribute))"
          let raw = tokenizer.withRawValue(of: attribute) { [UInt8]($0) }
          if attribute.valueSerial != 0 {
            if let earlier = bytesBySerial[attribute.valueSerial], earlier != raw {
              line += " (serial \(attribute.valueSerial) named other bytes)"
            }
            bytesBySerial[attribute.valueSerial] = raw
          }
        }
        let repeated = tokenizer.repeatedAttribute().map { tokenizer.attributeName($0) } ?? "-"
        line += " | \(repeated) \(tokenizer.hasTooManyAttributes) \(tokenizer.repairedAttributeNames)"
        lines.append(line)
      }
      lines.append("end")
    } catch {
      lines.append("\(error)")
    }
    return lines
  }

  static let base = #"<a x="1" unit="kg" d="&lt;v&gt;" Health Mate="2" z='e'/>"#

  /// A tag that is the last one's bytes up to any place and then differs there, by a byte of any
  /// kind (one that ends a value or a tag, one that starts a reference, a space), reads as it reads
  /// with every byte scanned, errors included; so does the tag after it, and one the last tag's
  /// bytes over.
  @Test(arguments: [1, 5, 64])
  func aTagSharingAnyPrefixWithTheLastReadsAsScanned(_ chunk: Int) {
    let base = Array(Self.base.utf8)
    let replacements: [UInt8] = Array("Q\"' <&/>=x".utf8)
    for place in 2..<base.count {
      for replacement in replacements where replacement != base[place] {
        var variant = base
        variant[place] = replacement
        let xml =
          "<r>" + Self.base + String(decoding: variant, as: UTF8.self) + Self.base + Self.base + "</r>"
        let remembering = Self.transcript(xml, chunk: chunk, remembersTagShapes: true)
        let scanning = Self.transcript(xml, chunk: chunk, remembersTagShapes: false)
        #expect(remembering == scanning, "byte \(place) made \(Character(Unicode.Scalar(replacement)))")
      }
    }
  }

  /// Tags the last one's bytes over, and then with an attribute more or fewer, a name given twice,
  /// children between them, read as scanned; the repaired name and the repeated one are counted
  /// and found in each.
  @Test(arguments: [1, 3, 7, 64])
  func repeatedTagsReadAsScanned(_ chunk: Int) {
    let xml = """
      <r><a x="1" y="2"/><a x="1" y="2"/><a x="1" y="2"><m k="v"/><m k="v"/></a><a x="1" y="2" x="3"/>\
      <a x="1" y="2" x="3"/><a x="1" y="2"/><a Health Mate="1" Health Mate="2"/>\
      <a Health Mate="1" Health Mate="2"/><a Health Mate="1"/><a x="1" y="2"/><a x="1" y="2" /></r>
      """
    let remembering = Self.transcript(xml, chunk: chunk, remembersTagShapes: true)
    #expect(remembering == Self.transcript(xml, chunk: chunk, remembersTagShapes: false))
    #expect(
      remembering.map { $0.components(separatedBy: " | ").last ?? "" } == [
        "- false 0", "- false 0", "- false 0", "- false 0", "- false 0", "- false 0", "- false 0",
        "x false 0", "x false 0", "- false 0", "Health Mate false 2", "Health Mate false 2",
        "- false 1", "- false 0", "- false 0", "- false 0", "end",
      ])
  }

  /// Values of the same bytes at the same place of tags in a run share a serial; other values have
  /// serials of their own.
  @Test func valuesOfTheSameBytesInARunShareASerial() throws {
    let xml = #"<r><a s="Phone" v="1"/><a s="Phone" v="2"/><a s="Phone" v="2"/><a s="Watch" v="2"/></r>"#
    let tokenizer = XMLTokenizer(stream: MemoryByteStream(Array(xml.utf8), name: "t.xml"))
    _ = try tokenizer.next()
    var serials: [[UInt32]] = []
    while case .startTag = try tokenizer.next() {
      serials.append(tokenizer.attributes.map(\.valueSerial))
    }
    #expect(serials.count == 4)
    #expect(serials.allSatisfy { $0.allSatisfy { $0 != 0 } })
    #expect(serials[0][0] == serials[1][0] && serials[1][0] == serials[2][0])
    #expect(serials[0][1] != serials[1][1] && serials[1][1] == serials[2][1])
    #expect(serials[3][0] != serials[2][0] && serials[3][1] == serials[2][1])
  }
}
