import HealthArchive
import Testing

@Suite struct JSONReaderSkipTests {
  @Test(arguments: ReadingMode.all)
  func unknownKeysAreSkippedWhole(mode: ReadingMode) throws {
    let text = #"""
      {"HKWorkoutTypeIdentifier": [{"workoutEvents": [{"type": 1, "sdate": 2}], "note": "a \"}]\" b"}],
       "metaData": {"type": "JsonSingleDocExportTarget", "extra": [[], {}, [[{"x": null}]]], "version": "1.0.0"},
       "skippedScalar": -1.5e-3, "alsoSkipped": true}
      """#
    let reader = mode.reader(text)
    #expect(try reader.nextToken() == .beginObject)
    var found: [String] = []
    while try reader.nextToken() == .key {
      guard reader.keyEquals("metaData") else {
        try reader.skipValue()
        continue
      }
      #expect(try reader.nextToken() == .beginObject)
      while try reader.nextToken() == .key {
        if reader.keyEquals("type") || reader.keyEquals("version") {
          found.append(try reader.readString())
        } else {
          try reader.skipValue()
        }
      }
    }
    #expect(reader.token == .endObject)
    #expect(try reader.nextToken() == .endOfInput)
    #expect(found == ["JsonSingleDocExportTarget", "1.0.0"])
  }

  @Test func deepNestingIsSkippedToItsEnd() throws {
    let deep = String(repeating: #"{"a":["#, count: 250) + "1" + String(repeating: "]}", count: 250)
    let reader = ReadingMode.whole.reader(#"[\#(deep), "after"]"#)
    #expect(try reader.nextToken() == .beginArray)
    try reader.skipValue()
    #expect(reader.depth == 1)
    #expect(try reader.readString() == "after")
    #expect(try reader.nextToken() == .endArray)
  }

  @Test func skippedValuesAreStillChecked() {
    let reader = ReadingMode.whole.reader(#"{"skip": {"a": [1, 2,, 3]}, "b": 1}"#)
    #expect(
      throws: JSONError(
        .unexpectedCharacter("','", expected: "a value"), name: "test.json", offset: 21, path: "skip.a[2]")
    ) {
      _ = try reader.nextToken()
      _ = try reader.nextToken()
      try reader.skipValue()
    }
  }

  @Test func skippingWhereNoValueComesIsAnError() throws {
    let reader = ReadingMode.whole.reader("[]")
    #expect(try reader.nextToken() == .beginArray)
    #expect(
      throws: JSONError(
        .typeMismatch(expected: "a value", found: "']'"), name: "test.json", offset: 1, path: "")
    ) {
      try reader.skipValue()
    }
  }

  @Test func theRestOfAContainerIsSkipped() throws {
    let reader = ReadingMode.whole.reader(#"[{"type": "x", "rest": [1, {"b": 2}], "more": 3}, 4]"#)
    #expect(try reader.nextToken() == .beginArray)
    #expect(try reader.nextToken() == .beginObject)
    #expect(try reader.nextToken() == .key)
    #expect(try reader.readString() == "x")
    try reader.skipRestOfContainer()
    #expect(reader.token == .endObject)
    #expect(try reader.readDouble() == 4)
  }

  @Test func typedReadsReportWhatTheyFound() throws {
    let reader = ReadingMode.whole.reader(#"{"sdate": "yesterday", "unit": 5}"#)
    _ = try reader.nextToken()
    _ = try reader.nextToken()
    let error = try #require(throws: JSONError.self) { try reader.readDouble() }
    #expect(error.description == "test.json, byte 10, at sdate: expected a number, found a string")
    _ = try reader.nextToken()
    let second = try #require(throws: JSONError.self) { try reader.readString() }
    #expect(second.description == "test.json, byte 31, at unit: expected a string, found a number")
  }
}
