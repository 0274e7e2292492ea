package import HealthModel

/// A row of the Labs block, before it is written.
package struct LabRow: OrderedRow {
  package var date: Timestamp
  package var sequence: Int
  /// The registry's name for the lab.
  package var name: String
  /// The code the record carries.
  package var loinc: String
  /// The result as reported, and the decimal places it is written with.
  package var value: WrittenValue
  package var unit: String
  package var source: String
  /// The range the laboratory calls normal, where the record gives one.
  package var referenceRange: ReferenceRange?
}
