import Foundation
import HealthModel
import Testing

@testable import HealthDatabase

/// Dates as text, each right whatever came before it: the same date again (the text kept from
/// the last call), the same instant written with other offsets, a time in UTC between two local
/// ones, and both sides of a change of the clocks.
@Suite struct DateTextTests {
  @Test func formatsEachDateOnTheZonesClocksWhateverCameBefore() {
    var dates = DateText(timeZone: TimeZone(identifier: "America/New_York")!)
    let instant: Int64 = 1_563_557_771  // 2019-07-19 17:36:11 UTC
    let written = Timestamp(secondsSince1970: instant, writtenUTCOffset: -7 * 3600)
    let sameInParis = Timestamp(secondsSince1970: instant, writtenUTCOffset: 2 * 3600)
    let noOffset = Timestamp(secondsSince1970: instant)
    let nextDay = Timestamp(secondsSince1970: instant + 86_400, writtenUTCOffset: -7 * 3600)
    #expect(dates.text(written) == "2019-07-19 13:36:11 -0400")
    #expect(dates.text(written) == "2019-07-19 13:36:11 -0400")
    #expect(dates.text(sameInParis) == "2019-07-19 13:36:11 -0400")
    #expect(dates.text(noOffset) == "2019-07-19 13:36:11 -0400")
    #expect(dates.utcText(written) == "2019-07-19T17:36:11Z")
    #expect(dates.text(written) == "2019-07-19 13:36:11 -0400")
    #expect(dates.text(nextDay) == "2019-07-20 13:36:11 -0400")
    #expect(dates.text(nextDay) == "2019-07-20 13:36:11 -0400")
    // A winter reading in an export made in summer, written with the summer's offset.
    // 2019-01-21 18:36:11 UTC
    let winter = Timestamp(secondsSince1970: 1_548_095_771, writtenUTCOffset: -4 * 3600)
    #expect(dates.text(winter) == "2019-01-21 13:36:11 -0500")
  }
}
