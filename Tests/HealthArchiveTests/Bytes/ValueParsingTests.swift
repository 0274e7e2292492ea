import HealthModel
import Testing

@testable import HealthArchive

@Suite struct ValueParsingTests {
  private func decimal(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { ValueParsing.decimal($0) }
  }

  private func date(_ text: String) -> Timestamp? {
    Array(text.utf8).withUnsafeBufferPointer { ValueParsing.appleDate($0) }
  }

  @Test(arguments: [
    ("72.5", 72.5), ("0", 0.0), ("-3", -3.0), ("+4", 4.0), ("0.00205053", 0.00205053),
    ("5.19412346680959", 5.19412346680959), ("48.74499999999999", 48.74499999999999),
    ("61.99999999999999", 61.99999999999999), ("180.1558800000541", 180.1558800000541),
    ("1e3", 1000.0), ("1.5E-3", 0.0015), ("12345678901234567890", 12345678901234567890.0),
    ("0.1000000000000000055511151231257827", 0.1), (".5", 0.5), ("5.", 5.0),
  ])
  func parsesNumbersCorrectlyRounded(_ example: (String, Double)) {
    #expect(decimal(example.0) == example.1)
  }

  @Test(arguments: ["", "-", ".", "nan", "NaN", "inf", "1e", "1e+", "1,5", "1.2.3", " 1", "0x10", "1e400"])
  func rejectsWhatIsNotANumber(_ text: String) {
    #expect(decimal(text) == nil)
  }

  @Test func parsesBothDateShapes() {
    #expect(date("2019-07-19 10:36:11 -0700") == Timestamp(secondsSince1970: 1_563_557_771))
    #expect(date("2024-06-01 10:00:00 +0200") == Timestamp(secondsSince1970: 1_717_228_800))
    #expect(date("20150915113529+0200") == Timestamp(secondsSince1970: 1_442_309_729))
    #expect(date("2026-03-08 02:30:00 +0530") == Timestamp(secondsSince1970: 1_772_917_200))
  }

  @Test(arguments: [
    "", "2019-07-19", "2019-07-19 10:36:11", "2019-07-19T10:36:11 -0700", "2019-02-30 10:36:11 -0700",
    "2019-07-19 24:00:00 -0700", "2019-07-19 10:36:11 0700", "2019-07-19 10:36:11 -07:0",
    "2019-07-19 10:36:11 -2400", "201507191036110700", "2015x915113529+0200",
  ])
  func rejectsOtherDates(_ text: String) {
    #expect(date(text) == nil)
  }
}
