public import Foundation

extension Timestamp {
  /// The instant of a Foundation `Date`, such as an `HKSample`'s `startDate`, to the microsecond.
  /// - Parameter date: the instant.
  public init(_ date: Date) {
    self.init(microsecondsSince1970: Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down)))
  }

  /// The instant as a Foundation `Date`.
  public var date: Date {
    Date(timeIntervalSince1970: millisecondsSince1970 / 1000)
  }
}
