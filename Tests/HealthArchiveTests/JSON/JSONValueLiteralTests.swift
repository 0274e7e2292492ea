import HealthArchive
import Testing

@Suite struct JSONValueLiteralTests {
  @Test func literalsMakeTheValuesTheyReadAs() throws {
    let value: JSONValue = [
      "type": "object", "count": 3, "ratio": 0.5, "on": true, "items": ["a", 1, [:]], "none": .null,
    ]
    #expect(
      value
        == (try JSONValue(
          parsing: Array(
            #"{"type":"object","count":3,"ratio":0.5,"on":true,"items":["a",1,{}],"none":null}"#.utf8))))
    #expect(
      String(decoding: JSONWriter.bytes(of: value), as: UTF8.self)
        == #"{"type":"object","count":3,"ratio":0.5,"on":true,"items":["a",1,{}],"none":null}"#)
  }

  @Test func aDictionaryLiteralKeepsItsOrderAndItsDuplicates() {
    let value: JSONValue = ["b": 1, "a": 2, "b": 3]
    #expect(value.members?.map(\.key) == ["b", "a", "b"])
    #expect(value["b"] == 1)
  }
}
