import Foundation
import HealthArchive
package import HealthModel

/// A `SampleConfiguration` value that cannot be used.
package enum SampleConfigurationError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  case daysOutOfRange(Int)
  case endOutOfRange(CivilDateTime)
  case unknownTimeZone(String)
  case densityOutOfRange(Double)

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .daysOutOfRange(let days):
      "\(days) days is out of range: a record covers 1 to \(SampleConfiguration.maximumDays) days."
    case .endOutOfRange(let end):
      "The end date \(TextOutput.dayText(end.year, end.month, end.day)) is out of range: records lie in 1900 to 2199."
    case .unknownTimeZone(let name):
      "'\(name)' is not a time zone: give an IANA name such as America/New_York or UTC."
    case .densityOutOfRange(let density):
      "A density of \(density) is out of range: 1 to \(Int(SampleConfiguration.maximumDensity))."
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}

extension SampleConfigurationError: ClassifiedError {
  package var failureKind: FailureKind { .usage }
}
