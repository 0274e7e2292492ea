import HealthModel

/// A row of the Labs block, before it is written.
struct LabRow: OrderedRow {
  var date: Timestamp
  var sequence: Int
  /// The registry's name for the lab.
  var name: String
  /// The code the record carries.
  var loinc: String
  /// The result as reported, and the decimal places it is written with.
  var value: WrittenValue
  var unit: String
  var source: String
}
