/// The units a user chose for the measures that have a choice.
public struct UnitPreferences: Hashable, Sendable {
  /// Weight in pounds or kilograms.
  public enum Weight: String, Hashable, Sendable, CaseIterable {
    case pounds = "lbs"
    case kilograms = "kg"
  }

  /// Temperature in degrees Fahrenheit or Celsius.
  public enum Temperature: String, Hashable, Sendable, CaseIterable {
    case fahrenheit = "f"
    case celsius = "c"
  }

  /// The unit of weights.
  public var weight: Weight
  /// The unit of temperatures.
  public var temperature: Temperature

  /// US units: pounds and degrees Fahrenheit, the defaults of the CSV contract.
  public static let unitedStates = UnitPreferences(weight: .pounds, temperature: .fahrenheit)

  /// Units for weights and temperatures.
  public init(weight: Weight, temperature: Temperature) {
    self.weight = weight
    self.temperature = temperature
  }
}

/// The unit a measure is written in: fixed, or following one of the user's preferences.
package enum UnitChoice: Hashable, Sendable {
  case fixed(CSVUnit)
  /// Pounds or kilograms, as the user prefers.
  case weight
  /// Degrees Fahrenheit or Celsius, as the user prefers.
  case temperature
  /// Inches with pounds, centimeters with kilograms.
  case length

  /// The unit for the given preferences.
  package func resolved(with preferences: UnitPreferences) -> CSVUnit {
    switch self {
    case .fixed(let unit): unit
    case .weight: preferences.weight == .pounds ? .pounds : .kilograms
    case .temperature: preferences.temperature == .fahrenheit ? .fahrenheit : .celsius
    case .length: preferences.weight == .pounds ? .inches : .centimeters
    }
  }

  /// Whether values in this unit can lie below zero: a temperature's, whatever the preferences.
  public var hasNegativeValues: Bool {
    switch self {
    case .fixed(let unit): unit.hasNegativeValues
    case .temperature: true
    case .weight, .length: false
    }
  }
}
