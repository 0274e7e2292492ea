import HealthModel
import Testing

@Suite struct CivilDateTimeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var civil: CivilDateTime
    var seconds: Int64
    var testDescription: String {
      "\(civil.year)-\(civil.month)-\(civil.day) \(civil.hour):\(civil.minute):\(civil.second)"
    }
  }

  @Test(arguments: [
    Case(civil: CivilDateTime(year: 1970, month: 1, day: 1), seconds: 0),
    Case(civil: CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59), seconds: -1),
    Case(civil: CivilDateTime(year: 2000, month: 2, day: 29, hour: 12), seconds: 951_825_600),
    Case(civil: CivilDateTime(year: 2026, month: 1, day: 9, hour: 15, minute: 30), seconds: 1_767_972_600),
    Case(civil: CivilDateTime(year: 1900, month: 3, day: 1), seconds: -2_203_891_200),
    Case(
      civil: CivilDateTime(year: 2400, month: 12, day: 31, hour: 23, minute: 59, second: 59),
      seconds: 13_601_087_999),
  ])
  func convertsBothWays(_ example: Case) {
    #expect(example.civil.secondsSince1970 == example.seconds)
    #expect(CivilDateTime(secondsSince1970: example.seconds) == example.civil)
  }

  @Test func validatesDays() {
    #expect(CivilDateTime(year: 2024, month: 2, day: 29).isValid)
    #expect(!CivilDateTime(year: 2023, month: 2, day: 29).isValid)
    #expect(!CivilDateTime(year: 1900, month: 2, day: 29).isValid)
    #expect(CivilDateTime(year: 2000, month: 2, day: 29).isValid)
    #expect(!CivilDateTime(year: 2026, month: 4, day: 31).isValid)
    #expect(!CivilDateTime(year: 2026, month: 13, day: 1).isValid)
    #expect(!CivilDateTime(year: 2026, month: 1, day: 1, hour: 24).isValid)
    #expect(!CivilDateTime(year: 2026, month: 1, day: 1, second: 60).isValid)
  }

  @Test func dropsFractionsTowardThePast() {
    #expect(Timestamp(millisecondsSince1970: 1_999).wholeSecondsSince1970 == 1)
    #expect(Timestamp(millisecondsSince1970: -1).wholeSecondsSince1970 == -1)
    #expect(Timestamp(secondsSince1970: 42).millisecondsSince1970 == 42_000)
  }

  @Test func keepsMicrosecondsInTheirMillisecond() {
    let lastOfADay = Timestamp(microsecondsSince1970: 1_768_867_199_999_999)
    #expect(lastOfADay.millisecondsSince1970 == 1_768_867_199_999.999)
    #expect(lastOfADay.wholeSecondsSince1970 == 1_768_867_199)
    #expect(Timestamp(microsecondsSince1970: -1).millisecondsSince1970 == -0.001)
    #expect(Timestamp(microsecondsSince1970: -1).wholeSecondsSince1970 == -1)
    #expect(Timestamp(microsecondsSince1970: -1_000_001).wholeSecondsSince1970 == -2)
    // Far beyond the dates a Double holds to the microsecond, the millisecond still never rounds up.
    #expect(
      Timestamp(microsecondsSince1970: 9_000_000_000_000_000_999).millisecondsSince1970
        == 9_000_000_000_000_000)
  }
}
