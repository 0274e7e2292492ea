import HealthArchive
import HealthModel
import Testing

@testable import HealthExport

@Suite struct FixedDecimalTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var value: Double
    var decimals: Int
    var expected: String
    var testDescription: String { "\(value) %.\(decimals)f" }
  }

  /// Expected texts are what C's printf (and Python's `%` operator, which rounds the same way)
  /// writes for these doubles, but for the sign of a value that rounds to zero, which is dropped.
  @Test(arguments: [
    Case(value: 0.125, decimals: 2, expected: "0.12"),
    Case(value: 0.375, decimals: 2, expected: "0.38"),
    Case(value: 2.5, decimals: 0, expected: "2"),
    Case(value: 3.5, decimals: 0, expected: "4"),
    Case(value: 0.5, decimals: 0, expected: "0"),
    Case(value: 1.5, decimals: 0, expected: "2"),
    Case(value: 2.675, decimals: 2, expected: "2.67"),
    Case(value: 1.005, decimals: 2, expected: "1.00"),
    Case(value: 0.045, decimals: 2, expected: "0.04"),
    Case(value: -0.001, decimals: 2, expected: "0.00"),
    Case(value: -0.0, decimals: 1, expected: "0.0"),
    Case(value: -0.004999, decimals: 2, expected: "0.00"),
    Case(value: -0.005001, decimals: 2, expected: "-0.01"),
    Case(value: -1e-300, decimals: 0, expected: "0"),
    Case(value: 220.46226218, decimals: 2, expected: "220.46"),
    Case(value: 84.14138463686157, decimals: 2, expected: "84.14"),
    Case(value: 185.5, decimals: 2, expected: "185.50"),
    Case(value: 145.6, decimals: 0, expected: "146"),
    Case(value: 99.085734, decimals: 0, expected: "99"),
    Case(value: 184, decimals: 0, expected: "184"),
    Case(value: 7.5, decimals: 2, expected: "7.50"),
    Case(value: 99.95, decimals: 1, expected: "100.0"),
    Case(value: 99.95, decimals: 0, expected: "100"),
    Case(value: 4.35, decimals: 1, expected: "4.3"),
    Case(value: 4.45, decimals: 1, expected: "4.5"),
    Case(value: 123456789.125, decimals: 2, expected: "123456789.12"),
    Case(value: 1e20, decimals: 2, expected: "100000000000000000000.00"),
    Case(value: 1_180_591_620_717_411_303_424, decimals: 3, expected: "1180591620717411303424.000"),
    Case(value: 9_007_199_254_740_992, decimals: 0, expected: "9007199254740992"),
    Case(value: .leastNonzeroMagnitude, decimals: 2, expected: "0.00"),
    Case(value: 1.0 / 3.0, decimals: 17, expected: "0.33333333333333331"),
    Case(value: 0.1, decimals: 17, expected: "0.10000000000000001"),
    Case(
      value: 1.7976931348623157e308, decimals: 0,
      expected:
        "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368"
    ),
  ])
  func roundsAsPrintfDoes(_ example: Case) {
    var bytes: [UInt8] = []
    FixedDecimal.append(example.value, decimals: example.decimals, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == example.expected)
  }

  /// The number a written value stands for is what reading its digits back gives, bit for bit:
  /// the examples above, and a million values of every magnitude the summaries meet, at every
  /// number of places they are written with.
  /// Integers are written with their digits in order however many words of eight digits they
  /// take, the zeros inside a word kept.
  @Test(arguments: [
    (UInt64(0), "0"), (7, "7"), (10, "10"), (99_999_999, "99999999"), (100_000_000, "100000000"),
    (100_000_001, "100000001"), (1_000_000_000_000_000, "1000000000000000"),
    (12_345_678_901_234_567_890, "12345678901234567890"), (UInt64.max, "18446744073709551615"),
  ])
  func integersAreWrittenWithEveryDigit(value: UInt64, expected: String) {
    var output = Array("x".utf8)
    FixedDecimal.appendInteger(value, to: &output)
    #expect(String(decoding: output, as: UTF8.self) == "x" + expected)
  }

  @Test func theNumberOfAWrittenValueIsItsDigitsReadBack() {
    func readBack(_ written: WrittenValue) -> Double? {
      var bytes: [UInt8] = []
      FixedDecimal.append(written, to: &bytes)
      return ValueParsing.decimal(String(decoding: bytes, as: UTF8.self))
    }
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 2.675, 99.95, 4.35, 9_007_199_254_740_994, 1e20, 1e-20,
    ]
    // A fixed linear congruential sequence: the same values on every run.
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for _ in 0..<1_000_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let mantissa = Double(state >> 11) / Double(1 << 53)
      let scale = [1.0, 10, 100, 1000, 100_000, 1e9, 1e13][Int(state % 7)]
      values.append((state & 1 == 0 ? 1 : -1) * mantissa * scale)
    }
    var mismatches: [String] = []
    for (index, value) in values.enumerated() {
      let written = WrittenValue(value, decimals: index % 6)
      let number = FixedDecimal.number(written)
      if let expected = readBack(written), number.bitPattern != expected.bitPattern {
        mismatches.append("\(value) with \(written.decimals) places: \(number), not \(expected)")
      }
    }
    #expect(mismatches.prefix(5) == [])
    #expect(FixedDecimal.number(WrittenValue(2.675, decimals: 2)) == 2.67)
    #expect(FixedDecimal.number(WrittenValue(-0.004, decimals: 2)).sign == .plus)
  }
}
