package import HealthModel

/// A row of a base metric or a vital component, before it is written.
package struct MeasureRow: OrderedRow, Equatable {
  package var date: Timestamp
  package var sequence: Int
  /// The value in the block's unit, neither truncated nor rounded: writers take the written
  /// value from the block's `Measure.writtenValue(of:)`.
  package var value: Double
  package var source: String
  package var mealTime: MealTime?
}
