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
  /// Indexes into `cursors` whose current row is in order at the top.
  private var heap: [Int] = []
  private let spill: SpillFile
  private let isDescending: Bool
  private var isStarted = false

  init(memory: [PackedMeasureRow], runs: [MeasureRows.Run], spill: SpillFile, isDescending: Bool) {
    self.spill = spill
    self.isDescending = isDescending
    cursors = runs.map { Cursor(offset: $0.offset, remaining: $0.count) }
    cursors.append(Cursor(rows: memory, offset: 0, remaining: 0))
  }

  /// The next row in order, or nil after the last.
  mutating func next() throws -> PackedMeasureRow? {
    if !isStarted {
      isStarted = true
      for index in cursors.indices where try fill(index) { push(index) }
    }
    guard let top = heap.first else { return nil }
    let row = cursors[top].rows[cursors[top].position]
    cursors[top].position += 1
    if try fill(top) {
      siftDown(0)
    } else {
      let last = heap.removeLast()
      if !heap.isEmpty {
        heap[0] = last
        siftDown(0)
      }
    }
    return row
  }

  /// Makes sure the cursor has a current row, reading the next chunk of its run when needed.
  /// - Returns: whether it has one.
  private mutating func fill(_ index: Int) throws -> Bool {
    if cursors[index].position < cursors[index].rows.count { return true }
    let count = min(cursors[index].remaining, Self.chunkRows)
    guard count > 0 else {
      cursors[index].rows = []
      return false
    }
    cursors[index].rows = try readRows(count, at: cursors[index].offset)
    cursors[index].position = 0
    cursors[index].offset += Int64(count * MemoryLayout<PackedMeasureRow>.stride)
    cursors[index].remaining -= count
    return true
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

  private func precedes(_ a: Int, _ b: Int) -> Bool {
    MeasureRows.precedes(
      cursors[a].rows[cursors[a].position], cursors[b].rows[cursors[b].position], descending: isDescending)
  }

  private mutating func push(_ index: Int) {
    heap.append(index)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < heap.count && precedes(heap[left], heap[first]) { first = left }
      if right < heap.count && precedes(heap[right], heap[first]) { first = right }
      if first == parent { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}
