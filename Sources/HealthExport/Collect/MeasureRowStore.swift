import HealthArchive
import HealthModel

/// The measure rows of every series of a collector, packed (32 bytes a row) and, past a budget of
/// rows in memory, spilled as sorted runs to one temporary file beside the output; each series'
/// runs and the rows left in memory are merged as they are written (`MeasureRows`). So memory
/// stays within the budget however many rows an export selects.
///
/// With nowhere to spill (an output that is a stream, the report), every row stays in memory.
final class MeasureRowStore {
  /// Rows kept in memory before the largest series are spilled: 8 MiB of packed rows.
  static let defaultBudget = 262_144

  private let order: ExportSelection.SortOrder
  /// Touched at every row, by one thread, never from two places at once: no dynamic exclusivity
  /// checks.
  @exclusivity(unchecked) private var sources = KeyedStore<String, String>()
  private let store: SpilledRuns<PackedMeasureRow>

  /// - Parameters:
  ///   - seriesCount: how many series there are.
  ///   - order: the order rows are written in.
  ///   - spillBeside: the output a spill file is made beside; nil keeps every row in memory.
  ///   - budget: the rows kept in memory before spilling.
  init(seriesCount: Int, order: ExportSelection.SortOrder, spillBeside: String?, budget: Int = defaultBudget)
  {
    self.order = order
    let descending = order == .descending
    store = SpilledRuns(listCount: seriesCount, spillBeside: spillBeside, budget: budget) {
      MeasureRows.precedes($0, $1, descending: descending)
    }
  }

  /// Keeps a row of series `index` from its fields, its source not copied (the reader's string,
  /// borrowed: no reference counted at each row).
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func append(
    date: Timestamp, sequence: Int, value: Double, source: borrowing String, mealTime: MealTime?,
    toSeries index: Int
  ) throws {
    // The name is copied only the first time it is met.
    let number = sources.number(of: source) { copy source }
    let row = PackedMeasureRow(
      date: date, sequence: sequence, value: value, source: UInt32(number), mealTime: mealTime)
    try store.append(row, toList: index)
  }

  /// The rows of series `index`, in the order they are written.
  func rows(ofSeries index: Int) -> MeasureRows {
    MeasureRows(store.take(list: index), spill: store.spill, sources: sources.values, order: order)
  }
}
