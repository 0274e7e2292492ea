extension Timestamp {
  /// The instant in ISO 8601 in UTC, to the microsecond, with the fraction only where there is
  /// one: `2026-01-15T19:31:00Z`, `2026-01-15T19:30:00.750025Z`; without `Z` when `designatesUTC`
  /// is false (the civil time alone, for a date that had no zone).
  package func iso8601UTCText(designatesUTC: Bool = true) -> String {
    let microseconds = Int64((millisecondsSince1970 * 1000).rounded())
    let (quotient, remainder) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
    let seconds = remainder < 0 ? quotient - 1 : quotient
    var fraction = remainder < 0 ? remainder + 1_000_000 : remainder
    let civil = CivilDateTime(secondsSince1970: seconds)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var text = "\(civil.dayText)T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))"
    if fraction > 0 {
      var digits = 6
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return designatesUTC ? text + "Z" : text
  }
}
