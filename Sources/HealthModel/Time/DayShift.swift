/// A move of every date by a whole number of days, as de-identification makes it
/// (`--shift-days`): an instant moves by that many times 86,400 seconds and keeps the UTC offset
/// it was written with; a date written as text moves on the calendar and keeps its time of day
/// and offset as written. Both agree: `2026-03-01 08:00:00 -0500` moved by 30 days is
/// `2026-03-31 08:00:00 -0500`, whichever way it is held.
package struct DayShift: Hashable, Sendable {
  /// Days later (negative: earlier).
  package var days: Int

  /// A move of `days` days.
  package init(days: Int) {
    self.days = days
  }

  /// Whether it moves nothing.
  package var isNone: Bool { days == 0 }

  /// `timestamp` moved, with the offset it was written with.
  package func callAsFunction(_ timestamp: Timestamp) -> Timestamp {
    var moved = timestamp
    moved.millisecondsSince1970 += Double(days) * 86_400_000
    return moved
  }

  /// `timestamp` moved, where there is one.
  package func callAsFunction(_ timestamp: Timestamp?) -> Timestamp? {
    timestamp.map { self($0) }
  }

  /// A Unix second moved.
  package func seconds(_ seconds: Int64) -> Int64 {
    seconds + Int64(days) * 86_400
  }

  /// `text` with every calendar date written in it as `yyyy-MM-dd` (not within a longer run of
  /// digits) moved, the rest as written: `ecg_2026-03-01_1.csv`, `2026-03-01 08:00:00 -0500`,
  /// `2026-03-01T08:00:00Z`. `found` tells whether there was one.
  package func shiftingDates(in text: String) -> (text: String, found: Bool) {
    var bytes = Array(text.utf8)
    var found = false
    var index = 0
    func isDigit(_ at: Int) -> Bool { at >= 0 && at < bytes.count && bytes[at] &- UInt8(ascii: "0") <= 9 }
    func number(_ from: Int, _ count: Int) -> Int {
      bytes[from..<from + count].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    while index + 10 <= bytes.count {
      let isDate =
        !isDigit(index - 1) && (0..<4).allSatisfy { isDigit(index + $0) }
        && bytes[index + 4] == UInt8(ascii: "-") && isDigit(index + 5) && isDigit(index + 6)
        && bytes[index + 7] == UInt8(ascii: "-") && isDigit(index + 8) && isDigit(index + 9)
        && !isDigit(index + 10)
      guard isDate else {
        index += 1
        continue
      }
      let (year, month, day) = (number(index, 4), number(index + 5, 2), number(index + 8, 2))
      guard CivilDateTime(year: year, month: month, day: day).isValid else {
        index += 10
        continue
      }
      found = true
      let moved = CivilDateTime.civil(fromDays: CivilDateTime.days(fromCivil: year, month, day) + Int64(days))
      bytes.replaceSubrange(index..<index + 10, with: Self.dayText(moved).utf8)
      index += 10
    }
    return found ? (String(decoding: bytes, as: UTF8.self), true) : (text, false)
  }

  /// A FHIR `date`, `dateTime` or `instant` moved, keeping its precision: `2026`, `2026-03`,
  /// `2026-03-01`, `2026-03-01T08:00:00-05:00` (a year or a month moves as its first day does);
  /// nil when `text` is none of these.
  package func shiftingFHIRDate(_ text: String) -> String? {
    guard let parsed = ISO8601DateTime(parsing: text) else { return nil }
    let moved = CivilDateTime.civil(
      fromDays: CivilDateTime.days(fromCivil: parsed.civil.year, parsed.civil.month, parsed.civil.day)
        + Int64(days))
    switch text.utf8.count {
    case 4: return Self.padded(moved.year, 4)
    case 7: return Self.padded(moved.year, 4) + "-" + Self.padded(moved.month, 2)
    default:
      let shifted = shiftingDates(in: text)
      return shifted.found ? shifted.text : nil
    }
  }

  /// `yyyy-MM-dd`.
  private static func dayText(_ date: (year: Int, month: Int, day: Int)) -> String {
    padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
