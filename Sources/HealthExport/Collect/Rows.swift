import HealthModel

/// A row's place in time and in the input, by which rows are sorted and "most recent" is decided.
protocol OrderedRow {
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

/// A row of a base metric or a vital component, before it is written.
struct MeasureRow: OrderedRow {
  var date: Timestamp
  var sequence: Int
  /// The value in the block's unit, not yet rounded.
  var value: Double
  var source: String
  var mealTime: MealTime?
}

/// A row of the Labs block, before it is written.
struct LabRow: OrderedRow {
  var date: Timestamp
  var sequence: Int
  /// The registry's name for the lab.
  var name: String
  /// The code the record carries.
  var loinc: String
  var value: Double
  var decimals: Int
  var unit: String
  var source: String
}

/// The rows of one series: all of them, or only the most recent N.
struct RowStore<Row: OrderedRow> {
  private var rows: [Row] = []
  private var heap: BoundedHeap<Row>?

  /// - Parameter limit: keep only this many most recent rows; nil keeps all.
  init(limit: Int?) {
    if let limit { heap = BoundedHeap(capacity: limit, by: Row.isOlder) }
  }

  mutating func append(_ row: Row) {
    if heap != nil {
      heap!.insert(row)
    } else {
      rows.append(row)
    }
  }

  /// The kept rows, oldest first (ties in input order).
  func sortedOldestFirst() -> [Row] {
    (heap?.elements ?? rows).sorted(by: Row.isOlder)
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

/// One block of the CSV, ready to write.
enum CSVBlock {
  /// A base metric or vital component, its unit resolved.
  case measure(Measure, unit: CSVUnit, rows: [MeasureRow])
  /// Every selected lab, one block.
  case labs([LabRow])

  /// The name the summary gives the block.
  var name: String {
    switch self {
    case .measure(let measure, _, _): measure.name
    case .labs: "Labs"
    }
  }

  var rowCount: Int {
    switch self {
    case .measure(_, _, let rows): rows.count
    case .labs(let rows): rows.count
    }
  }
}
