import Foundation
import HealthModel
import Testing

/// An app's `Date`s become timestamps to the microsecond, never rounded into the next one.
@Suite struct TimestampDateTests {
  @Test func aDateIsItsInstant() {
    let date = Date(timeIntervalSince1970: 1_768_910_400.25)
    #expect(Timestamp(date) == Timestamp(millisecondsSince1970: 1_768_910_400_250))
    #expect(Timestamp(date).date == date)
    #expect(Timestamp(date).writtenUTCOffset == nil)
  }

  @Test func fractionsAreTruncatedToTheMicrosecond() {
    let date = Date(timeIntervalSince1970: 1_768_910_400.000_001_5)
    #expect(Timestamp(date) == Timestamp(microsecondsSince1970: 1_768_910_400_000_001))
  }
}
