/// A number as every output writes it: the value after the registry's rule for its series
/// (steps truncated to whole numbers), and the decimal places it is written with, rounded as C's
/// `printf("%.Nf")` rounds (from the exact binary value, half to even only on exact ties).
///
/// The CSV, the summaries, the database and the report take it from `Measure.writtenValue(of:)`
/// or `Lab.writtenValue(of:)`, so that they write the same digits for the same reading.
package struct WrittenValue: Hashable, Sendable {
  /// The value, the series' rule applied; rounding to `decimals` happens as it is written.
  package var value: Double
  /// Decimal places written (0 to 17).
  package var decimals: Int

  /// `value` written with `decimals` places.
  package init(_ value: Double, decimals: Int) {
    self.value = value
    self.decimals = decimals
  }
}
