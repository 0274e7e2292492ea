import Foundation
import HealthArchive
import SystemShim
import Testing

@Suite struct JSONWriterTests {
  /// Writes a small profile through every kind of call.
  static func writeProfile(_ writer: inout JSONWriter) throws {
    try writer.beginObject()
    try writer.key("metaData")
    try writer.beginObject()
    try writer.key("creationDate")
    try writer.number(JSONNumber(uncheckedText: "1446486924969.1", doubleValue: 1446486924969.1))
    try writer.key("version")
    try writer.string("1.0.0")
    try writer.endObject()
    try writer.key("HKQuantityTypeIdentifierStepCount")
    try writer.beginArray()
    try writer.beginObject()
    try writer.key("unit")
    try writer.string("count")
    try writer.key("sdate")
    try writer.number(1_446_486_720_000.0)
    try writer.key("value")
    try writer.number(200.0)
    try writer.endObject()
    try writer.beginObject()
    try writer.key("value")
    try writer.number(61.99999999999999)
    try writer.key("note")
    try writer.string("Здоровье\n\"🕛\"")
    try writer.endObject()
    try writer.endArray()
    try writer.key("empty")
    try writer.beginArray()
    try writer.endArray()
    try writer.key("none")
    try writer.beginObject()
    try writer.endObject()
    try writer.key("flags")
    try writer.beginArray()
    try writer.bool(true)
    try writer.bool(false)
    try writer.null()
    try writer.number(-7)
    try writer.endArray()
    try writer.endObject()
    try writer.finish()
  }

  static func output(
    formatting: JSONWriter.Formatting, flushSize: Int = JSONWriter.defaultFlushSize,
    _ body: (inout JSONWriter) throws -> Void
  ) throws -> [UInt8] {
    let collected = Collected()
    var writer = JSONWriter(formatting: formatting, flushSize: flushSize) {
      collected.bytes.append($0)
    }
    try body(&writer)
    try writer.flush()
    return collected.bytes
  }

  final class Collected {
    var bytes: [UInt8] = []
    var chunkSizes: [Int] = []
  }

