package import Foundation

extension TimeZone {
  /// The zone's name as a person is shown it: its IANA identifier, except that the zone Foundation
  /// calls `GMT` (what `UTC` resolves to on Linux) is shown as `UTC`, the name people give it.
  package var displayName: String {
    identifier == "GMT" ? "UTC" : identifier
  }
}
