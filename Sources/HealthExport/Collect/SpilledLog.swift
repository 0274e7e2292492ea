import HealthArchive

/// Rows kept in the order they come, in memory up to a budget and, past it, written as they are
/// to a temporary file beside an output (`SpillPlace`, 0600, removed with the last store using
/// it); read back in the same order. So memory stays within the budget however many rows wait.
///
/// With nowhere to spill (an output that is a stream), every row stays in memory.
final class SpilledLog<Row: BitwiseCopyable> {
  private let place: SpillPlace?
  private let budget: Int
  private var memory: [Row] = []
  private var runs: [SpillRun] = []

  /// - Parameters:
  ///   - place: where rows past `budget` are written; nil keeps every row in memory.
  ///   - budget: the rows kept in memory before they are written.
  init(spillTo place: SpillPlace?, budget: Int) {
    self.place = place
    self.budget = max(budget, 1)
  }

  /// How many rows it holds.
  var count: Int { memory.count + runs.reduce(0) { $0 + $1.count } }

  /// Keeps a row after the others.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  @inline(__always)
  func append(_ row: Row) throws {
    memory.append(row)
    if memory.count > budget, let place {
      let file = try place.openFile()
      let offset = try file.append(memory)
      runs.append(SpillRun(offset: offset, count: memory.count))
      memory.removeAll(keepingCapacity: true)
    }
  }

  /// Hands every row to `body` in the order they came, and empties the log.
  /// - Throws: what `body` throws; `OutputError` when the spill file cannot be read.
  func drain(_ body: (Row) throws -> Void) throws {
    if runs.isEmpty {
      let rows = memory
      memory = []
      for row in rows { try body(row) }
      return
    }
    let list = SortedList(memory: memory, runs: runs)
    memory = []
    runs = []
    // Rows that neither precedes come in the order of their runs, then the rows in memory.
    var merge = RunMerge(lists: [list], spill: place?.file, precedes: { _, _ in false })
    while let next = try merge.next() { try body(next.row) }
  }
}
