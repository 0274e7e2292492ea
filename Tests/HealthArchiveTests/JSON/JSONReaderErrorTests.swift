import Foundation
import HealthArchive
import HealthModel
import Testing

@Suite struct JSONReaderErrorTests {
  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var message: String
    var testDescription: String { name }
  }

  static let truncated = "the file may be truncated"

  static let cases: [ErrorCase] = [
    ErrorCase(
      name: "trailing comma in an array", text: #"{"a":[1,2,}"#,
      message: "test.json, byte 10, at a[2]: unexpected '}', expected a value"),
    ErrorCase(
      name: "profile truncated after a number",
      text:
        #"{"metaData":{"type":"JsonSingleDocExportTarget"},"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":1446486720000,"value":200},{"unit":"count","value":20"#,
      message:
        "test.json, byte 163, at HKQuantityTypeIdentifierStepCount[1].value: the input ends where ',' or '}' was expected; \(truncated)"
    ),
    ErrorCase(
      name: "profile truncated inside a key",
      text:
        #"{"metaData":{"type":"JsonSingleDocExportTarget"},"HKQuantityTypeIdentifierStepCount":[{"unit":"count","sdate":1446486720000,"value":200},{"unit":"count","sda"#,
      message:
        "test.json, byte 153, at HKQuantityTypeIdentifierStepCount[1]: a string starts here and never ends; \(truncated)"
    ),
    ErrorCase(
      name: "truncated after a comma in an array", text: "[1,",
      message: "test.json, byte 3, at [1]: the input ends where a value was expected; \(truncated)"),
    ErrorCase(
      name: "truncated after a value in an array", text: "[1,2",
      message: "test.json, byte 4, at [1]: the input ends where ',' or ']' was expected; \(truncated)"),
    ErrorCase(
      name: "truncated after a key", text: #"{"a""#,
      message: "test.json, byte 4, at a: the input ends where ':' was expected; \(truncated)"),
    ErrorCase(
      name: "truncated after a colon", text: #"{"a":"#,
      message: "test.json, byte 5, at a: the input ends where a value was expected; \(truncated)"),
    ErrorCase(
      name: "truncated after an opening brace", text: "{",
      message: "test.json, byte 1: the input ends where a key or '}' was expected; \(truncated)"),
    ErrorCase(
      name: "truncated after an opening bracket", text: "[",
      message: "test.json, byte 1, at [0]: the input ends where a value or ']' was expected; \(truncated)"),
    ErrorCase(
      name: "truncated after a comma in an object", text: #"{"a":1,"#,
      message: "test.json, byte 7: the input ends where a key was expected; \(truncated)"),
    ErrorCase(
      name: "truncated inside a literal", text: "[tru",
      message: "test.json, byte 4, at [0]: the input ends where 'true' was expected; \(truncated)"),
    ErrorCase(
      name: "unterminated string", text: #""abc"#,
      message: "test.json, byte 0: a string starts here and never ends; \(truncated)"),
    ErrorCase(
      name: "unterminated string after an escape", text: #"["a\"#,
      message: "test.json, byte 1, at [0]: a string starts here and never ends; \(truncated)"),
    ErrorCase(
      name: "missing colon", text: #"{"a" 1}"#,
      message: "test.json, byte 5, at a: unexpected '1', expected ':' after the key"),
    ErrorCase(
      name: "trailing comma in an object", text: #"{"a":1,}"#,
      message: "test.json, byte 7: unexpected '}', expected a key in double quotes"),
    ErrorCase(
      name: "unquoted key", text: "{a:1}",
      message: "test.json, byte 1: unexpected 'a', expected a key in double quotes or '}'"),
    ErrorCase(
      name: "single-quoted key", text: "{'a':1}",
      message: "test.json, byte 1: unexpected ''', expected a key in double quotes or '}'"),
    ErrorCase(
      name: "missing comma", text: "[1 2]",
      message: "test.json, byte 3, at [0]: unexpected '2', expected ',' or ']'"),
    ErrorCase(
      name: "mismatched end of object", text: #"{"a":1]"#,
      message: "test.json, byte 6, at a: unexpected ']', expected ',' or '}'"),
    ErrorCase(
      name: "mismatched end of array", text: "[}",
      message: "test.json, byte 1, at [0]: unexpected '}', expected a value or ']'"),
    ErrorCase(
      name: "empty input", text: "",
      message: "test.json, byte 0: the input is empty; expected a JSON value"),
    ErrorCase(
      name: "only whitespace", text: " \t\r\n",
      message: "test.json, byte 4: the input is empty; expected a JSON value"),
    ErrorCase(
      name: "only a byte order mark", text: "\u{FEFF}",
      message: "test.json, byte 3: the input is empty; expected a JSON value"),
    ErrorCase(
      name: "trailing word", text: "{} x",
      message: "test.json, byte 3: unexpected 'x' after the end of the JSON value; a file holds one value"),
    ErrorCase(
      name: "second top-level value", text: "{}{}",
      message: "test.json, byte 2: unexpected '{' after the end of the JSON value; a file holds one value"),
    ErrorCase(
      name: "capitalized literal", text: "[True]",
      message: "test.json, byte 1, at [0]: unexpected 'True', expected a value or ']'"),
    ErrorCase(
      name: "misspelled literal", text: "[nul]",
      message: "test.json, byte 1, at [0]: unexpected 'nul', expected a value"),
    ErrorCase(
      name: "literal run on", text: "[nullx]",
      message: "test.json, byte 1, at [0]: unexpected 'nullx', expected a value"),
    ErrorCase(
      name: "undefined", text: #"{"a":undefined}"#,
      message: "test.json, byte 5, at a: unexpected 'undefined', expected a value"),
    ErrorCase(
      name: "control character outside a string", text: "[\u{1}]",
      message: "test.json, byte 1, at [0]: unexpected control character U+0001, expected a value or ']'"),
    ErrorCase(
      name: "form feed is not whitespace", text: "[1,\u{C}2]",
      message: "test.json, byte 3, at [1]: unexpected control character U+000C, expected a value"),
    ErrorCase(
      name: "non-ASCII outside a string", text: "[é]",
      message: "test.json, byte 1, at [0]: unexpected byte 0xC3, expected a value or ']'"),
    ErrorCase(
      name: "byte order mark after the start", text: "[\u{FEFF}1]",
      message: "test.json, byte 1, at [0]: unexpected byte 0xEF, expected a value or ']'"),
  ]

  @Test(arguments: cases)
  func malformedInputIsReportedWithOffsetAndKeyPath(error: ErrorCase) {
    for mode in ReadingMode.all {
      #expect(readingError(of: error.text, mode: mode)?.description == error.message, "\(mode.name)")
    }
  }

  @Test func errorsCarryTheirPartsAndTheSameTextEverywhere() throws {
    let error = try #require(readingError(of: #"{"a":[1,2,}"#))
    #expect(error.reason == .unexpectedCharacter("'}'", expected: "a value"))
    #expect(error.name == "test.json")
    #expect(error.offset == 10)
    #expect(error.path == "a[2]")
    #expect(error.errorDescription == error.description)
    #expect(error.localizedDescription == error.description)
    #expect(!error.description.contains("\n"))
  }

  @Test func nestingDeeperThanTheLimitIsAnError() throws {
    let reader = JSONReader(
      stream: MemoryByteStream(Array("[[[[1]]]]".utf8), name: "deep.json"), maximumDepth: 3)
    let error = try #require(throws: JSONError.self) { try reader.skipValue() }
    #expect(
      error.description
        == "deep.json, byte 3, at [0][0][0]: objects and arrays nested more than 3 deep; the file is damaged or not a health export"
    )
  }

  @Test func theDefaultNestingLimitIs512() throws {
    let accepted = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try events(of: accepted).count == 1025)
    let error = try #require(readingError(of: String(repeating: "[", count: 513)))
    #expect(error.reason == .nestingTooDeep(limit: 512))
    #expect(error.offset == 512)
    #expect(error.path == String(repeating: "[0]", count: 512))
  }

  @Test(arguments: [1, 7, 1 << 20])
  func aValueLargerThanTheLimitIsAnError(chunkLimit: Int) throws {
    let text = #"{"note":""# + String(repeating: "x", count: 100) + #""}"#
    let stream = MemoryByteStream(Array(text.utf8), name: "big.json", chunkLimit: chunkLimit)
    let reader = JSONReader(stream: stream, bufferSize: 16, maximumValueSize: 64)
    let error = try #require(throws: JSONError.self) { try reader.readValue() }
    #expect(
      error.description
        == "big.json, byte 8, at note: a single value is larger than 64 bytes; the file is damaged or not a health export"
    )
  }

  @Test func aValueUpToTheLimitGrowsTheBuffer() throws {
    let long = String(repeating: "Здоровье", count: 1000)
    let text = #"{"note":""# + long + #""}"#
    let stream = MemoryByteStream(Array(text.utf8), name: "big.json", chunkLimit: 100)
    let reader = JSONReader(stream: stream, bufferSize: 16, maximumValueSize: 1 << 20)
    #expect(try reader.readDocument() == .object([JSONValue.Member(key: "note", value: .string(long))]))
  }

  @Test func aValueThatFitsUnderALimitThatIsNotAPowerOfTwoIsRead() throws {
    // The buffer grows 4 KiB → 8 KiB → 12 KiB; the last step cannot double what it holds, yet the
    // 10 000-byte string fits.
    let first = String(repeating: "x", count: 10_000)
    let second = String(repeating: "y", count: 5_000)
    let text = "[\"\(first)\",\"\(second)\"]"
    let reader = JSONReader(
      stream: MemoryByteStream(Array(text.utf8), name: "big.json"), bufferSize: 4096, maximumValueSize: 12_288
    )
    #expect(try reader.readDocument() == .array([.string(first), .string(second)]))
  }

  @Test func theDefaultValueLimitIs64MiB() {
    #expect(JSONReader.defaultMaximumValueSize == 64 * 1_048_576)
    let error = JSONError(
      .valueTooLarge(limit: JSONReader.defaultMaximumValueSize), name: "p.json", offset: 9, path: "x")
    #expect(
      error.description
        == "p.json, byte 9, at x: a single value is larger than 64 MiB; the file is damaged or not a health export"
    )
  }

  @Test func streamErrorsPassThrough() throws {
    let reader = JSONReader(stream: try FileByteStream(path: "/"))
    #expect(throws: InputError.self) { try reader.nextToken() }
  }
}