  @Test func compactOutputIsPinned() throws {
    let bytes = try Self.output(formatting: .compact, Self.writeProfile)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"metaData":{"creationDate":1446486924969.1,"version":"1.0.0"},"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":1446486720000,"value":200},{"value":61.99999999999999,"note":"Здоровье\n\"🕛\""}],"empty":[],"none":{},"flags":[true,false,null,-7]}"#
    )
  }

  @Test func prettyOutputIsPinned() throws {
    let bytes = try Self.output(formatting: .pretty, Self.writeProfile)
    #expect(
      String(decoding: bytes, as: UTF8.self) == #"""
        {
          "metaData": {
            "creationDate": 1446486924969.1,
            "version": "1.0.0"
          },
          "HKQuantityTypeIdentifierStepCount": [
            {
              "unit": "count",
              "sdate": 1446486720000,
              "value": 200
            },
            {
              "value": 61.99999999999999,
              "note": "Здоровье\n\"🕛\""
            }
          ],
          "empty": [],
          "none": {},
          "flags": [
            true,
            false,
            null,
            -7
          ]
        }

        """#)
  }

  @Test func everyControlCharacterIsEscaped() throws {
    let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
    let text = controls + "\"\\/\u{7F}\u{2028}\u{2029}’"
    let bytes = try Self.output(formatting: .compact) { try $0.string(text) }
    let expected =
      #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
      + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"#
      + "\\\"\\\\/\u{7F}\u{2028}\u{2029}’\""
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  struct TextCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    TextCase(
      name: "every control character", text: String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)),
    TextCase(name: "Cyrillic", text: "Здоровье"),
    TextCase(name: "emoji", text: "🕛 12 o’clock"),
    TextCase(name: "quotes and backslashes", text: #"C:\Health "export" \u0041"#),
    TextCase(name: "line separators", text: "a\u{2028}b\u{2029}c"),
    TextCase(name: "empty", text: ""),
  ])
  func stringsReadBackAsWritten(text: TextCase) throws {
    let bytes = try Self.output(formatting: .compact) { writer in
      try writer.beginObject()
      try writer.key(text.text)
      try writer.string(text.text)
      try writer.endObject()
      try writer.finish()
    }
    for mode in ReadingMode.all {
      #expect(
        try events(of: bytes, mode: mode) == [
          .beginObject, .key(text.text), .string(text.text), .endObject, .endOfInput,
        ])
    }
    let oracle = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String])
    #expect(oracle == [text.text: text.text])
  }

  struct DoubleCase: CustomTestStringConvertible, Sendable {
    var value: Double
    var text: String
    var testDescription: String { text }
  }

  @Test(arguments: [
    DoubleCase(value: 200, text: "200"),
    DoubleCase(value: -0.0, text: "-0"),
    DoubleCase(value: 0, text: "0"),
    DoubleCase(value: 1_446_486_720_000, text: "1446486720000"),
    DoubleCase(value: -1_446_486_720_000, text: "-1446486720000"),
    DoubleCase(value: 1446486924969.1, text: "1446486924969.1"),
    DoubleCase(value: 61.99999999999999, text: "61.99999999999999"),
    DoubleCase(value: 0.1, text: "0.1"),
    DoubleCase(value: 1e-7, text: "1e-07"),
    DoubleCase(value: .leastNonzeroMagnitude, text: "5e-324"),
    DoubleCase(value: .greatestFiniteMagnitude, text: "1.7976931348623157e+308"),
    DoubleCase(value: 9_007_199_254_740_991, text: "9007199254740991"),
    DoubleCase(value: 9_007_199_254_740_992, text: "9007199254740992.0"),
    DoubleCase(value: 1e16, text: "1e+16"),
    DoubleCase(value: 72.5, text: "72.5"),
  ])
  func doublesAreWrittenToReadBackExactly(number: DoubleCase) throws {
    let bytes = try Self.output(formatting: .compact) { try $0.number(number.value) }
    #expect(String(decoding: bytes, as: UTF8.self) == number.text)
    let reader = ReadingMode.whole.reader(bytes)
    #expect(try reader.readDouble().bitPattern == number.value.bitPattern)
  }

  @Test func randomDoublesReadBackBitForBit() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var values: [Double] = []
    while values.count < 20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = Double(bitPattern: state)
      if value.isFinite { values.append(value) }
      values.append(Double(state >> 11) / 1000)
    }
    let bytes = try Self.output(formatting: .compact) { writer in
      try writer.beginArray()
      for value in values { try writer.number(value) }
      try writer.endArray()
    }
    let reader = ReadingMode.whole.reader(bytes)
    #expect(try reader.nextToken() == .beginArray)
    var read: [UInt64] = []
    while try reader.nextToken() == .number { read.append(reader.doubleValue.bitPattern) }
    #expect(read == values.map(\.bitPattern))
  }

  @Test func integersAreWrittenWhole() throws {
    let bytes = try Self.output(formatting: .compact) { writer in
      try writer.beginArray()
      for value in [0, 7, -5, 10, Int.max, Int.min] { try writer.number(value) }
      try writer.endArray()
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "[0,7,-5,10,9223372036854775807,-9223372036854775808]")
  }

  @Test func nonFiniteNumbersAreRefused() throws {
    let collected = Collected()
    var writer = JSONWriter(name: "out.json") { collected.bytes.append($0) }
    try writer.beginObject()
    try writer.key("samples")
    try writer.beginArray()
    try writer.number(1.5)
    #expect(throws: JSONError(.nonFiniteNumber("nan"), name: "out.json", offset: 16, path: "samples[1]")) {
      try writer.number(.nan)
    }
    var other = JSONWriter { _ in }
    try other.beginObject()
    try other.key("value")
    let error = try #require(throws: JSONError.self) { try other.number(-.infinity) }
    #expect(
      error.description
        == "JSON output, byte 9, at value: cannot write the number -inf; JSON has no NaN or infinity")
  }

  @Test func outputIsHandedOverInChunksOfTheFlushSize() throws {
    let collected = Collected()
    var writer = JSONWriter(formatting: .pretty, flushSize: 16) { chunk in
      collected.bytes.append(chunk)
      collected.chunkSizes.append(chunk.byteCount)
    }
    try Self.writeProfile(&writer)
    let whole = try Self.output(formatting: .pretty, Self.writeProfile)
    #expect(collected.bytes == whole)
    #expect(collected.chunkSizes.count > 10)
    #expect(collected.chunkSizes.dropLast().allSatisfy { $0 >= 16 })
    #expect(writer.bytesWritten == whole.count)
  }

  struct SinkFailure: Error, Equatable {}

  @Test func sinkErrorsAreThrownByTheCallThatFlushed() throws {
    var writer = JSONWriter(flushSize: 4) { _ in throw SinkFailure() }
    try writer.beginArray()
    #expect(throws: SinkFailure()) { try writer.string("long enough") }
  }

  @Test func valuesAreWrittenWithTheirExactNumbersAndDuplicateKeys() throws {
    let text = #"{"a":[1.50,-0,1E+2,"x",true,null],"a":{},"b":12345678901234567890}"#
    let value = try JSONValue(parsing: Array(text.utf8))
    #expect(String(decoding: JSONWriter.bytes(of: value), as: UTF8.self) == text)
    #expect(try JSONValue(parsing: JSONWriter.bytes(of: value, formatting: .pretty)) == value)
    #expect(JSONWriter.bytes(of: .string("x"), formatting: .pretty) == Array("\"x\"\n".utf8))
  }
}
