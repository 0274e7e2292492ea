import Foundation
import HealthModel
import Testing

/// The zone's name as a person is shown it.
@Suite struct TimeZoneDisplayNameTests {
  @Test(arguments: [
    ("UTC", "UTC"), ("GMT", "UTC"), ("Etc/UTC", "Etc/UTC"), ("America/New_York", "America/New_York"),
    ("Europe/London", "Europe/London"),
  ])
  func showsUTCByTheNamePeopleGiveIt(name: String, shown: String) throws {
    #expect(try #require(TimeZone(identifier: name)).displayName == shown)
  }
}
