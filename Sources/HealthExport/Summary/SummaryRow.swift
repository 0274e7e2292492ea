package import HealthModel

/// One line of a summary: one metric in one period, its numbers not yet rounded, each with the
/// decimals it is written with.
///
/// The summary CSV writes it; the database's `summaries` table and the report write the same
/// `WrittenValue`s, so that they show the same digits.
public struct SummaryRow: Hashable, Sendable {
  /// The period the row sums up.
  public var period: SummaryPeriodSpan
  /// The HealthKit type the row summarizes (`HKQuantityTypeIdentifierStepCount`).
  public var type: String
  /// The name in the Metric column: `Steps`, `DistanceCycling`, `Sleep AsleepCore`.
  public var metric: String
  /// The total (cumulative types, sleep, mindful minutes, stand hours) or the mean (discrete
  /// types), with the decimals it is written with; nil where the type is only counted.
  package var value: WrittenValue?
  /// The unit of `value`, `minimum` and `maximum`; empty where there is no value.
  public var unit: String
  /// The smallest and largest value (discrete types only), as the registry writes the type's
  /// values.
  package var minimum: WrittenValue?
  package var maximum: WrittenValue?
  /// Discrete types: the samples averaged; cumulative: the samples that contributed more than
  /// zero; counted types: the samples.
  public var count: Int
  /// The sources that contributed, highest priority first.
  public var sources: [String]

  package init(
    period: SummaryPeriodSpan, type: String, metric: String, value: WrittenValue?, unit: String,
    minimum: WrittenValue? = nil, maximum: WrittenValue? = nil, count: Int, sources: [String]
  ) {
    self.period = period
    self.type = type
    self.metric = metric
    self.value = value
    self.unit = unit
    self.minimum = minimum
    self.maximum = maximum
    self.count = count
    self.sources = sources
  }

  /// Period first (by start instant), then metric in byte order (then type, so that the order
  /// is total).
  static func isBefore(_ lhs: SummaryRow, _ rhs: SummaryRow) -> Bool {
    if lhs.period.start != rhs.period.start { return lhs.period.start < rhs.period.start }
    if lhs.metric != rhs.metric { return lhs.metric.utf8.lexicographicallyPrecedes(rhs.metric.utf8) }
    return lhs.type.utf8.lexicographicallyPrecedes(rhs.type.utf8)
  }
}
