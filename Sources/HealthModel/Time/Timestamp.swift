/// An instant in time, as milliseconds since 1970-01-01T00:00:00Z.
///
/// Milliseconds as a `Double` hold every instant the inputs can express without loss: export.xml
/// has whole seconds, FHIR has fractions of a second, and the JSON profile stores milliseconds
/// that may themselves carry a fraction.
public struct Timestamp: Hashable, Comparable, Sendable {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var millisecondsSince1970: Double

  /// Creates an instant from milliseconds since 1970-01-01T00:00:00Z.
  public init(millisecondsSince1970: Double) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  /// Creates an instant from whole seconds since 1970-01-01T00:00:00Z.
  public init(secondsSince1970: Int64) {
    self.millisecondsSince1970 = Double(secondsSince1970) * 1000
  }

  /// The whole seconds since 1970, any fraction dropped toward the past (never rounded), as dates
  /// are written to the second.
  public var wholeSecondsSince1970: Int64 {
    Int64((millisecondsSince1970 / 1000).rounded(.down))
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }
}
