import HealthArchive

/// Rows of many lists, kept in memory up to a budget of rows and, past it, the largest lists
/// sorted and written as runs to one temporary file beside an output (0600, removed when the
/// store and the lists taken from it are gone); each list is read back merged (`RunMerge`). So
/// memory stays within the budget however many rows there are.
///
/// With nowhere to spill (an output that is a stream), every row stays in memory.
final class SpilledRuns<Row: BitwiseCopyable> {
  private let place: SpillPlace?
  private let budget: Int
  private let precedes: (Row, Row) -> Bool
  /// The spill file, once a list of this store (or of another store sharing its place) has been
  /// spilled.
  var spill: SpillFile? { place?.file }
  // Touched at every row, by the one thread that fills the store and never from two places at
  // once: the dynamic exclusivity checks are left out.
  /// Each list's rows in memory, in input order until they are sorted.
  @exclusivity(unchecked) private var memory: [[Row]]
  private var runs: [[SpillRun]]
  @exclusivity(unchecked) private var memoryCount = 0

  /// - Parameters:
  ///   - listCount: how many lists there are to begin with (`addList()` adds more).
  ///   - spillBeside: the output a spill file is made beside; nil keeps every row in memory.
  ///   - budget: the rows kept in memory before spilling.
  ///   - precedes: the order a list is read in; rows that neither precedes keep their input order.
  convenience init(
    listCount: Int = 0, spillBeside: String?, budget: Int, precedes: @escaping (Row, Row) -> Bool
  ) {
    self.init(
      listCount: listCount, spillTo: spillBeside.map(SpillPlace.init), budget: budget, precedes: precedes)
  }

  /// - Parameters:
  ///   - listCount: how many lists there are to begin with (`addList()` adds more).
  ///   - place: where runs are spilled, shared with other stores; nil keeps every row in memory.
  ///   - budget: the rows kept in memory before spilling.
  ///   - precedes: the order a list is read in; rows that neither precedes keep their input order.
  init(listCount: Int = 0, spillTo place: SpillPlace?, budget: Int, precedes: @escaping (Row, Row) -> Bool) {
    self.place = place
    self.budget = max(budget, 1)
    self.precedes = precedes
    memory = Array(repeating: [], count: listCount)
    runs = Array(repeating: [], count: listCount)
  }

  /// Adds an empty list.
  /// - Returns: its number.
  func addList() -> Int {
    memory.append([])
    runs.append([])
    return memory.count - 1
  }

  /// Keeps a row of list `index`.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  @inline(__always)
  func append(_ row: Row, toList index: Int) throws {
    memory[index].append(row)
    memoryCount += 1
    if memoryCount > budget, let place { try spillLargest(to: place.openFile()) }
  }

  /// Takes list `index` out of the store, sorted (its rows in memory sorted after its runs); the
  /// store keeps none of it.
  func take(list index: Int) -> SortedList<Row> {
    memory[index].sort(by: precedes)
    let list = SortedList(memory: memory[index], runs: runs[index])
    memoryCount -= memory[index].count
    memory[index] = []
    runs[index] = []
    return list
  }

  /// Spills the lists with the most rows in memory, largest first, until at most half the budget
  /// is left in memory: large runs of the large lists, none of the small ones.
  private func spillLargest(to file: SpillFile) throws {
    let largest = memory.indices.sorted { memory[$0].count > memory[$1].count }
    for index in largest where memoryCount > budget / 2 && !memory[index].isEmpty {
      memory[index].sort(by: precedes)
      let offset = try file.append(memory[index])
      runs[index].append(SpillRun(offset: offset, count: memory[index].count))
      memoryCount -= memory[index].count
      memory[index] = []
    }
  }
}

/// Where stores spill their runs: one temporary file beside an output, made when the first run is
/// spilled and shared by every store given the place (0600, removed when the place, the stores and
/// the lists taken from them are gone).
final class SpillPlace {
  /// The output the file is made beside.
  let beside: String
  /// The file, once a run has been spilled.
  private(set) var file: SpillFile?

  init(beside: String) {
    self.beside = beside
  }

  /// The file, made on the first call.
  /// - Throws: `OutputError.cannotCreate`.
  func openFile() throws(OutputError) -> SpillFile {
    if let file { return file }
    let made = try SpillFile(beside: beside)
    file = made
    return made
  }
}
