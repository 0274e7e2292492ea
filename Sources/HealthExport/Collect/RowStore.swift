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
      heap?.insert(row)
    } else {
      rows.append(row)
    }
  }

  /// The kept rows, oldest first (ties in input order).
  func sortedOldestFirst() -> [Row] {
    (heap?.elements ?? rows).sorted(by: Row.isOlder)
  }
}
