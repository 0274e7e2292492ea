package import HealthModel

/// One laboratory result of a visit, as the FHIR Observation states it.
package struct LabResultValue: Sendable {
  /// The registry's lab.
  package var lab: Lab
  /// The value, rounded to the registry's decimals.
  package var value: Double
  /// The unit as the record writes it (`valueQuantity.unit`), and its UCUM code.
  package var unit: String
  package var unitCode: String
  /// The reference range; `high` is nil for a lower limit only (eGFR).
  package var low: Double
  package var high: Double?

  /// `H`, `L` or `N`, as the record's `interpretation` flags it.
  package var interpretation: String {
    if let high, value > high { return "H" }
    if value < low { return "L" }
    return "N"
  }
}
