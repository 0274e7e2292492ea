import HealthArchive
import SystemShim
import Testing

@Suite struct JSONReaderTokenTests {
  /// A document with every kind of token, long strings, escapes, non-ASCII text and numbers of
  /// every shape, so that cutting it anywhere cuts every kind of token.
  static let mixedDocument = """
    \u{FEFF}{"metaData" : {"creationDate":1446486924969.1,"profileName":"output\\u0032015","type":"JsonSingleDocExportTarget"},
     "userData":{},\t"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":1446486720000,"value":200},
      {"unit":"count/min","value":61.99999999999999,"ok":true,"no":false,"none":null}],\r\n
     "text":"Здоровье 🕛 ’ \\ud83d\\udd5b \\"quoted\\" \\\\ \\/ \\b\\f\\n\\r\\t", "e":[-0,0.1,1e-7,-12.5E+3,5e-324,[],[[]]],
     "long":"\(String(repeating: "abcdefghij", count: 20))"}\t\n
    """

  static let mixedEvents: [JSONEvent] = [
    .beginObject,
    .key("metaData"), .beginObject,
    .key("creationDate"), .number("1446486924969.1", 1446486924969.1),
    .key("profileName"), .string("output2015"),
    .key("type"), .string("JsonSingleDocExportTarget"),
    .endObject,
    .key("userData"), .beginObject, .endObject,
    .key("HKQuantityTypeIdentifierStepCount"), .beginArray,
    .beginObject,
    .key("unit"), .string("count"),
    .key("sdate"), .number("1446486720000", 1_446_486_720_000),
    .key("value"), .number("200", 200),
    .endObject,
    .beginObject,
    .key("unit"), .string("count/min"),
    .key("value"), .number("61.99999999999999", 61.99999999999999),
    .key("ok"), .bool(true),
    .key("no"), .bool(false),
    .key("none"), .null,
    .endObject,
    .endArray,
    .key("text"), .string("Здоровье 🕛 ’ 🕛 \"quoted\" \\ / \u{8}\u{C}\n\r\t"),
    .key("e"), .beginArray,
    .number("-0", -0.0), .number("0.1", 0.1), .number("1e-7", 1e-7),
    .number("-12.5E+3", -12.5E+3), .number("5e-324", .leastNonzeroMagnitude),
    .beginArray, .endArray, .beginArray, .beginArray, .endArray, .endArray,
    .endArray,
    .key("long"), .string(String(repeating: "abcdefghij", count: 20)),
    .endObject,
    .endOfInput,
  ]

  @Test(arguments: ReadingMode.all)
  func everyTokenReadsTheSameHoweverTheInputIsCut(mode: ReadingMode) throws {
    #expect(try events(of: Self.mixedDocument, mode: mode) == Self.mixedEvents)
  }

