/// An instant in time, as milliseconds since 1970-01-01T00:00:00Z, with the UTC offset the input
/// printed it in where it printed one.
///
/// Instants are kept to the microsecond: export.xml has whole seconds, while FHIR dates and the
/// JSON profile's milliseconds may carry any number of fractional digits, which their parsers
/// read as digits and truncate to the microsecond (`Timestamp(microsecondsSince1970:)`), never
/// rounding a date into the next second. Milliseconds as a `Double` keep every microsecond of the
/// years 1700 to 2200 distinct.
///
/// The offset is not part of the instant: two timestamps are equal, and order, by their instant
/// alone (`2019-07-19 10:36:11 -0700` and `2019-07-19 17:36:11 +0000` are the same timestamp).
public struct Timestamp: Hashable, Comparable, Sendable {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var millisecondsSince1970: Double
  /// Seconds east of UTC that the input wrote the date with (export.xml's `-0700` is -25200), or
  /// nil where it wrote none (a JSON profile's milliseconds). It lets the date be written back as
  /// it was read.
  public var writtenUTCOffset: Int32?

  /// Creates an instant from milliseconds since 1970-01-01T00:00:00Z.
  public init(millisecondsSince1970: Double) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  /// Creates an instant from whole seconds since 1970-01-01T00:00:00Z.
  /// - Parameters:
  ///   - secondsSince1970: the instant.
  ///   - writtenUTCOffset: the offset the input wrote it with, in seconds east of UTC.
  public init(secondsSince1970: Int64, writtenUTCOffset: Int32? = nil) {
    self.millisecondsSince1970 = Double(secondsSince1970) * 1000
    self.writtenUTCOffset = writtenUTCOffset
  }

  /// Creates an instant from whole microseconds since 1970-01-01T00:00:00Z: the nearest
  /// `Double` of milliseconds, never outside the microseconds' millisecond (so that neither the
  /// millisecond nor the second can round up or down).
  public init(microsecondsSince1970 microseconds: Int64) {
    let (quotient, remainder) = microseconds.quotientAndRemainder(dividingBy: 1000)
    let wholeMilliseconds = Double(remainder < 0 ? quotient - 1 : quotient)
    let value = Double(microseconds) / 1000
    millisecondsSince1970 = min(max(value, wholeMilliseconds), (wholeMilliseconds + 1).nextDown)
  }

  /// The microseconds since 1970, to the nearest: the inverse of `init(microsecondsSince1970:)`.
  package var microsecondsSince1970: Int64 {
    Int64((millisecondsSince1970 * 1000).rounded())
  }

  /// The whole seconds since 1970, any fraction dropped toward the past (never rounded), as dates
  /// are written to the second.
  public var wholeSecondsSince1970: Int64 {
    Int64((millisecondsSince1970 / 1000).rounded(.down))
  }

  /// Whether `lhs` and `rhs` are the same instant.
  public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 == rhs.millisecondsSince1970
  }

  /// Hashes the instant.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(millisecondsSince1970)
  }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }
}
