import HealthArchive

/// A sorted run of rows in a spill file.
struct SpillRun {
  /// Where its first row is.
  var offset: Int64
  var count: Int
}

/// Rows of one list in order: a list's sorted runs in a spill file and its sorted rows in memory,
/// which come after every run in the input.
struct SortedList<Row: BitwiseCopyable> {
  var memory: [Row]
  var runs: [SpillRun]

  var count: Int { memory.count + runs.reduce(0) { $0 + $1.count } }
}

/// Merges sorted lists, each its sorted runs read from a spill file a chunk at a time and its
/// sorted rows in memory, into one order: a heap of the next rows of every run picks each. Rows
/// that neither precedes come in the order of their lists, then of the runs within a list (the
/// rows in memory last), so a list that was kept in input order and sorted stably comes out as
/// if it had been sorted whole.
struct RunMerge<Row: BitwiseCopyable> {
  /// Rows read from a run at a time.
  static var chunkRows: Int { max(1, 65_536 / MemoryLayout<Row>.stride) }

  private struct Cursor {
    var list: Int
    var rows: [Row] = []
    var position = 0
    /// Where the run's unread rows start in the file, and how many are left there.
    var offset: Int64
    var remaining: Int
  }

  private var cursors: [Cursor] = []
  /// Each cursor's current row with the cursor's index, the next row in order at the top.
  private var heap: BinaryHeap<(row: Row, cursor: Int)>
  private let spill: SpillFile?
  private var isStarted = false

  /// - Parameters:
  ///   - lists: the lists, each sorted in `precedes`' order.
  ///   - spill: the file the lists' runs are in.
  ///   - precedes: the order, a strict weak ordering.
  init(lists: [SortedList<Row>], spill: SpillFile?, precedes: @escaping (Row, Row) -> Bool) {
    self.spill = spill
    heap = BinaryHeap { a, b in
      precedes(a.row, b.row) || (a.cursor < b.cursor && !precedes(b.row, a.row))
    }
    for (index, list) in lists.enumerated() {
      for run in list.runs { cursors.append(Cursor(list: index, offset: run.offset, remaining: run.count)) }
      cursors.append(Cursor(list: index, rows: list.memory, offset: 0, remaining: 0))
    }
  }

  /// The next row in order with the number of its list, or nil after the last.
  mutating func next() throws -> (row: Row, list: Int)? {
    if !isStarted {
      isStarted = true
      for index in cursors.indices {
        if let row = try nextRow(of: index) { heap.push((row, index)) }
      }
    }
    guard let top = heap.top else { return nil }
    if let row = try nextRow(of: top.cursor) {
      heap.replaceTop(with: (row, top.cursor))
    } else {
      heap.removeTop()
    }
    return (top.row, cursors[top.cursor].list)
  }

  /// The cursor's next row, reading the next chunk of its run when needed; nil at its end.
  private mutating func nextRow(of index: Int) throws -> Row? {
    if cursors[index].position == cursors[index].rows.count {
      let count = min(cursors[index].remaining, Self.chunkRows)
      guard count > 0, let spill else {
        cursors[index].rows = []
        cursors[index].position = 0
        return nil
      }
      cursors[index].rows = try Self.readRows(count, at: cursors[index].offset, from: spill)
      cursors[index].position = 0
      cursors[index].offset += Int64(count * MemoryLayout<Row>.stride)
      cursors[index].remaining -= count
    }
    let row = cursors[index].rows[cursors[index].position]
    cursors[index].position += 1
    return row
  }

  private static func readRows(_ count: Int, at offset: Int64, from spill: SpillFile) throws(OutputError)
    -> [Row]
  {
    try spill.read(count, of: Row.self, at: offset)
  }
}
