import HealthArchive
import Testing

@Suite struct JSONValueTests {
  static let observation = #"""
    {
      "resourceType" : "Observation",
      "code" : {"text" : "Triglycerides", "coding" : [{"system" : "http://loinc.org", "code" : "3043-7"}]},
      "valueQuantity" : {"value" : 86, "unit" : "mg/dL"},
      "referenceRange" : [{"low" : {"value" : 10.5}}],
      "issued" : "2017-03-18T00:00:00Z",
      "tag" : "first", "tag" : "second",
      "active" : true, "note" : null, "count" : 3
    }
    """#

  @Test func lookupsFollowKeysAndIndexes() throws {
    let value = try JSONValue(parsing: Array(Self.observation.utf8), name: "Observation.json")
    #expect(value["resourceType"]?.stringValue == "Observation")
    #expect(value["code"]?["coding"]?[0]?["code"]?.stringValue == "3043-7")
    #expect(value["code"]?["coding"]?[1] == nil)
    #expect(value["code"]?["coding"]?[-1] == nil)
    #expect(value["valueQuantity"]?["value"]?.doubleValue == 86)
    #expect(value["valueQuantity"]?["value"]?.intValue == 86)
    #expect(value["valueQuantity"]?["value"]?.numberValue?.text == "86")
    #expect(value["referenceRange"]?[0]?["low"]?["value"]?.doubleValue == 10.5)
    #expect(value["referenceRange"]?[0]?["low"]?["value"]?.intValue == nil)
    #expect(value["referenceRange"]?.arrayValue?.count == 1)
    #expect(value["active"]?.boolValue == true)
    #expect(value["note"]?.isNull == true)
    #expect(value["missing"] == nil)
    #expect(value["resourceType"]?["x"] == nil)
    #expect(value["resourceType"]?.doubleValue == nil)
    #expect(value["count"]?.stringValue == nil)
  }

  @Test func duplicateKeysAreKeptInOrderAndTheFirstIsLookedUp() throws {
    let value = try JSONValue(parsing: Array(Self.observation.utf8))
    #expect(value["tag"]?.stringValue == "first")
    #expect(value.values(forKey: "tag") == [.string("first"), .string("second")])
    #expect(
      value.members?.map(\.key) == [
        "resourceType", "code", "valueQuantity", "referenceRange", "issued", "tag", "tag", "active", "note",
        "count",
      ])
  }

  @Test func aWholeValueIsBuiltInOrder() throws {
    let value = try JSONValue(parsing: Array(#"{"b":[1,"x",{"c":false}],"a":null,"b":{}}"#.utf8))
    #expect(
      value
        == .object([
          JSONValue.Member(
            key: "b",
            value: .array([
              .number(JSONNumber(uncheckedText: "1", doubleValue: 1)), .string("x"),
              .object([JSONValue.Member(key: "c", value: .bool(false))]),
            ])),
          JSONValue.Member(key: "a", value: .null),
          JSONValue.Member(key: "b", value: .object([])),
        ]))
  }

  @Test func parsingRejectsTrailingContent() {
    #expect(throws: JSONError(.trailingContent("'2'"), name: "JSON", offset: 2, path: "")) {
      try JSONValue(parsing: Array("1 2".utf8))
    }
  }

  @Test func readValueAtTheEndOfAnArrayIsAnError() throws {
    let reader = ReadingMode.whole.reader("[1]")
    #expect(try reader.nextToken() == .beginArray)
    #expect(try reader.readValue() == .number(JSONNumber(uncheckedText: "1", doubleValue: 1)))
    #expect(
      throws: JSONError(
        .typeMismatch(expected: "a value", found: "']'"), name: "test.json", offset: 2, path: "")
    ) {
      try reader.readValue()
    }
  }

  @Test func numbersBuiltFromValuesUseTheWriterText() throws {
    #expect(JSONNumber(200.0)?.text == "200")
    #expect(JSONNumber(-0.0)?.text == "-0")
    #expect(JSONNumber(0.1)?.text == "0.1")
    #expect(JSONNumber(1e-7)?.text == "1e-07")
    #expect(JSONNumber(Double.nan) == nil)
    #expect(JSONNumber(-Double.infinity) == nil)
    #expect(JSONNumber(1_446_486_720_000).text == "1446486720000")
    #expect(JSONNumber("12.50")?.description == "12.50")
  }
}
