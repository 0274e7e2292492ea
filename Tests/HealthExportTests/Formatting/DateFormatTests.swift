import Foundation
import HealthModel
import Testing

@testable import HealthExport

@Suite struct DateFormatTests {
  /// 2026-01-09 15:30:00 UTC, 10:30:00 in New York.
  let instant: Int64 = 1_767_972_600
  let newYork = -5 * 3600

  @Test(arguments: [
    (DateFormat.standard, "2026-01-09 10:30:00"),
    (.iso8601, "2026-01-09T15:30:00Z"),
    (.ymdSlash, "2026/01/09 10:30:00"),
    (.mdy, "01/09/2026 10:30:00"),
    (.dmy, "09 Jan 2026 10:30:00"),
  ])
  func writesEachFormat(_ example: (DateFormat, String)) {
    #expect(example.0.string(secondsSince1970: instant, offset: newYork) == example.1)
  }

  @Test func writesEveryMonthInEnglish() {
    let months = (1...12).map { month in
      DateFormat.dmy.string(
        secondsSince1970: CivilDateTime(year: 2026, month: month, day: 1).secondsSince1970, offset: 0)
    }
    #expect(
      months == [
        "01 Jan 2026 00:00:00", "01 Feb 2026 00:00:00", "01 Mar 2026 00:00:00", "01 Apr 2026 00:00:00",
        "01 May 2026 00:00:00", "01 Jun 2026 00:00:00", "01 Jul 2026 00:00:00", "01 Aug 2026 00:00:00",
        "01 Sep 2026 00:00:00", "01 Oct 2026 00:00:00", "01 Nov 2026 00:00:00", "01 Dec 2026 00:00:00",
      ])
  }

  /// Each format appended after bytes already written, at the edges of four-digit years and past
  /// them (written digit by digit, as before).
  @Test(arguments: [
    (DateFormat.standard, ["0999-12-31 23:59:59", "9999-12-31 23:59:59", "10000-01-01 00:00:00"]),
    (.iso8601, ["0999-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "10000-01-01T00:00:00Z"]),
    (.ymdSlash, ["0999/12/31 23:59:59", "9999/12/31 23:59:59", "10000/01/01 00:00:00"]),
    (.mdy, ["12/31/0999 23:59:59", "12/31/9999 23:59:59", "01/01/10000 00:00:00"]),
    (.dmy, ["31 Dec 0999 23:59:59", "31 Dec 9999 23:59:59", "01 Jan 10000 00:00:00"]),
  ])
  func appendsEachFormatAfterWhatIsWritten(_ example: (DateFormat, [String])) {
    let instants = [
      CivilDateTime(year: 1000, month: 1, day: 1).secondsSince1970 - 1,
      CivilDateTime(year: 10000, month: 1, day: 1).secondsSince1970 - 1,
      CivilDateTime(year: 10000, month: 1, day: 1).secondsSince1970,
    ]
    for (instant, expected) in zip(instants, example.1) {
      var output = Array("x,".utf8)
      example.0.append(secondsSince1970: instant, offset: 0, to: &output)
      #expect(String(decoding: output, as: UTF8.self) == "x,\(expected)")
    }
  }

  @Test func namesTheOptionsOfTheCommandLine() {
    #expect(DateFormat.allCases.map(\.optionName) == ["default", "iso8601", "ymd-slash", "mdy", "dmy"])
  }

  @Test func takesOffsetsFromTheTimeZoneAcrossDaylightSaving() throws {
    var cache = ZoneOffsetCache(timeZone: try #require(TimeZone(identifier: "America/New_York")))
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT at 07:00 UTC.
    #expect(cache.offset(at: 1_772_953_199) == -5 * 3600)
    #expect(cache.offset(at: 1_772_953_200) == -4 * 3600)
    #expect(cache.offset(at: 1_772_900_000) == -5 * 3600)
    #expect(cache.offset(at: 1_773_000_000) == -4 * 3600)
    // 2026-11-01: back from 02:00 EDT to 01:00 EST at 06:00 UTC.
    #expect(cache.offset(at: 1_793_512_799) == -4 * 3600)
    #expect(cache.offset(at: 1_793_512_800) == -5 * 3600)
  }
}
