import HealthArchive

/// Merges sorted runs of packed rows, read from a spill file a chunk at a time, and the sorted
/// rows in memory, into one order: a heap of the runs' next rows picks each.
struct RunMerge {
  /// Rows read from a run at a time (64 KiB).
  static let chunkRows = 2048

  private struct Cursor {
    var rows: [PackedMeasureRow] = []
    var position = 0
    /// Where the run's unread rows start in the file, and how many are left there.
    var offset: Int64
    var remaining: Int
  }

  private var cursors: [Cursor]
  /// Each cursor's current row with the cursor's index, the next row in order at the top.
  private var heap: BinaryHeap<(row: PackedMeasureRow, cursor: Int)>
  private let spill: SpillFile
  private var isStarted = false

  init(memory: [PackedMeasureRow], runs: [MeasureRows.Run], spill: SpillFile, isDescending: Bool) {
    self.spill = spill
    heap = BinaryHeap { MeasureRows.precedes($0.row, $1.row, descending: isDescending) }
    cursors = runs.map { Cursor(offset: $0.offset, remaining: $0.count) }
    cursors.append(Cursor(rows: memory, offset: 0, remaining: 0))
  }

  /// The next row in order, or nil after the last.
  mutating func next() throws -> PackedMeasureRow? {
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
    return top.row
  }

  /// The cursor's next row, reading the next chunk of its run when needed; nil at its end.
  private mutating func nextRow(of index: Int) throws -> PackedMeasureRow? {
    if cursors[index].position == cursors[index].rows.count {
      let count = min(cursors[index].remaining, Self.chunkRows)
      guard count > 0 else {
        cursors[index].rows = []
        cursors[index].position = 0
        return nil
      }
      cursors[index].rows = try readRows(count, at: cursors[index].offset)
      cursors[index].position = 0
      cursors[index].offset += Int64(count * MemoryLayout<PackedMeasureRow>.stride)
      cursors[index].remaining -= count
    }
    let row = cursors[index].rows[cursors[index].position]
    cursors[index].position += 1
    return row
  }

  private func readRows(_ count: Int, at offset: Int64) throws(OutputError) -> [PackedMeasureRow] {
    var failure: OutputError?
    let rows = [PackedMeasureRow](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(OutputError) {
        try spill.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
        initialized = count
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return rows
  }
}
