import HealthModel
import Testing

@testable import HealthArchive

/// The pieces a profile's elements are written with, at their edges: the exact bytes, the same as
/// the JSON writer's, and an element larger than the room made written again whole.
@Suite struct ProfileByteWriterTests {
  /// What `body` writes into `room` bytes, and whether it overflowed.
  static func written(room: Int = 256, _ body: (inout ProfileByteWriter) -> Void) -> (
    text: String, overflowed: Bool
  ) {
    var storage = [UInt8](repeating: 0, count: room)
    return storage.withUnsafeMutableBufferPointer { buffer in
      var writer = ProfileByteWriter(start: buffer.baseAddress!, count: room)
      body(&writer)
      return (String(decoding: buffer[0..<writer.count], as: UTF8.self), writer.overflowed)
    }
  }

  @Test(arguments: [
    (0, "0"), (7, "7"), (10, "10"), (99, "99"), (100, "100"), (-1, "-1"), (-10, "-10"),
    (1_446_486_720_000, "1446486720000"), (-1_446_486_720_000, "-1446486720000"),
    (999_999_999_999_999_999, "999999999999999999"), (1_000_000_000_000_000_000, "1000000000000000000"),
    (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
  ])
  func integers(value: Int, text: String) {
    #expect(Self.written { $0.integer(value) } == (text, false))
    var json: [UInt8] = []
    JSONNumberGrammar.append(value, to: &json)
    #expect(String(decoding: json, as: UTF8.self) == text)
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "-0"), (1.5, "1.5"), (-1.5, "-1.5"), (0.1, "0.1"), (1e-7, "1e-07"),
    (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
    (9_007_199_254_740_991.0, "9007199254740991"), (9_007_199_254_740_992.0, "9007199254740992.0"),
    (-9_007_199_254_740_992.0, "-9007199254740992.0"), (1e22, "1e+22"),
    (61.99999999999999, "61.99999999999999"),
    (1_446_486_924_969.1, "1446486924969.1"), (253_402_300_799_999.0, "253402300799999"),
  ])
  func numbers(value: Double, text: String) {
    #expect(Self.written { $0.number(value) } == (text, false))
    #expect(JSONNumberGrammar.text(of: value) == text)
  }

  /// Every digit count, at both its ends, as `String` writes it.
  @Test func integersOfEveryLength() {
    var values: [Int] = [Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    for _ in 1...18 {
      power *= 10
      values += [power - 1, power, power + 1, -(power - 1), -power]
    }
    let wrong = values.filter { value in Self.written { $0.integer(value) }.text != String(value) }
    #expect(wrong.isEmpty)
  }

  /// A value that is not an integer is written as `JSONNumberGrammar` (and `description`) writes
  /// it, whether or not its digits are found without `description`: decimals of one to eight
  /// places as health data has them, their neighbours either side, and values drawn at random
  /// over every magnitude from 2^-12 to 2^52 (a fixed generator).
  @Test func fractionsAreWrittenAsTheirDescription() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
    var values: [Double] = [
      0.001, 0.0011, 0.000999, 0.1, 0.3, 0.7, 21.81, 72.5, 98.6, 0.0625, 1e15 - 0.5, 1e15 + 0.5,
      999_999_999_999_999.9, 4_503_599_627_370_495.5, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 123_456_789.123_456_7,
    ]
    for _ in 0..<20_000 {
      let places = Int(next() % 8) + 1
      var scale = 1.0
      for _ in 0..<places { scale *= 10 }
      let decimal = Double(next() % 100_000_000) / scale
      values += [decimal, decimal.nextUp, decimal.nextDown, -decimal]
      let significand = 1 + Double(next() >> 11) / 9_007_199_254_740_992
      values.append(Double(sign: .plus, exponent: Int(next() % 65) - 12, significand: significand))
    }
    let wrong = values.filter { value in
      Self.written { $0.number(value) }.text != JSONNumberGrammar.text(of: value)
    }
    #expect(wrong.isEmpty)
    #expect(Self.written { $0.number(21.81) } == ("21.81", false))
    #expect(Self.written { $0.number(-0.0625) } == ("-0.0625", false))
    #expect(Self.written { $0.number(0.001) } == ("0.001", false))
    #expect(Self.written { $0.number(1e15 + 0.5) } == ("1000000000000000.5", false))
  }

