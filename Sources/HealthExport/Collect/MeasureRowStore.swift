import HealthArchive

/// The measure rows of every series of a collector, packed (32 bytes a row) and, past a budget of
/// rows in memory, spilled as sorted runs to one temporary file beside the output; each series'
/// runs and the rows left in memory are merged as they are written (`MeasureRows`). So memory
/// stays within the budget however many rows an export selects.
///
/// With nowhere to spill (an output that is a stream, the report), every row stays in memory.
final class MeasureRowStore {
  /// Rows kept in memory before the largest series are spilled: 8 MiB of packed rows.
  static let defaultBudget = 262_144

  private let spillBeside: String?
  private let budget: Int
  private let order: ExportSelection.SortOrder
  private var spill: SpillFile?
  private var sources = SourceTable()
  /// Each series' rows in memory, in input order until they are sorted.
  private var memory: [[PackedMeasureRow]]
  private var runs: [[MeasureRows.Run]]
  private var memoryCount = 0

  /// - Parameters:
  ///   - seriesCount: how many series there are.
  ///   - order: the order rows are written in.
  ///   - spillBeside: the output a spill file is made beside; nil keeps every row in memory.
  ///   - budget: the rows kept in memory before spilling.
  init(seriesCount: Int, order: ExportSelection.SortOrder, spillBeside: String?, budget: Int = defaultBudget)
  {
    self.spillBeside = spillBeside
    self.budget = max(budget, 1)
    self.order = order
    memory = Array(repeating: [], count: seriesCount)
    runs = Array(repeating: [], count: seriesCount)
  }

  /// Keeps a row of series `index`.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func append(_ row: MeasureRow, toSeries index: Int) throws {
    memory[index].append(PackedMeasureRow(row, source: sources.index(of: row.source)))
    memoryCount += 1
    if memoryCount > budget, let spillBeside { try spillLargest(beside: spillBeside) }
  }

  /// The rows of series `index`, in the order they are written.
  func rows(ofSeries index: Int) -> MeasureRows {
    let descending = order == .descending
    memory[index].sort { MeasureRows.precedes($0, $1, descending: descending) }
    let rows = MeasureRows(
      memory: memory[index], runs: runs[index], spill: spill, sources: sources.names, order: order)
    memoryCount -= memory[index].count
    memory[index] = []
    return rows
  }

  /// Spills the series with the most rows in memory, largest first, until at most half the
  /// budget is left in memory: large runs of the large series, none of the small ones.
  private func spillLargest(beside output: String) throws {
    let file = try spill ?? SpillFile(beside: output)
    spill = file
    let descending = order == .descending
    let largest = memory.indices.sorted { memory[$0].count > memory[$1].count }
    for index in largest where memoryCount > budget / 2 && !memory[index].isEmpty {
      memory[index].sort { MeasureRows.precedes($0, $1, descending: descending) }
      let offset = try memory[index].withUnsafeBytes { try file.append($0) }
      runs[index].append(MeasureRows.Run(offset: offset, count: memory[index].count))
      memoryCount -= memory[index].count
      memory[index] = []
    }
  }
}