  @Test(arguments: ReadingMode.all)
  func numbersKeepTheirTextAndValueHoweverTheInputIsCut(mode: ReadingMode) throws {
    let reader = mode.reader("[1446486924969.1, 61.99999999999999, 200, -0, 1.7976931348623157e308]")
    var numbers: [JSONNumber] = []
    while try reader.nextToken() != .endOfInput {
      if reader.token == .number { numbers.append(reader.numberValue) }
    }
    #expect(
      numbers.map(\.text) == ["1446486924969.1", "61.99999999999999", "200", "-0", "1.7976931348623157e308"])
    #expect(
      numbers.map(\.doubleValue.bitPattern)
        == [1446486924969.1, 61.99999999999999, 200, -0.0, 1.7976931348623157e308].map(\.bitPattern))
  }

  struct ScalarCase: CustomTestStringConvertible, Sendable {
    var text: String
    var event: JSONEvent
    var testDescription: String { text }
  }

  @Test(arguments: [
    ScalarCase(text: "\"x\"", event: .string("x")),
    ScalarCase(text: " 12 ", event: .number("12", 12)),
    ScalarCase(text: "\ttrue\n", event: .bool(true)),
    ScalarCase(text: "\r\nfalse", event: .bool(false)),
    ScalarCase(text: "null  ", event: .null),
    ScalarCase(text: "\u{FEFF}0", event: .number("0", 0)),
  ])
  func aTopLevelScalarIsADocument(scalar: ScalarCase) throws {
    #expect(try events(of: scalar.text) == [scalar.event, .endOfInput])
  }

  @Test func endOfInputIsReturnedAgainAfterTheEnd() throws {
    let reader = ReadingMode.whole.reader("[]")
    #expect(try reader.nextToken() == .beginArray)
    #expect(try reader.nextToken() == .endArray)
    #expect(try reader.nextToken() == .endOfInput)
    #expect(try reader.nextToken() == .endOfInput)
  }

  @Test func duplicateKeysAreReportedEachTimeInOrder() throws {
    let text = #"{"HKQuantityTypeIdentifierStepCount":[1],"b":2,"HKQuantityTypeIdentifierStepCount":[3]}"#
    #expect(
      try events(of: text) == [
        .beginObject,
        .key("HKQuantityTypeIdentifierStepCount"), .beginArray, .number("1", 1), .endArray,
        .key("b"), .number("2", 2),
        .key("HKQuantityTypeIdentifierStepCount"), .beginArray, .number("3", 3), .endArray,
        .endObject, .endOfInput,
      ])
  }

  @Test(arguments: ReadingMode.all)
  func keysCompareAsBytesEscapedOrNot(mode: ReadingMode) throws {
    let reader = mode.reader(#"{"sdate":1,"s\u0064ate":2,"sdates":3,"sdat":4}"#)
    #expect(try reader.nextToken() == .beginObject)
    var matches: [Bool] = []
    while try reader.nextToken() == .key {
      matches.append(reader.keyEquals("sdate"))
      try reader.skipValue()
    }
    #expect(matches == [true, true, false, false])
  }

  @Test func stringValuesCompareAsBytes() throws {
    let reader = ReadingMode.whole.reader(
      #"["JsonSingleDocExportTarget", "Json\u0053ingleDocExportTarget", "Json"]"#)
    #expect(try reader.nextToken() == .beginArray)
    var matches: [Bool] = []
    while try reader.nextToken() == .string {
      matches.append(reader.stringEquals("JsonSingleDocExportTarget"))
    }
    #expect(matches == [true, true, false])
  }

  @Test func tokenBytesAreTheDecodedTextOrTheNumberAsWritten() throws {
    let reader = ReadingMode.whole.reader(#"{"a\tb": 12.50}"#)
    _ = try reader.nextToken()
    #expect(try reader.nextToken() == .key)
    #expect(reader.withTokenBytes { [UInt8]($0) } == Array("a\tb".utf8))
    #expect(try reader.nextToken() == .number)
    #expect(reader.withTokenBytes { [UInt8]($0) } == Array("12.50".utf8))
    #expect(reader.stringValue == "12.50")
    #expect(reader.doubleValue == 12.5)
  }

  @Test func peekedTokenIsReturnedByTheNextCall() throws {
    let reader = ReadingMode.whole.reader(#"[1, {"a": true}]"#)
    #expect(try reader.peekToken() == .beginArray)
    #expect(try reader.peekToken() == .beginArray)
    #expect(try reader.nextToken() == .beginArray)
    #expect(try reader.peekToken() == .number)
    #expect(try reader.readDouble() == 1)
    #expect(try reader.peekToken() == .beginObject)
    #expect(try reader.readValue() == .object([JSONValue.Member(key: "a", value: .bool(true))]))
    #expect(try reader.peekToken() == .endArray)
    #expect(try reader.next() == .endArray)
    #expect(try reader.next() == .endOfInput)
  }

  @Test(arguments: ReadingMode.all)
  func offsetsDepthAndKeyPathFollowTheTokens(mode: ReadingMode) throws {
    let reader = mode.reader(#"{"samples": [{"value": 7}, {"value": 8}], "a.b": {"": 1}}"#)
    var seen: [String] = []
    while try reader.nextToken() != .endOfInput {
      seen.append("\(reader.token) @\(reader.tokenOffset) d\(reader.depth) \(reader.keyPath)")
    }
    #expect(
      seen == [
        "beginObject @0 d1 ",
        "key @1 d1 samples",
        "beginArray @12 d2 samples[0]",
        "beginObject @13 d3 samples[0]",
        "key @14 d3 samples[0].value",
        "number @23 d3 samples[0].value",
        "endObject @24 d2 samples[0]",
        "beginObject @27 d3 samples[1]",
        "key @28 d3 samples[1].value",
        "number @37 d3 samples[1].value",
        "endObject @38 d2 samples[1]",
        "endArray @39 d1 samples",
        "key @42 d1 [\"a.b\"]",
        "beginObject @49 d2 [\"a.b\"]",
        "key @50 d2 [\"a.b\"][\"\"]",
        "number @54 d2 [\"a.b\"][\"\"]",
        "endObject @55 d1 [\"a.b\"]",
        "endObject @56 d0 ",
      ])
  }
}
