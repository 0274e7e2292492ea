import HealthModel
import Testing

@testable import HealthArchive

@Suite struct AppleDateCacheTests {
  /// Reads `dates` in order through one cache, and each through `ValueParsing.appleDate` alone.
  private static func read(_ dates: [String]) -> (cached: [Timestamp?], alone: [Timestamp?]) {
    var cache = AppleDateCache()
    let cached = dates.map { date in Array(date.utf8).withUnsafeBufferPointer { cache.appleDate($0) } }
    return (cached, dates.map(ValueParsing.appleDate))
  }

  /// Dates of one day and offset, the next day, another offset, and back: each the instant its
  /// bytes name, in the offset they were written in.
  @Test func datesOfOneDayAndOffsetReadAsEachAlone() {
    let dates = [
      "2026-05-25 00:08:30 -0400", "2026-05-25 00:01:41 -0400", "2026-05-25 23:59:59 -0400",
      "2026-05-26 00:00:00 -0400", "2026-05-26 00:00:00 +0100", "2026-05-25 00:08:30 -0400",
      "2024-02-29 12:00:00 +0000",
    ]
    let (cached, alone) = Self.read(dates)
    #expect(cached == alone)
    #expect(
      cached == [
        Timestamp(secondsSince1970: 1_779_682_110, writtenUTCOffset: -14_400),
        Timestamp(secondsSince1970: 1_779_681_701, writtenUTCOffset: -14_400),
        Timestamp(secondsSince1970: 1_779_767_999, writtenUTCOffset: -14_400),
        Timestamp(secondsSince1970: 1_779_768_000, writtenUTCOffset: -14_400),
        Timestamp(secondsSince1970: 1_779_750_000, writtenUTCOffset: 3_600),
        Timestamp(secondsSince1970: 1_779_682_110, writtenUTCOffset: -14_400),
        Timestamp(secondsSince1970: 1_709_208_000, writtenUTCOffset: 0),
      ])
  }

  /// A time that is not one on a day already read, a day that is not one (read before a good time
  /// of it), a bad offset, other separators, other lengths and the compact iOS 8 form: nil, or
  /// the date, exactly as read alone.
  @Test func anythingElseReadsAsAlone() {
    let dates = [
      "2026-05-25 00:08:30 -0400", "2026-05-25 24:00:00 -0400", "2026-05-25 23:60:00 -0400",
      "2026-05-25 23:00:60 -0400", "2026-05-25 2x:00:00 -0400", "2026-05-25 23-00:00 -0400",
      "2026-02-30 10:00:00 -0400", "2026-02-30 11:00:00 -0400", "2026-05-25 10:00:00 -2400",
      "2026-05-25 10:00:00 -0460", "2026-05-25T10:00:00 -0400", "2026-05-25 10:00:00 -04000",
      "20150915113529+0200", "2026-05-25 10:00:00 -0400",
    ]
    let (cached, alone) = Self.read(dates)
    #expect(cached == alone)
    #expect(
      cached.map { $0 != nil } == [
        true, false, false, false, false, false, false, false, false, false, false, false, true, true,
      ])
    #expect(cached[12] == Timestamp(secondsSince1970: 1_442_309_729, writtenUTCOffset: 7_200))
    #expect(cached[13] == Timestamp(secondsSince1970: 1_779_717_600, writtenUTCOffset: -14_400))
  }

  /// Dates outside the accepted years are nil as they are alone, whether their day was read
  /// before or not; the edges of the range read alike.
  @Test func yearsOutsideTheRangeAreNilAsAlone() {
    let dates = [
      "1066-10-14 09:00:00 +0000", "1066-10-14 10:00:00 +0000", "9999-12-31 23:59:59 +0000",
      "2026-05-25 10:00:00 -0400", "1900-01-01 00:30:00 +0100", "1900-01-01 01:00:00 +0100",
    ]
    let (cached, alone) = Self.read(dates)
    #expect(cached == alone)
    #expect(cached.map { $0 != nil } == [false, false, false, true, false, true])
    #expect(cached[5] == Timestamp(secondsSince1970: -2_208_988_800, writtenUTCOffset: 3_600))
  }
}
