import HealthModel

/// What the rows of one metric share: the type, the Metric column, the unit and how many
/// decimals the numbers are written with. A packed row points to it by number.
struct SummaryLabel {
  var type: String
  var metric: String
  var unit: String
  /// Decimals of the value; nil where the type is only counted.
  var valueDecimals: Int?
  /// Decimals of the minimum and maximum; nil but for discrete types.
  var extremeDecimals: Int?
  /// Whether its periods are nights: each day from the noon before to the noon of the morning it
  /// is named by (sleep, but by the hour).
  var isNight = false

  /// Whether `a` is written before `b` in the same period: by metric in byte order, then by type.
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    if a.metric != b.metric { return a.metric.utf8.lexicographicallyPrecedes(b.metric.utf8) }
    return a.type.utf8.lexicographicallyPrecedes(b.type.utf8)
  }
}

/// One summary row in 48 bytes: the period by its start, the numbers unrounded, its label and its
/// sources by number. Labels are numbered in the order they are written within a period, so rows
/// sort by two numbers.
struct PackedSummaryRow: BitwiseCopyable {
  /// The period's first instant, in milliseconds since 1970.
  var periodStart: Double
  var value: Double
  var minimum: Double
  var maximum: Double
  var count: Int
  /// The label's number, its rank in the order of labels.
  var label: UInt32
  /// The number of the row's list of sources.
  var sources: UInt32

  /// Summary order: by period start, then by label.
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    a.periodStart != b.periodStart ? a.periodStart < b.periodStart : a.label < b.label
  }
}
