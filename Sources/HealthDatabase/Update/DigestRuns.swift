import HealthArchive

/// The digests of one side of an update (`DigestedRecords.Row`) in sorted runs: up to `budget`
/// rows in memory, each time it fills sorted and written to a spill file beside the database
/// (`SpillFile`: owner-only, removed when the runs are gone), then read back merged in order.
/// Memory stays within the budget and a chunk per run, however many records there are.
///
/// Written for its one row type, so that sorting and merging compare the rows directly.
final class DigestRuns {
  typealias Row = DigestedRecords.Row

  private let beside: String
  private let budget: Int
  private var rows: [Row] = []
  private var spill: SpillFile?
  /// Each spilled run: where its first row is, and how many it has.
  private var runs: [(offset: Int64, count: Int)] = []

  /// Rows read from a run at a time when merging: 16 KiB.
  static let chunkRows = 16_384 / MemoryLayout<Row>.stride

  /// - Parameters:
  ///   - beside: the file the spill file is made beside.
  ///   - budget: the rows kept in memory before a run is spilled.
  init(beside: String, budget: Int) {
    self.beside = beside
    self.budget = max(budget, 1)
    rows.reserveCapacity(self.budget)
  }

  /// Adds a row.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  @inline(__always)
  func append(_ row: Row) throws(OutputError) {
    rows.append(row)
    if rows.count >= budget { try spillRun() }
  }

  private func spillRun() throws(OutputError) {
    rows.sort(by: Row.precedes)
    let file: SpillFile
    if let spill {
      file = spill
    } else {
      file = try SpillFile(beside: beside)
      spill = file
    }
    runs.append((try file.append(rows), rows.count))
    rows.removeAll(keepingCapacity: true)
  }

  /// The rows in order, the runs merged; the store is then empty.
  func merged() -> Merge {
    rows.sort(by: Row.precedes)
    let merge = Merge(memory: rows, runs: runs, spill: spill)
    rows = []
    runs = []
    return merge
  }

  /// Reads the runs and the rows in memory back in order: a heap of each run's next row picks
  /// each.
  struct Merge {
    private struct Cursor {
      var rows: [Row]
      var position = 0
      var offset: Int64
      var remaining: Int
    }

    private var cursors: [Cursor]
    /// The cursors with rows left, as a binary heap by their next row.
    private var heap: [Int] = []
    private let spill: SpillFile?

    fileprivate init(memory: [Row], runs: [(offset: Int64, count: Int)], spill: SpillFile?) {
      self.spill = spill
      cursors = runs.map { Cursor(rows: [], offset: $0.offset, remaining: $0.count) }
      cursors.append(Cursor(rows: memory, offset: 0, remaining: 0))
      heap = []
    }

    private var isStarted = false

    /// The next row, or nil after the last.
    /// - Throws: `OutputError` when the spill file cannot be read.
    mutating func next() throws(OutputError) -> Row? {
      if !isStarted {
        isStarted = true
        for index in cursors.indices {
          if try fill(index) { push(index) }
        }
      }
      guard let top = heap.first else { return nil }
      let row = cursors[top].rows[cursors[top].position]
      cursors[top].position += 1
      if try fill(top) {
        siftDown(0)
      } else {
        heap[0] = heap[heap.count - 1]
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
      }
      return row
    }

    /// Whether cursor `index` has a row, reading its run's next chunk when needed.
    private mutating func fill(_ index: Int) throws(OutputError) -> Bool {
      if cursors[index].position < cursors[index].rows.count { return true }
      let count = min(cursors[index].remaining, DigestRuns.chunkRows)
      guard count > 0, let spill else { return false }
      cursors[index].rows = try spill.read(count, of: Row.self, at: cursors[index].offset)
      cursors[index].position = 0
      cursors[index].offset += Int64(count * MemoryLayout<Row>.stride)
      cursors[index].remaining -= count
      return true
    }

    private func current(_ cursor: Int) -> Row {
      cursors[cursor].rows[cursors[cursor].position]
    }

    private mutating func push(_ cursor: Int) {
      heap.append(cursor)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Row.precedes(current(heap[child]), current(heap[parent])) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }

    private mutating func siftDown(_ start: Int) {
      var parent = start
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { return }
        var least = left
        let right = left + 1
        if right < heap.count, Row.precedes(current(heap[right]), current(heap[left])) { least = right }
        guard Row.precedes(current(heap[least]), current(heap[parent])) else { return }
        heap.swapAt(least, parent)
        parent = least
      }
    }
  }
}
