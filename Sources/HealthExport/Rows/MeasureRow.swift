import HealthModel

/// A row of a base metric or a vital component, before it is written.
struct MeasureRow: OrderedRow {
  var date: Timestamp
  var sequence: Int
  /// The value in the block's unit, neither truncated nor rounded: writers take the written
  /// value from the block's `Measure.writtenValue(of:)`.
  var value: Double
  var source: String
  var mealTime: MealTime?
}
