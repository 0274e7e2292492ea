package import Foundation

/// The UTC offset of a time zone at any instant, asked of Foundation once per day and reused.
///
/// Asking a `TimeZone` for every row is slow; offsets change only at transitions, which fall on
/// few days. A day whose offset is the same at its start and its end is taken as constant; on a
/// day with a transition every instant is asked of the time zone itself.
package struct ZoneOffsetCache {
  package let timeZone: TimeZone
  private var offsetsByDay: [Int64: Int?] = [:]
  private var lastDay: Int64 = .min
  private var lastOffset: Int? = nil

  package init(timeZone: TimeZone) {
    self.timeZone = timeZone
  }

  /// Seconds east of UTC in effect at `secondsSince1970`.
  package mutating func offset(at secondsSince1970: Int64) -> Int {
    let day = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
    if day != lastDay {
      lastDay = day
      if let cached = offsetsByDay[day] {
        lastOffset = cached
      } else {
        let dayStart = Double(day * 86_400)
        let atStart = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: dayStart))
        let atEnd = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: dayStart + 86_399))
        lastOffset = atStart == atEnd ? atStart : nil
        offsetsByDay[day] = lastOffset
      }
    }
    if let lastOffset { return lastOffset }
    return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(secondsSince1970)))
  }
}
