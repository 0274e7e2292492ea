import HealthModel
import Testing

@Suite struct ISO8601DateTimeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var milliseconds: Double?
    var testDescription: String { text }
  }

  @Test(arguments: [
    Case(text: "2026-01-20T12:00:00Z", milliseconds: 1_768_910_400_000),
    Case(text: "2026-01-20T13:00:00+01:00", milliseconds: 1_768_910_400_000),
    Case(text: "2026-01-20T07:00:00-0500", milliseconds: 1_768_910_400_000),
    Case(text: "2026-01-20T12:00:00.999Z", milliseconds: 1_768_910_400_999),
    Case(text: "2017-03-18T00:00:00.5Z", milliseconds: 1_489_795_200_500),
    // Digits past the microsecond are read and dropped, never rounded.
    Case(text: "2026-01-19T23:59:59.9999999Z", milliseconds: 1_768_867_199_999.999),
    Case(text: "2026-01-19T23:59:59.99999999999999999999999999Z", milliseconds: 1_768_867_199_999.999),
    Case(text: "2026-01-20T13:00:00.1234567+01:00", milliseconds: 1_768_910_400_123.456),
    Case(text: "2026-01-20T12:00:00.0000009Z", milliseconds: 1_768_910_400_000),
  ])
  func parsesInstants(_ example: Case) throws {
    let parsed = try #require(ISO8601DateTime(parsing: example.text))
    #expect(parsed.hasTime)
    #expect(parsed.timestamp?.millisecondsSince1970 == example.milliseconds)
  }

  /// With an offset, and without one (a local time, read here as UTC).
  @Test(arguments: [
    "2026-01-19T23:59:59.9999999Z", "2026-01-19T18:59:59.999999999999-05:00", "2026-01-19T23:59:59.9999999",
  ])
  func neverRoundsUpToTheNextSecond(_ text: String) throws {
    let parsed = try #require(ISO8601DateTime(parsing: text))
    let instant = parsed.timestamp ?? parsed.timestamp(utcOffset: 0)
    #expect(instant.wholeSecondsSince1970 == 1_768_867_199)
    #expect(instant < Timestamp(secondsSince1970: 1_768_867_200))
    #expect(parsed.civil.second == 59)
  }

  @Test func keepsDatesWithoutZoneOrTimeOpen() throws {
    let day = try #require(ISO8601DateTime(parsing: "2017-03-18"))
    #expect(!day.hasTime)
    #expect(day.timestamp == nil)
    #expect(day.civil == CivilDateTime(year: 2017, month: 3, day: 18))
    #expect(day.timestamp(utcOffset: -5 * 3600).millisecondsSince1970 == 1_489_813_200_000)
    let local = try #require(ISO8601DateTime(parsing: "2017-03-18T10:30:00"))
    #expect(local.hasTime && local.utcOffset == nil)
    let month = try #require(ISO8601DateTime(parsing: "2017-03"))
    #expect(month.civil == CivilDateTime(year: 2017, month: 3, day: 1))
    // A year alone is a valid FHIR dateTime.
    #expect(ISO8601DateTime(parsing: "2026")?.civil == CivilDateTime(year: 2026, month: 1, day: 1))
  }

  @Test(arguments: [
    "", "202", "2026-1-20", "2026-02-30", "2026-01-20T25:00:00Z", "2026-01-20T12:00:00+24:00",
    "2026-01-20T12:00:00.Z", "2026-01-20T12Z", "2026-01-20T12:00:00Zjunk", "yesterday",
  ])
  func rejects(_ text: String) {
    #expect(ISO8601DateTime(parsing: text) == nil)
  }
}
