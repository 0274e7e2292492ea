import Testing

@testable import HealthArchive

/// A column's lines coded against the line before: the exact records, and every line given back
/// as it was, whatever the lines hold.
@Suite struct ProfileLineDeltaTests {
  /// The records of `lines`, coded one after another.
  static func records(of lines: [String]) -> [UInt8] {
    var encoder = ProfileLineDelta.Encoder()
    var bytes: [UInt8] = []
    for line in lines {
      encoder.append(Array(line.utf8), to: &bytes)
    }
    return bytes
  }

  /// The lines of `records`, decoded in order.
  static func lines(of records: [UInt8]) throws -> [String] {
    var decoder = ProfileLineDelta.Decoder()
    var lines: [String] = []
    let end = try records.withUnsafeBufferPointer { buffer in
      try ProfileLineDelta.forEachRecord(in: buffer) { record in
        lines.append(try decoder.decode(record) { String(decoding: $0, as: UTF8.self) })
      }
    }
    #expect(end == records.count)
    return lines
  }

  @Test func theFirstLineIsOneLiteral() {
    // Seven bytes, passing over none of the (empty) previous line.
    #expect(Self.records(of: [#"{"a":1}"#]) == [10, 0xC0, 7, 0] + Array(#"{"a":1}"#.utf8))
  }

  @Test func bytesSharedWithThePreviousLineAreCopied() {
    let first = #"{"unit":"count","sdate":17,"value":5}"#
    let second = #"{"unit":"count","sdate":18,"value":5}"#
    let records = Self.records(of: [first, second])
    // `{"unit":"count","sdate":1` copied (25 bytes: 0x18), then the rest of that segment, `8,`,
    // written (0x81) in place of as many bytes, then `"value":5}` copied (10 bytes: 0x09).
    #expect(
      Array(records.dropFirst(1 + 3 + first.utf8.count)) == [5, 0x18, 0x81] + Array("8,".utf8) + [0x09])
  }

  @Test func aLineAfterAShorterOneIsCodedAgainstTheShorterOneOnly() throws {
    let long = "abcdefgh,ijkl"
    let lines = [long, "abcd", long]
    let records = Self.records(of: lines)
    // `abcd` copied (0x03), then the rest written (9 bytes, passing over none of `abcd`): the
    // longer line two before, still in the coder's buffer, is not copied from.
    #expect(
      Array(records.suffix(14)) == [13, 0x03, 0xC0, 9, 0] + Array("efgh,ijkl".utf8))
    #expect(try Self.lines(of: records) == lines)
  }

  @Test func aLineLongerThanTheShortLiteralsHasItsLengthWritten() {
    let line = String(repeating: "x", count: 200)
    #expect(Self.records(of: [line]) == [0xCC, 0x01, 0xC0, 0xC8, 0x01, 0x00] + Array(line.utf8))
  }

  @Test func copiesOfMoreThan128BytesAreSplit() throws {
    let line = String(repeating: "a,", count: 130)
    let records = Self.records(of: [line, line])
    #expect(Array(records.suffix(4)) == [3, 0x7F, 0x7F, 0x03])
    #expect(try Self.lines(of: records) == [line, line])
  }

  @Test(arguments: [
    [
      #"{"unit":"count","sdate":1779704845000,"value":21.81,"device":"<<HKDevice: 0x1>, name:Body+>"}"#,
      #"{"unit":"count","sdate":1779877863000,"value":22.03,"device":"<<HKDevice: 0x1>, name:Body+>"}"#,
      #"{"unit":"count","sdate":1779964211000,"edate":1779964212000,"value":2,"device":"<<HKDevice: 0x1>, name:Body+>"}"#,
    ],
    // Segments that move, lines that shrink and grow, empty lines, lines of separators only.
    ["a:b,c:d", "", "a:b,c:d", "a:b", "a:b,c:d,e:f", ",,,::", ",,:", "x", "x,"],
    // Long literals and bytes outside ASCII.
    [
      String(repeating: "é,", count: 300), String(repeating: "é,", count: 150) + "ü",
      "ü:" + String(repeating: "1", count: 20_000),
    ],
  ])
  func everyLineIsGivenBackAsItWas(lines: [String]) throws {
    #expect(try Self.lines(of: Self.records(of: lines)) == lines)
  }

  /// Lines of a few bytes drawn at random (a fixed generator), each a variation of the one before,
  /// so that the lines agree, shift and differ at every offset within a word.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomVariationsAreGivenBack(seed: UInt64) throws {
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let alphabet = Array("ab,:x1".utf8)
    var line: [UInt8] = []
    var lines: [String] = []
    for _ in 0..<400 {
      for _ in 0..<next(4) {
        let offset = line.isEmpty ? 0 : next(line.count + 1)
        switch next(3) {
        case 0:
          line.insert(contentsOf: (0..<next(20)).map { _ in alphabet[next(alphabet.count)] }, at: offset)
        case 1 where offset < line.count: line.removeSubrange(offset..<min(line.count, offset + next(6) + 1))
        default: if offset < line.count { line[offset] = alphabet[next(alphabet.count)] }
        }
      }
      lines.append(String(decoding: line, as: UTF8.self))
    }
    #expect(try Self.lines(of: Self.records(of: lines)) == lines)
  }

  @Test func aTypicalSampleTakesAFifthOfItsBytesAfterTheFirst() {
    let lines = (0..<100).map { index in
      #"{"unit":"count","sdate":17797048\#(45000 + index * 7),"value":\#(index % 13),"sourceName":"Withings","#
        + #""sourceVersion":"7.2.1","device":"<<HKDevice: 0x55eca4482>, name:Body+, manufacturer:Withings>","#
        + #""cdate":17797049\#(13000 + index * 11)}"#
    }
    let records = Self.records(of: lines)
    let first = Self.records(of: [lines[0]]).count
    // The dates and the value are written; the keys, unit, source, version and device are not.
    #expect(records.count - first < lines.dropFirst().reduce(0) { $0 + $1.utf8.count } / 5)
  }

  @Test func aRecordCutShortIsLeftForTheNextRead() throws {
    let records = Self.records(of: ["a,b", "a,c"])
    var seen = 0
    let end = try records.dropLast().withUnsafeBufferPointer { buffer in
      try ProfileLineDelta.forEachRecord(in: buffer) { _ in seen += 1 }
    }
    #expect(seen == 1)
    #expect(end == 7)
  }

  @Test(arguments: [
    [UInt8]([0x00]),  // a reference with no previous line
    [0x85, 0x61],  // a literal longer than the record
    [0xC0],  // a literal without its length
    [0xC0, 1, 2, 0x61],  // a literal passing over more than the previous line holds
    [0xFF],  // no operation
  ])
  func aRecordNoEncoderWritesIsDamage(record: [UInt8]) {
    var decoder = ProfileLineDelta.Decoder()
    #expect(throws: ProfileLineDelta.Damage.self) {
      try record.withUnsafeBufferPointer { try decoder.decode($0) { _ in } }
    }
  }
}
