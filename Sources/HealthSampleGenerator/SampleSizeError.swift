public import Foundation
import HealthArchive
package import HealthModel

/// A size that `--size` cannot reach.
public enum SampleSizeError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// Even the fewest days at the ordinary density make a larger export.xml.
  case tooSmall(requested: Int, smallest: Int, days: Int)
  /// The most days, or the densest record of the days asked, make a smaller one.
  case tooLarge(requested: Int, largest: Int, days: Int)

  /// The message, as it is shown.
  public var description: String {
    switch self {
    case .tooSmall(let requested, let smallest, let days):
      "an export.xml of \(TextOutput.megabytes(requested)) is too small: \(days) day\(days == 1 ? " makes" : "s make") at least \(TextOutput.megabytes(smallest))"
    case .tooLarge(let requested, let largest, let days):
      "an export.xml of \(TextOutput.megabytes(requested)) is too large: \(days) days make at most \(TextOutput.megabytes(largest))"
    }
  }

  /// The message, for `LocalizedError`.
  public var errorDescription: String? { description }
}

extension SampleSizeError: ClassifiedError {
  package var failureKind: FailureKind { .usage }
}