  /// Dates of years 9999 and 10000 (the last millisecond of one, the first of the other).
  @Test func datesAtTheEndOfYear9999() {
    let last = Timestamp(secondsSince1970: 253_402_300_799).millisecondsSince1970 + 999
    let first = last + 1
    #expect(Self.written { $0.number("sdate", last) } == (#""sdate":253402300799999"#, false))
    #expect(Self.written { $0.number("edate", first) } == (#""edate":253402300800000"#, false))
  }

  @Test func aNumberThatIsNotFiniteIsWrittenAsZero() {
    #expect(Self.written { $0.number("value", .nan) } == (#""value":0"#, false))
    #expect(Self.written { $0.number("value", -.infinity) } == (#""value":0"#, false))
  }

  @Test(arguments: [
    ("", #""""#), ("count", #""count""#), ("Jane’s Apple Watch", #""Jane’s Apple Watch""#),
    ("a\"b\\c", #""a\"b\\c""#), ("tab\there\nnew", #""tab\there\nnew""#),
    ("\u{01}\u{1F}", #""\u0001\u001f""#),
    (
      "<<HKDevice: 0x1>, name:Apple Watch, model:Watch>",
      #""<<HKDevice: 0x1>, name:Apple Watch, model:Watch>""#
    ),
  ])
  func strings(text: String, quoted: String) {
    #expect(Self.written { $0.quoted(text) } == (quoted, false))
    let plain = PlainStrings()
    var storage = [UInt8](repeating: 0, count: 256)
    let twice = storage.withUnsafeMutableBufferPointer { buffer in
      var writer = ProfileByteWriter(start: buffer.baseAddress!, count: 256, plain: plain)
      writer.quoted(text, field: .device)
      writer.quoted(text, field: .device)
      return String(decoding: buffer[0..<writer.count], as: UTF8.self)
    }
    // The second time from the plain strings when the first needed no escape.
    #expect(twice == quoted + quoted)
    var escaped: [UInt8] = []
    JSONStringEscaping.appendQuoted(text, to: &escaped)
    #expect(String(decoding: escaped, as: UTF8.self) == quoted)
  }

  @Test func keysAreSeparatedByCommasInsideAnObject() {
    let text = Self.written { writer in
      writer.beginObject()
      writer.integer("a", 1)
      writer.key("b")
      writer.beginObject()
      writer.boolean("c", true)
      writer.endObject()
      writer.string("d", "e")
      writer.endObject()
    }
    #expect(text == (#"{"a":1,"b":{"c":true},"d":"e"}"#, false))
  }

  @Test func aPieceThatDoesNotFitWritesNothing() {
    #expect(
      Self.written(room: 4) {
        $0.raw("abc")
        $0.quoted("de")
      } == ("abc", true))
    #expect(Self.written(room: 12) { $0.integer(1_446_486_720_000) } == ("", true))
    #expect(
      Self.written(room: 3) {
        $0.number(0.5)
        $0.byte(UInt8(ascii: "x"))
      } == ("0.5", true))
  }

  /// An element far larger than the first room is written again with more, whole.
  @Test func anElementLargerThanTheRoomIsWrittenAgain() {
    let long = String(repeating: "metadata value \"quoted\" ", count: 400)
    let sample = Sample(
      type: "HKQuantityTypeIdentifierStepCount", value: .quantity(12, unit: "count"), sourceName: "Phone",
      startDate: Timestamp(secondsSince1970: 1_768_910_400),
      endDate: Timestamp(secondsSince1970: 1_768_910_460),
      metadata: [MetadataEntry(key: "note", value: long)])
    var encoder = ProfileElementEncoder()
    encoder.sample(sample)
    var expected: [UInt8] = []
    JSONStringEscaping.appendQuoted(long, to: &expected)
    let text = encoder.withBytes { String(decoding: $0, as: UTF8.self) }
    #expect(
      text
        == #"{"unit":"count","sdate":1768910400000,"edate":1768910460000,"value":12,"sourceName":"Phone","metadata":[["note","#
        + String(decoding: expected, as: UTF8.self) + "]]}")
    encoder.reset()
    encoder.sample(sample)
    #expect(encoder.withBytes { String(decoding: $0, as: UTF8.self) } == text)
  }
}
