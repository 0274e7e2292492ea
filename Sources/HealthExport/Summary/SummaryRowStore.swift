import HealthArchive
import HealthModel

/// The rows of a summary as they are made, packed (48 bytes a row, `PackedSummaryRow`) with their
/// type, metric and unit as a label's number and their sources as a list's number; past a budget
/// of rows in memory, the largest lists (one per label) are sorted and spilled as runs beside the
/// output, in the file the summary's samples spill to. `rows(…)` hands them on merged in the
/// summary's order.
///
/// With nowhere to spill (a stream, the library's, the report's and the database's summaries),
/// every row stays in memory.
final class SummaryRowStore {
  /// Rows kept in memory before the largest lists are spilled: 3 MiB of packed rows.
  static let defaultBudget = 65_536

  /// The labels, by rank (the order they are written in within a period).
  let labels: [SummaryLabel]
  /// The rank of each label by the number it was given.
  private let rankByNumber: [UInt32]
  /// The lists of source names, by their set and the ranking (a type's) that orders them.
  private var sourceLists = KeyedStore<SourceNameListKey, [String]>()
  private let store: SpilledRuns<PackedSummaryRow>
  private var rowCounts: [Int]

  /// - Parameters:
  ///   - labels: every label a row may have, numbered by their place here.
  ///   - place: where the largest lists are spilled past `budget`; nil keeps every row in memory.
  ///   - budget: the rows kept in memory before spilling.
  init(labels: [SummaryLabel], spillTo place: SpillPlace?, budget: Int = defaultBudget) {
    let order = labels.indices.sorted { SummaryLabel.precedes(labels[$0], labels[$1]) }
    var ranks = [UInt32](repeating: 0, count: labels.count)
    for (rank, number) in order.enumerated() { ranks[number] = UInt32(rank) }
    rankByNumber = ranks
    self.labels = order.map { labels[$0] }
    rowCounts = Array(repeating: 0, count: labels.count)
    store = SpilledRuns(
      listCount: labels.count, spillTo: place, budget: budget, precedes: PackedSummaryRow.precedes)
  }

  /// Keeps one row.
  /// - Parameters:
  ///   - periodStart: the first instant of its period, in milliseconds since 1970.
  ///   - label: the number of its label, its place in the labels given.
  ///   - value: the total or the mean, unrounded (ignored where the label has no value).
  ///   - minimum: the smallest value, as written (discrete types only).
  ///   - maximum: the largest value, as written (discrete types only).
  ///   - count: the Count column.
  ///   - sources: the sources that contributed.
  ///   - ranking: the ranking of sources they are ordered in (the type's slot).
  ///   - names: the names of a set in the order they are written in a ranking, asked once for
  ///     each.
  /// - Throws: `OutputError` when the spill file cannot be made or written.
  func append(
    periodStart: Double, label: Int, value: Double = 0, minimum: Double = 0, maximum: Double = 0, count: Int,
    sources: SourceNameSet, ranking: Int, names: (SourceNameSet, Int) -> [String]
  ) throws {
    let rank = rankByNumber[label]
    let list = sourceLists.number(of: SourceNameListKey(sources: sources, ranking: ranking)) {
      names(sources, ranking)
    }
    rowCounts[Int(rank)] += 1
    try store.append(
      PackedSummaryRow(
        periodStart: periodStart, value: value, minimum: minimum, maximum: maximum, count: count, label: rank,
        sources: UInt32(list)),
      toList: Int(rank))
  }

  /// Takes the rows out of the store, in the summary's order.
  /// - Parameters:
  ///   - calendar: the summary's periods, by which each row's period is found from its start.
  ///   - dropped: readings left out by a rule, by reason.
  ///   - unknownPrioritySources: priority names no summarized sample carries.
  /// - Returns: the rows, which keep the spill file until they are gone.
  func rows(
    calendar: PeriodCalendar, dropped: [Diagnostics.Tally], unknownPrioritySources: [String]
  ) -> SummaryRows {
    var metrics: Set<String> = []
    for (label, count) in zip(labels, rowCounts) where count > 0 { metrics.insert(label.metric) }
    return SummaryRows(
      lists: labels.indices.map { store.take(list: $0) }, spill: store.spill, labels: labels,
      sourceLists: sourceLists.values, calendar: calendar, metricCount: metrics.count, dropped: dropped,
      unknownPrioritySources: unknownPrioritySources)
  }
}

/// A set of sources in the order of one ranking.
private struct SourceNameListKey: Hashable {
  var sources: SourceNameSet
  var ranking: Int
}
