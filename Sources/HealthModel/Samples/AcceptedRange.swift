/// The dates and values a reader accepts; anything outside is a counted skip ("startDate is
/// outside the years 1900 to 2199"), never a date or number written.
///
/// **Choice**: the years 1900 to 2199 hold every date a health record can carry, and every date
/// each output can write in each of its formats; a value's magnitude must be under 10^15, beyond
/// any measurement and far inside what a `Double` holds exactly to the unit, so that no unit
/// conversion overflows to infinity.
public enum AcceptedRange {
  /// The first instant accepted: 1900-01-01T00:00:00Z.
  public static let earliestDate = Timestamp(secondsSince1970: -2_208_988_800)
  /// The first instant no longer accepted: 2200-01-01T00:00:00Z.
  public static let endDate = Timestamp(secondsSince1970: 7_258_118_400)
  /// The years accepted, as messages name them.
  public static let yearsText = "1900 to 2199"
  /// The largest magnitude a value may reach, exclusive.
  public static let valueMagnitude = 1e15

  /// Whether `date` lies in the accepted years.
  public static func contains(_ date: Timestamp) -> Bool {
    date.millisecondsSince1970 >= earliestDate.millisecondsSince1970
      && date.millisecondsSince1970 < endDate.millisecondsSince1970
  }

  /// Whether `value` is finite and of a magnitude under 10^15.
  public static func contains(value: Double) -> Bool {
    value.isFinite && value.magnitude < valueMagnitude
  }

  /// `date`, when it lies in the accepted years.
  public static func accepted(_ date: Timestamp?) -> Timestamp? {
    guard let date, contains(date) else { return nil }
    return date
  }
}
