import HealthArchive
import Testing

@Suite struct JSONReaderNumberTests {
  struct NumberCase: CustomTestStringConvertible, Sendable {
    var text: String
    var value: Double
    var testDescription: String { text }
  }

  static let exactNumbers: [NumberCase] = [
    NumberCase(text: "61.99999999999999", value: 61.99999999999999),
    NumberCase(text: "1446486924969.1", value: 1446486924969.1),
    NumberCase(text: "1446486720000", value: 1_446_486_720_000),
    NumberCase(text: "0.1", value: 0.1),
    NumberCase(text: "1e-7", value: 1e-7),
    NumberCase(text: "-0", value: -0.0),
    NumberCase(text: "-0.0", value: -0.0),
    NumberCase(text: "0", value: 0),
    NumberCase(text: "5e-324", value: .leastNonzeroMagnitude),
    NumberCase(text: "1.7976931348623157e308", value: .greatestFiniteMagnitude),
    NumberCase(text: "-1.7976931348623157E+308", value: -.greatestFiniteMagnitude),
    NumberCase(text: "2.2250738585072014e-308", value: .leastNormalMagnitude),
    NumberCase(text: "9007199254740993", value: 9_007_199_254_740_992),
    NumberCase(text: "0.30000000000000004", value: 0.1 + 0.2),
    NumberCase(text: "123456789012345.6", value: 123456789012345.6),
    NumberCase(text: "1E2", value: 100),
    NumberCase(text: "1e-400", value: 0),
    NumberCase(text: "72.5", value: 72.5),
    NumberCase(text: "-3", value: -3),
    NumberCase(text: "0.000001", value: 0.000001),
  ]

  @Test(arguments: exactNumbers)
  func numbersReadAsTheCorrectlyRoundedDoubleAndKeepTheirText(number: NumberCase) throws {
    for mode in ReadingMode.all {
      let reader = mode.reader("[\(number.text)]")
      #expect(try reader.nextToken() == .beginArray)
      #expect(try reader.nextToken() == .number)
      #expect(reader.doubleValue.bitPattern == number.value.bitPattern, "\(mode.name)")
      #expect(reader.numberValue.text == number.text, "\(mode.name)")
      #expect(try reader.nextToken() == .endArray)
    }
    #expect(JSONNumber(number.text)?.doubleValue.bitPattern == number.value.bitPattern)
    #expect(Double(number.text)?.bitPattern == number.value.bitPattern)
  }

  struct RejectedCase: CustomTestStringConvertible, Sendable {
    var text: String
    var message: String
    var testDescription: String { text }
  }

  static let rejectedNumbers: [RejectedCase] = [
    RejectedCase(text: "01", message: invalid("01")),
    RejectedCase(text: "-01", message: invalid("-01")),
    RejectedCase(text: "00", message: invalid("00")),
    RejectedCase(text: "+1", message: invalid("+1")),
    RejectedCase(text: ".5", message: invalid(".5")),
    RejectedCase(text: "1.", message: invalid("1.")),
    RejectedCase(text: "1.e5", message: invalid("1.e5")),
    RejectedCase(text: "-", message: invalid("-")),
    RejectedCase(text: "-.5", message: invalid("-.5")),
    RejectedCase(text: "1e", message: invalid("1e")),
    RejectedCase(text: "1e+", message: invalid("1e+")),
    RejectedCase(text: "1.5.3", message: invalid("1.5.3")),
    RejectedCase(text: "0x1F", message: invalid("0x1F")),
    RejectedCase(text: "NaN", message: invalid("NaN")),
    RejectedCase(text: "Infinity", message: invalid("Infinity")),
    RejectedCase(text: "-Infinity", message: invalid("-Infinity")),
    RejectedCase(text: "12abc", message: invalid("12abc")),
    RejectedCase(
      text: "1e400",
      message: "test.json, byte 1, at [0]: the number '1e400' is too large for a 64-bit floating-point value"),
    RejectedCase(
      text: "-2e308",
      message: "test.json, byte 1, at [0]: the number '-2e308' is too large for a 64-bit floating-point value"
    ),
    RejectedCase(
      text: String(repeating: "9", count: 400),
      message:
        "test.json, byte 1, at [0]: the number '\(String(repeating: "9", count: 40))' is too large for a 64-bit floating-point value"
    ),
  ]

  static func invalid(_ text: String) -> String {
    "test.json, byte 1, at [0]: invalid number '\(text)'; JSON numbers have no leading zeros, '+', bare '.', NaN or Infinity"
  }

  @Test(arguments: rejectedNumbers)
  func numbersOutsideTheGrammarAreRejected(number: RejectedCase) {
    for mode in ReadingMode.all {
      #expect(readingError(of: "[\(number.text)]", mode: mode)?.description == number.message, "\(mode.name)")
    }
    #expect(JSONNumber(number.text) == nil)
  }

  @Test func aNumberMayEndTheInput() throws {
    for mode in ReadingMode.all {
      #expect(try events(of: "-12.5e1", mode: mode) == [.number("-12.5e1", -125), .endOfInput])
    }
  }

  @Test func aNumberCutByTheEndOfTheInputIsInvalid() {
    #expect(
      readingError(of: "1.")?.description
        == "test.json, byte 0: invalid number '1.'; JSON numbers have no leading zeros, '+', bare '.', NaN or Infinity"
    )
    #expect(
      readingError(of: "-")?.description
        == "test.json, byte 0: invalid number '-'; JSON numbers have no leading zeros, '+', bare '.', NaN or Infinity"
    )
  }

  @Test func integralNumbersGiveTheirIntValue() throws {
    #expect(try #require(JSONNumber("1446486720000")).intValue == 1_446_486_720_000)
    #expect(try #require(JSONNumber("9007199254740993")).intValue == 9_007_199_254_740_993)
    #expect(try #require(JSONNumber("1e3")).intValue == 1000)
    #expect(try #require(JSONNumber("-0")).intValue == 0)
    #expect(try #require(JSONNumber("2.5")).intValue == nil)
    #expect(try #require(JSONNumber("1e19")).intValue == nil)
  }
}
