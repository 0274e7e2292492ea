import Foundation
import HealthModel
import Testing

@Suite struct CivilDateTimeZoneTests {
  @Test func readsAnInstantOnLocalClocks() throws {
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    // 2026-03-08 06:59:59Z is 01:59:59 EST; a second later, clocks jump to 03:00 EDT.
    #expect(
      CivilDateTime(Timestamp(secondsSince1970: 1_772_953_199), in: newYork)
        == CivilDateTime(year: 2026, month: 3, day: 8, hour: 1, minute: 59, second: 59))
    #expect(
      CivilDateTime(Timestamp(millisecondsSince1970: 1_772_953_200_999), in: newYork)
        == CivilDateTime(year: 2026, month: 3, day: 8, hour: 3))
  }

  @Test func writesTheDay() {
    #expect(CivilDateTime(year: 2026, month: 1, day: 9).dayText == "2026-01-09")
    #expect(CivilDateTime(year: 987, month: 12, day: 31).dayText == "0987-12-31")
  }
}
