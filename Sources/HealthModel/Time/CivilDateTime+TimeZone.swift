package import Foundation

extension CivilDateTime {
  /// The date and time the clocks of `timeZone` show at `instant`, to the second (a fraction is
  /// dropped), daylight saving time included.
  package init(_ instant: Timestamp, in timeZone: TimeZone) {
    let seconds = instant.wholeSecondsSince1970
    let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    self.init(secondsSince1970: seconds + Int64(offset))
  }

  /// The date as `YYYY-MM-DD` (`2026-01-09`).
  package var dayText: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  /// The time as `HHmmss` (`070000`), as file names take it.
  package var clockDigits: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return two(hour) + two(minute) + two(second)
  }
}
