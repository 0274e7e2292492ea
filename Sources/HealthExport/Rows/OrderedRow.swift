package import HealthModel

/// A row's place in time and in the input, by which rows are sorted and "most recent" is decided.
package protocol OrderedRow {
  var date: Timestamp { get }
  /// The position of the row's record in the input; equal dates keep this order.
  var sequence: Int { get }
}

extension OrderedRow {
  /// Older first; for equal dates, earlier in the input first.
  static func isOlder(_ lhs: Self, than rhs: Self) -> Bool {
    lhs.date != rhs.date ? lhs.date < rhs.date : lhs.sequence < rhs.sequence
  }
}

extension Array where Element: OrderedRow {
  /// The rows in the chosen order: ascending by date, or descending with equal dates still in
  /// input order. `self` must be sorted oldest first.
  func ordered(_ order: ExportSelection.SortOrder) -> [Element] {
    guard order == .descending else { return self }
    // Reverse runs of distinct dates, keeping each run of equal dates in input order.
    var result: [Element] = []
    result.reserveCapacity(count)
    var runEnd = count
    while runEnd > 0 {
      var runStart = runEnd - 1
      while runStart > 0 && self[runStart - 1].date == self[runEnd - 1].date { runStart -= 1 }
      result.append(contentsOf: self[runStart..<runEnd])
      runEnd = runStart
    }
    return result
  }
}
